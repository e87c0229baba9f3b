import { concatBytes, utf8 } from './bytes.ts';
import { COSIGNATURE_ED25519, type NoteKey, verifyEd25519 } from './note-keys.ts';

/**
 * A witness's cosignature of a checkpoint (c2sp.org/tlog-cosignature, Ed25519, type 0x04): the
 * signature line `— <witness name> base64(key id ‖ timestamped_signature)`, where
 * timestamped_signature is the POSIX time in 8 bytes big-endian and the 64-byte Ed25519 signature
 * of `cosignature/v1\ntime <t>\n` followed by the checkpoint's note body.
 */
export const cosignedMessage = (body: string, time: number) => utf8(`cosignature/v1\ntime ${time}\n${body}`);

export function timestampedSignature(time: number, signature: Uint8Array): Uint8Array {
  const stamp = new Uint8Array(8);
  new DataView(stamp.buffer).setBigUint64(0, BigInt(time));
  return concatBytes(stamp, signature);
}

/** The time of a timestamped_signature and its signature; undefined for another length or time 0. */
export function parseTimestamped(bytes: Uint8Array): { time: number; signature: Uint8Array } | undefined {
  if (bytes.length !== 72) return undefined;
  const time = new DataView(bytes.buffer, bytes.byteOffset, 8).getBigUint64(0);
  if (time === 0n || time > BigInt(Number.MAX_SAFE_INTEGER)) return undefined;
  return { time: Number(time), signature: bytes.subarray(8) };
}

/** Whether a cosignature's bytes (after the key id) are this witness's over this body; its time if so. */
export async function verifyCosignature(
  witness: NoteKey,
  body: string,
  bytes: Uint8Array,
): Promise<number | undefined> {
  if (witness.type !== COSIGNATURE_ED25519) return undefined;
  const parsed = parseTimestamped(bytes);
  if (!parsed) return undefined;
  return (await verifyEd25519(witness.publicKey, parsed.signature, cosignedMessage(body, parsed.time)))
    ? parsed.time
    : undefined;
}
