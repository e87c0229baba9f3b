import { concatBytes, equalBytes, fromBase64, sha256, toBase64, utf8 } from './bytes.ts';
import { verifyCosignature } from './cosignature.ts';
import { derToRaw, rawToDer } from './der.ts';
import { importVerifyKey, type KeySet, type RawSigner, spkiOf, verifyEs256 } from './keys.ts';
import { HASH_SIZE, type Hash } from './merkle.ts';
import { NOTE_ED25519, type NoteKey, noteKeyId, parseVkey, verifyEd25519 } from './note-keys.ts';
import { parseWitnessPolicy, quorumMet, quorumSize } from './witness-policy.ts';

/**
 * The log's checkpoint, a C2SP tlog-checkpoint signed note (c2sp.org/tlog-checkpoint,
 * c2sp.org/signed-note): `<origin>\n<size>\n<base64 root>\n`, a blank line, and the signature line
 * `— <origin> base64(keyhash4 ‖ signature)`. Signature type 0x02 (ECDSA P-256 with SHA-256, as
 * transparency-dev's and Rekor's notes): the signature is ASN.1 DER, the key hash the first 4
 * bytes of SHA-256 of the key's SPKI. Checkpoints are now signed with the log's Ed25519 key
 * (type 0x01, `signLogCheckpoint`) and cosigned by witnesses (shared/passport/cosignature.ts);
 * those of type 0x02 signed before still verify.
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

/** The note signed with the log's Ed25519 key (signed-note type 0x01): `sign` answers 64 bytes. */
export async function signLogCheckpoint(
  checkpoint: Checkpoint,
  publicKey: Uint8Array,
  sign: RawSigner,
): Promise<string> {
  const body = checkpointBody(checkpoint);
  const keyId = await noteKeyId(checkpoint.origin, NOTE_ED25519, publicKey);
  const line = `${EM_DASH} ${checkpoint.origin} ${toBase64(concatBytes(keyId, await sign(utf8(body))))}\n`;
  return `${body}\n${line}`;
}

/** A note with these signature lines added (a witness's answer to add-checkpoint), each once. */
export function withSignatureLines(note: string, lines: readonly string[]): string {
  const have = new Set(note.slice(note.lastIndexOf('\n\n') + 2).split('\n'));
  return (
    note +
    lines
      .filter((line) => line && !have.has(line) && have.add(line))
      .map((line) => `${line}\n`)
      .join('')
  );
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
  | 'signature-invalid'
  | 'cosignature-invalid'
  | 'policy-invalid';

export interface CheckpointCheck {
  checkpoint: SignedCheckpoint;
  /** The witnesses of the policy whose cosignature verifies (their key names), with its time. */
  cosigned: { name: string; time: number }[];
  /** Whether they meet the policy's quorum (always, with no policy or `quorum none`). */
  witnessed: boolean;
  /** The policy's k of n (0 of 0 with no policy). */
  quorum: { k: number; n: number };
}

const logKeysOf = async (keys: KeySet): Promise<NoteKey[]> =>
  (await Promise.all((keys.logKeys ?? []).map((key) => parseVkey(key.vkey)))).filter(
    (key): key is NoteKey => key?.type === NOTE_ED25519,
  );

/**
 * Checks a checkpoint against the key set: its origin is the shop's log; of its signature lines
 * named after the origin, those of a listed key (an ES256 key by its key hash, type 0x02, or a log
 * key by its key id, type 0x01) all verify, at least one of them; of the lines of the policy's
 * witnesses (name and key id), every one verifies as a cosignature of the body. Lines of keys it
 * does not know are ignored. It says which witnesses cosigned and whether they meet the quorum.
 */
export async function verifyCheckpoint(
  text: string,
  keys: KeySet,
): Promise<({ ok: true } & CheckpointCheck) | { ok: false; reason: CheckpointFailure }> {
  const checkpoint = parseCheckpoint(text);
  if (!checkpoint) return { ok: false, reason: 'checkpoint-invalid' };
  if (checkpoint.origin !== logOrigin(keys.issuer)) return { ok: false, reason: 'checkpoint-wrong-origin' };
  const policy = keys.witnessPolicy === undefined ? undefined : await parseWitnessPolicy(keys.witnessPolicy);
  if (keys.witnessPolicy !== undefined && !policy) return { ok: false, reason: 'policy-invalid' };
  const known = [];
  for (const key of keys.keys) {
    const imported = await importVerifyKey(key);
    if (imported) known.push({ imported, hash: await keyHash4(await spkiOf(imported)) });
  }
  const logKeys = (await logKeysOf(keys)).filter((key) => key.name === checkpoint.origin);
  const body = utf8(checkpoint.body);
  let verified = 0;
  const cosigned: CheckpointCheck['cosigned'] = [];
  const ids = new Set<string>();
  for (const line of checkpoint.signatures) {
    if (line.name === checkpoint.origin) {
      const es256 = known.find((candidate) => equalBytes(candidate.hash, line.keyHash));
      const ed25519 = logKeys.find((candidate) => equalBytes(candidate.keyId, line.keyHash));
      if (!es256 && !ed25519) continue;
      const raw = derToRaw(line.signature);
      const holds =
        (es256 !== undefined && raw !== undefined && (await verifyEs256(es256.imported, raw, body))) ||
        (ed25519 !== undefined && (await verifyEd25519(ed25519.publicKey, line.signature, body)));
      if (!holds) return { ok: false, reason: 'signature-invalid' };
      verified++;
      continue;
    }
    const witness = policy?.witnesses.find(
      (candidate) => candidate.name === line.name && equalBytes(candidate.keyId, line.keyHash),
    );
    if (!witness) continue;
    const time = await verifyCosignature(witness, checkpoint.body, line.signature);
    if (time === undefined) return { ok: false, reason: 'cosignature-invalid' };
    // A witness with two lines counts with its earliest (docs/draw.md: witnessedAt), whatever their order.
    const seen = cosigned.find((entry) => entry.name === witness.name);
    if (seen) seen.time = Math.min(seen.time, time);
    else cosigned.push({ name: witness.name, time });
    ids.add(witness.id);
  }
  if (verified === 0) return { ok: false, reason: 'unknown-key' };
  return {
    ok: true,
    checkpoint,
    cosigned,
    witnessed: policy ? quorumMet(policy, ids) : true,
    quorum: policy ? quorumSize(policy) : { k: 0, n: 0 },
  };
}
