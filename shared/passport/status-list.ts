import { fromBase64url, toBase64url } from './base64url.ts';
import { utf8 } from './bytes.ts';
import type { JwsHeader } from './jws-header.ts';

/**
 * The lost-or-stolen status of the pieces (docs/passport.md, Lost or stolen): a W3C Bitstring
 * Status List v1.0 that any wallet reads. Each certificate's `credentialStatus` names one bit of
 * the shop's list; the list is a VC 2.0 `BitstringStatusListCredential` secured as a compact JWS
 * (ES256, typ vc+jwt), published at `<issuer>/passport/status/list`. Purpose `suspension`: a
 * report is undone when the piece is found (a `revocation` bit may never be cleared).
 */
export const STATUS_PURPOSE = 'suspension';
export const STATUS_LIST_PATH = '/passport/status/list';
/** The list's key in the public media bucket (CloudFront serves it at STATUS_LIST_PATH). */
export const STATUS_LIST_FILE = STATUS_LIST_PATH.slice(1);
/** The spec's minimum: 16 KB uncompressed (131,072 entries); the list grows by as much. */
export const STATUS_LIST_BLOCK = 16_384;
/** A list larger than this, uncompressed, is refused (a decompression bomb is not read to its end). */
const STATUS_LIST_MAX = 64 * STATUS_LIST_BLOCK;
export const STATUS_INDEX_PATTERN = /^(0|[1-9]\d{0,8})$/;

export const statusListUrl = (issuer: string) => `${issuer}${STATUS_LIST_PATH}`;

export interface CredentialStatus {
  id: string;
  type: 'BitstringStatusListEntry';
  statusPurpose: typeof STATUS_PURPOSE;
  statusListIndex: string;
  statusListCredential: string;
}

/** The certificate's status entry: bit `index` of the shop's list. Keys in the doc's order. */
export function credentialStatus(issuer: string, index: number): CredentialStatus {
  const list = statusListUrl(issuer);
  return {
    id: `${list}#${index}`,
    type: 'BitstringStatusListEntry',
    statusPurpose: STATUS_PURPOSE,
    statusListIndex: String(index),
    statusListCredential: list,
  };
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const fieldsAre = (value: Record<string, unknown>, names: string) => Object.keys(value).join(',') === names;

/** A status entry exactly as `credentialStatus` writes it (its own list URL, any issuer). */
export function isCredentialStatus(value: unknown): value is CredentialStatus {
  if (!isObject(value) || !fieldsAre(value, 'id,type,statusPurpose,statusListIndex,statusListCredential'))
    return false;
  const { id, type, statusPurpose, statusListIndex, statusListCredential } = value;
  return (
    type === 'BitstringStatusListEntry' &&
    statusPurpose === STATUS_PURPOSE &&
    typeof statusListIndex === 'string' &&
    STATUS_INDEX_PATTERN.test(statusListIndex) &&
    typeof statusListCredential === 'string' &&
    statusListCredential.endsWith(STATUS_LIST_PATH) &&
    id === `${statusListCredential}#${statusListIndex}`
  );
}

export interface StatusListPayload {
  '@context': ['https://www.w3.org/ns/credentials/v2'];
  id: string;
  type: ['VerifiableCredential', 'BitstringStatusListCredential'];
  issuer: string;
  validFrom: string;
  credentialSubject: {
    id: string;
    type: 'BitstringStatusList';
    statusPurpose: typeof STATUS_PURPOSE;
    encodedList: string;
  };
}

/** The list credential's payload, its keys in the doc's order (the JSON text is what gets signed). */
export function statusListPayload(input: {
  issuer: string;
  validFrom: string;
  encodedList: string;
}): StatusListPayload {
  const id = statusListUrl(input.issuer);
  return {
    '@context': ['https://www.w3.org/ns/credentials/v2'],
    id,
    type: ['VerifiableCredential', 'BitstringStatusListCredential'],
    issuer: input.issuer,
    validFrom: input.validFrom,
    credentialSubject: {
      id: `${id}#list`,
      type: 'BitstringStatusList',
      statusPurpose: STATUS_PURPOSE,
      encodedList: input.encodedList,
    },
  };
}

const part = (value: unknown) => toBase64url(utf8(JSON.stringify(value)));

export const statusListSigningInput = (kid: string, payload: StatusListPayload) =>
  `${part({ alg: 'ES256', typ: 'vc+jwt', kid })}.${part(payload)}`;

/** The bitstring of this many entries, with these set: 16 KB at least, in 16 KB blocks. */
export function statusBits(size: number, set: Iterable<number>): Uint8Array {
  const blocks = Math.max(1, Math.ceil(size / (8 * STATUS_LIST_BLOCK)));
  const bits = new Uint8Array(blocks * STATUS_LIST_BLOCK);
  for (const index of set) {
    if (index >= 0 && index < bits.length * 8)
      bits[index >> 3] = (bits[index >> 3] ?? 0) | (0x80 >> (index & 7));
  }
  return bits;
}

/** Index 0 is the list's left-most bit: the most significant bit of its first byte (the spec's order). */
export const bitAt = (bits: Uint8Array, index: number) => ((bits[index >> 3] ?? 0) >> (7 - (index & 7))) & 1;

async function streamed(bytes: Uint8Array, stream: CompressionStream | DecompressionStream, max: number) {
  const reader = new Blob([bytes as BlobPart]).stream().pipeThrough(stream).getReader();
  const chunks: Uint8Array[] = [];
  let length = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    length += value.length;
    if (length > max) {
      await reader.cancel();
      throw new Error('too long');
    }
    chunks.push(value);
  }
  const out = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}

/** `encodedList`: the bitstring GZIP-compressed, then multibase base64url (a leading `u`, no padding). */
export async function encodeStatusList(bits: Uint8Array): Promise<string> {
  return `u${toBase64url(await streamed(bits, new CompressionStream('gzip'), Number.MAX_SAFE_INTEGER))}`;
}

/** The bitstring of an `encodedList`; undefined unless it is one, of 16 KB blocks. */
export async function decodeStatusList(encoded: string): Promise<Uint8Array | undefined> {
  const compressed = encoded.startsWith('u') ? fromBase64url(encoded.slice(1)) : undefined;
  if (!compressed) return undefined;
  try {
    const bits = await streamed(compressed, new DecompressionStream('gzip'), STATUS_LIST_MAX);
    return bits.length > 0 && bits.length % STATUS_LIST_BLOCK === 0 ? bits : undefined;
  } catch {
    return undefined;
  }
}

export interface ParsedStatusList {
  header: JwsHeader;
  payload: StatusListPayload;
  signed: string;
  signature: Uint8Array;
}

const json = (text: string) => {
  const bytes = fromBase64url(text);
  if (!bytes) return undefined;
  try {
    return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes)) as unknown;
  } catch {
    return undefined;
  }
};

/** Reads a status list credential's compact JWS: its exact shape only (signature and bits are the verifier's). */
export function parseStatusList(jws: string): ParsedStatusList | undefined {
  const parts = jws.split('.');
  if (parts.length !== 3) return undefined;
  const [h = '', p = '', s = ''] = parts;
  const header = json(h);
  const payload = json(p);
  const signature = fromBase64url(s);
  if (
    !isObject(header) ||
    !fieldsAre(header, 'alg,typ,kid') ||
    header.alg !== 'ES256' ||
    header.typ !== 'vc+jwt' ||
    typeof header.kid !== 'string' ||
    signature?.length !== 64 ||
    !isObject(payload) ||
    !fieldsAre(payload, '@context,id,type,issuer,validFrom,credentialSubject')
  ) {
    return undefined;
  }
  const subject = payload.credentialSubject;
  if (
    JSON.stringify(payload['@context']) !== '["https://www.w3.org/ns/credentials/v2"]' ||
    JSON.stringify(payload.type) !== '["VerifiableCredential","BitstringStatusListCredential"]' ||
    typeof payload.id !== 'string' ||
    typeof payload.issuer !== 'string' ||
    typeof payload.validFrom !== 'string' ||
    Number.isNaN(Date.parse(payload.validFrom)) ||
    !isObject(subject) ||
    !fieldsAre(subject, 'id,type,statusPurpose,encodedList') ||
    subject.id !== `${payload.id}#list` ||
    subject.type !== 'BitstringStatusList' ||
    subject.statusPurpose !== STATUS_PURPOSE ||
    typeof subject.encodedList !== 'string'
  ) {
    return undefined;
  }
  return {
    header: header as unknown as JwsHeader,
    payload: payload as unknown as StatusListPayload,
    signed: `${h}.${p}`,
    signature,
  };
}
