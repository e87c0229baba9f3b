import { concatBytes, equalBytes, fromBase64, sha256, toBase64, toHex, utf8 } from './bytes.ts';

/**
 * Ed25519 keys of C2SP signed notes (c2sp.org/signed-note): the log's own (signature type 0x01)
 * and the witnesses' (0x04, timestamped cosignatures, c2sp.org/tlog-cosignature). A key is
 * written as a vkey, `<name>+<hex key id>+base64(type ‖ 32-byte public key)`, its key id
 * SHA-256(name ‖ "\n" ‖ type ‖ public key)[:4]. WebCrypto only (the page runs it).
 */
export const NOTE_ED25519 = 0x01;
export const COSIGNATURE_ED25519 = 0x04;

export interface NoteKey {
  name: string;
  type: number;
  keyId: Uint8Array;
  publicKey: Uint8Array;
}

export const noteKeyId = async (name: string, type: number, publicKey: Uint8Array) =>
  (await sha256(concatBytes(utf8(`${name}\n`), Uint8Array.of(type), publicKey))).subarray(0, 4);

export async function vkeyOf(name: string, type: number, publicKey: Uint8Array): Promise<string> {
  const id = await noteKeyId(name, type, publicKey);
  return `${name}+${toHex(id)}+${toBase64(concatBytes(Uint8Array.of(type), publicKey))}`;
}

/** A vkey of an Ed25519 type (0x01 or 0x04) whose key id is the one its name and key make. */
export async function parseVkey(vkey: string): Promise<NoteKey | undefined> {
  const match = /^([^\s+]+)\+([0-9a-f]{8})\+(\S+)$/.exec(vkey);
  const bytes = match && fromBase64(match[3] as string);
  if (!match || !bytes || bytes.length !== 33) return undefined;
  const type = bytes[0] as number;
  if (type !== NOTE_ED25519 && type !== COSIGNATURE_ED25519) return undefined;
  const name = match[1] as string;
  const publicKey = bytes.subarray(1);
  const keyId = await noteKeyId(name, type, publicKey);
  return toHex(keyId) === match[2] ? { name, type, keyId, publicKey } : undefined;
}

/** The 32-byte Ed25519 key of a SubjectPublicKeyInfo (what KMS's GetPublicKey answers). */
export function ed25519FromSpki(spki: Uint8Array): Uint8Array | undefined {
  // SEQUENCE { SEQUENCE { OID 1.3.101.112 }, BIT STRING { 0x00, key } }
  const prefix = Uint8Array.of(0x30, 0x2a, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x03, 0x21, 0x00);
  if (spki.length !== 44 || !equalBytes(spki.subarray(0, 12), prefix)) return undefined;
  return spki.slice(12);
}

/** Ed25519 (RFC 8032) over `data`. */
export async function verifyEd25519(
  publicKey: Uint8Array,
  signature: Uint8Array,
  data: Uint8Array,
): Promise<boolean> {
  if (publicKey.length !== 32 || signature.length !== 64) return false;
  try {
    const key = await crypto.subtle.importKey('raw', publicKey as BufferSource, { name: 'Ed25519' }, false, [
      'verify',
    ]);
    return await crypto.subtle.verify(
      { name: 'Ed25519' },
      key,
      signature as BufferSource,
      data as BufferSource,
    );
  } catch {
    return false;
  }
}
