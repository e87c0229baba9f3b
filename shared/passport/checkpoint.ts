import { concatBytes, equalBytes, fromBase64, sha256, toBase64, utf8 } from './bytes.ts';
import { derToRaw, rawToDer } from './der.ts';
import { importVerifyKey, type KeySet, type RawSigner, spkiOf, verifyEs256 } from './keys.ts';
import { HASH_SIZE, type Hash } from './merkle.ts';

/**
 * The log's checkpoint, a C2SP tlog-checkpoint signed note (c2sp.org/tlog-checkpoint,
 * c2sp.org/signed-note): `<origin>\n<size>\n<base64 root>\n`, a blank line, and the signature line
 * `— <origin> base64(keyhash4 ‖ signature)`. Signature type 0x02 (ECDSA P-256 with SHA-256, as
 * transparency-dev's and Rekor's notes): the signature is ASN.1 DER, the key hash the first 4
 * bytes of SHA-256 of the key's SPKI.
 */
export interface Checkpoint {
  origin: string;
  size: number;
  root: Hash;
}

export interface SignedCheckpoint extends Checkpoint {
  /** The signed note text (body), with its final newline. */
  body: string;
  signatures: { name: string; keyHash: Uint8Array; signature: Uint8Array }[];
}

const EM_DASH = '\u2014';

/** The log's origin line for a shop's issuer (`https://<host>` → `<host>/passport/log`). */
export const logOrigin = (issuer: string) => `${new URL(issuer).host}/passport/log`;

export const checkpointBody = ({ origin, size, root }: Checkpoint) =>
  `${origin}\n${size}\n${toBase64(root)}\n`;

export const keyHash4 = async (spki: Uint8Array) => (await sha256(spki)).subarray(0, 4);

export async function signCheckpoint(
  checkpoint: Checkpoint,
  spki: Uint8Array,
  sign: RawSigner,
): Promise<string> {
  const body = checkpointBody(checkpoint);
  const signature = rawToDer(await sign(utf8(body)));
  const line = `${EM_DASH} ${checkpoint.origin} ${toBase64(concatBytes(await keyHash4(spki), signature))}\n`;
  return `${body}\n${line}`;
}

/** Reads a checkpoint note (shape only); undefined for anything else. */
export function parseCheckpoint(text: string): SignedCheckpoint | undefined {
  // A note holds no control characters but newlines.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: that is what it looks for
  if (/[\u0000-\u0009\u000b-\u001f\u007f]/.test(text) || !text.endsWith('\n')) return undefined;
  const split = text.lastIndexOf('\n\n');
  if (split < 0) return undefined;
  const body = text.slice(0, split + 1);
  const lines = body.slice(0, -1).split('\n');
  const [origin = '', size = '', root = ''] = lines;
  const rootBytes = fromBase64(root);
  if (
    !origin ||
    /\s|\+/.test(origin) ||
    !/^(0|[1-9]\d{0,15})$/.test(size) ||
    rootBytes?.length !== HASH_SIZE
  ) {
    return undefined;
  }
  if (!Number.isSafeInteger(Number(size)) || lines.slice(3).some((line) => line === '')) return undefined;
  const signatures: SignedCheckpoint['signatures'] = [];
  for (const line of text.slice(split + 2, -1).split('\n')) {
    const match = new RegExp(`^${EM_DASH} (\\S+) (\\S+)$`).exec(line);
    const bytes = match && fromBase64(match[2] as string);
    if (!match || !bytes || bytes.length < 5) return undefined;
    signatures.push({
      name: match[1] as string,
      keyHash: bytes.subarray(0, 4),
      signature: bytes.subarray(4),
    });
  }
  if (signatures.length === 0 || signatures.length > 16) return undefined;
  return { origin, size: Number(size), root: rootBytes, body, signatures };
}

export type CheckpointFailure =
  | 'checkpoint-invalid'
  | 'checkpoint-wrong-origin'
  | 'unknown-key'
  | 'signature-invalid';

/**
 * Checks a checkpoint against the key set: its origin is the shop's log, and of its signature
 * lines those of a listed key (name and key hash) all verify, at least one of them.
 */
export async function verifyCheckpoint(
  text: string,
  keys: KeySet,
): Promise<{ ok: true; checkpoint: SignedCheckpoint } | { ok: false; reason: CheckpointFailure }> {
  const checkpoint = parseCheckpoint(text);
  if (!checkpoint) return { ok: false, reason: 'checkpoint-invalid' };
  if (checkpoint.origin !== logOrigin(keys.issuer)) return { ok: false, reason: 'checkpoint-wrong-origin' };
  const known = [];
  for (const key of keys.keys) {
    const imported = await importVerifyKey(key);
    if (imported) known.push({ imported, hash: await keyHash4(await spkiOf(imported)) });
  }
  let verified = 0;
  for (const line of checkpoint.signatures) {
    if (line.name !== checkpoint.origin) continue;
    const key = known.find((candidate) => equalBytes(candidate.hash, line.keyHash));
    if (!key) continue;
    const raw = derToRaw(line.signature);
    if (!raw || !(await verifyEs256(key.imported, raw, utf8(checkpoint.body)))) {
      return { ok: false, reason: 'signature-invalid' };
    }
    verified++;
  }
  return verified > 0 ? { ok: true, checkpoint } : { ok: false, reason: 'unknown-key' };
}
