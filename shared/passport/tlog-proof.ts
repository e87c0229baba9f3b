import { fromBase64, toBase64 } from './bytes.ts';
import { HASH_SIZE, type Hash } from './merkle.ts';

/**
 * An entry's offline proof, a C2SP tlog-proof (c2sp.org/tlog-proof): `c2sp.org/tlog-proof@v1`,
 * an optional `extra <base64>` line, `index <n>`, the inclusion proof's hashes (base64, one a
 * line), an empty line, and the checkpoint verbatim.
 */
export const TLOG_PROOF_HEADER = 'c2sp.org/tlog-proof@v1';

export interface TlogProof {
  index: number;
  proof: Hash[];
  /** The signed checkpoint note, verbatim. */
  checkpoint: string;
  extra?: Uint8Array;
}

export function tlogProofText({ index, proof, checkpoint, extra }: TlogProof): string {
  const lines = [
    TLOG_PROOF_HEADER,
    ...(extra ? [`extra ${toBase64(extra)}`] : []),
    `index ${index}`,
    ...proof.map(toBase64),
  ];
  return `${lines.join('\n')}\n\n${checkpoint}`;
}

export function parseTlogProof(text: string): TlogProof | undefined {
  const end = text.indexOf('\n\n');
  if (end < 0) return undefined;
  const lines = text.slice(0, end).split('\n');
  const checkpoint = text.slice(end + 2);
  if (lines.shift() !== TLOG_PROOF_HEADER || !checkpoint) return undefined;
  let extra: Uint8Array | undefined;
  if (lines[0]?.startsWith('extra ')) {
    extra = fromBase64((lines.shift() as string).slice('extra '.length));
    if (!extra) return undefined;
  }
  const index = /^index (0|[1-9]\d{0,15})$/.exec(lines.shift() ?? '');
  if (!index || !Number.isSafeInteger(Number(index[1]))) return undefined;
  const proof = lines.map(fromBase64);
  if (proof.length > 64 || !proof.every((hash) => hash?.length === HASH_SIZE)) return undefined;
  return { index: Number(index[1]), proof: proof as Hash[], checkpoint, ...(extra ? { extra } : {}) };
}
