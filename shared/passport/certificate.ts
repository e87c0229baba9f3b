import { fromBase64url, toBase64url } from './base64url.ts';
import { sha256, utf8 } from './bytes.ts';
import type { JwsHeader } from './jws-header.ts';
import type { RawSigner } from './keys.ts';
import { type CredentialStatus, credentialStatus, isCredentialStatus } from './status-list.ts';

/**
 * The piece's certificate (docs/passport.md, The certificate): a W3C Verifiable Credential 2.0
 * secured as a compact JWS (ES256, typ vc+jwt). Of the piece, never of its owner.
 */
export interface Photo {
  sha256: string;
  path: string;
}

export interface CertificatePayload {
  '@context': ['https://www.w3.org/ns/credentials/v2'];
  type: ['VerifiableCredential', 'OneOfOnePieceCertificate'];
  issuer: string;
  validFrom: string;
  credentialSubject: {
    id: string;
    collection: string;
    number: number;
    of: number;
    description: string;
    photos: Photo[];
  };
  /** Its bit in the shop's lost-or-stolen status list; absent from certificates issued before it. */
  credentialStatus?: CredentialStatus;
}

export interface CertificateInput {
  issuer: string;
  validFrom: string;
  pieceId: string;
  collection: string;
  number: number;
  of: number;
  description: string;
  photos: Photo[];
  /** The piece's index in the status list (docs/passport.md, Lost or stolen). */
  statusIndex?: number;
}

export type { JwsHeader };

export const PIECE_URN_PREFIX = 'urn:oneofone:piece:';
const CONTEXT = ['https://www.w3.org/ns/credentials/v2'] as const;
const TYPES = ['VerifiableCredential', 'OneOfOnePieceCertificate'] as const;
const PAYLOAD_FIELDS = '@context,credentialSubject,issuer,type,validFrom';
const PAYLOAD_FIELDS_WITH_STATUS = '@context,credentialStatus,credentialSubject,issuer,type,validFrom';
export const DESCRIPTION_MAX = 200;

/** The payload, its keys in the doc's order (the JSON text is what gets signed). */
export function certificatePayload(input: CertificateInput): CertificatePayload {
  return {
    '@context': ['https://www.w3.org/ns/credentials/v2'],
    type: ['VerifiableCredential', 'OneOfOnePieceCertificate'],
    issuer: input.issuer,
    validFrom: input.validFrom,
    credentialSubject: {
      id: `${PIECE_URN_PREFIX}${input.pieceId}`,
      collection: input.collection,
      number: input.number,
      of: input.of,
      description: [...input.description].slice(0, DESCRIPTION_MAX).join(''),
      photos: input.photos.map(({ sha256, path }) => ({ sha256, path })),
    },
    ...(input.statusIndex === undefined
      ? {}
      : { credentialStatus: credentialStatus(input.issuer, input.statusIndex) }),
  };
}

export const jwsHeader = (kid: string): JwsHeader => ({ alg: 'ES256', typ: 'vc+jwt', kid });

const part = (value: unknown) => toBase64url(utf8(JSON.stringify(value)));

/** The JWS signing input: `base64url(header).base64url(payload)`. */
export const signingInput = (header: JwsHeader, payload: CertificatePayload) =>
  `${part(header)}.${part(payload)}`;

/** The compact JWS from its signing input and a raw `r‖s` signature. */
export function assembleJws(input: string, signature: Uint8Array): string {
  if (signature.length !== 64) throw new Error('An ES256 signature is 64 bytes (r‖s)');
  return `${input}.${toBase64url(signature)}`;
}

export async function signCertificate(payload: CertificatePayload, kid: string, sign: RawSigner) {
  const input = signingInput(jwsHeader(kid), payload);
  return assembleJws(input, await sign(utf8(input)));
}

/** SHA-256 of the compact JWS (ASCII), first 16 bytes, base64url: what the code and the log carry. */
export async function certificateDigest(jws: string): Promise<string> {
  return toBase64url((await sha256(utf8(jws))).subarray(0, 16));
}

export interface ParsedJws {
  header: JwsHeader;
  payload: CertificatePayload;
  /** The ASCII text the signature covers. */
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

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const keysAre = (value: Record<string, unknown>, fields: string) =>
  Object.keys(value).sort().join(',') === fields;

/** A UTC instant exactly as `toISOString` writes it, of a real calendar day. */
export const isIsoInstant = (value: unknown): value is string =>
  typeof value === 'string' &&
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/.test(value) &&
  !Number.isNaN(Date.parse(value)) &&
  new Date(value).toISOString() === value;

const isPieceNumber = (value: unknown): value is number =>
  Number.isInteger(value) && (value as number) >= 1 && (value as number) <= 999_999;

const isPhoto = (value: unknown) =>
  isObject(value) &&
  keysAre(value, 'path,sha256') &&
  typeof value.sha256 === 'string' &&
  /^[0-9a-f]{64}$/.test(value.sha256) &&
  typeof value.path === 'string';

const sameList = (value: unknown, list: readonly string[]) =>
  Array.isArray(value) && value.length === list.length && value.every((item, i) => item === list[i]);

/**
 * Reads a certificate's compact JWS (shape only; the signature is the verifier's), by the MUST
 * rules of docs/passport.md, The certificate: the header's and the payload's exact field sets (in
 * any order), `@context` and `type` exactly, `validFrom` a UTC instant as `toISOString` writes it
 * of a real day, `number` 1 to `of`, `of` at most 999999, the description at most 200 characters.
 */
export function parseCertificate(jws: string): ParsedJws | undefined {
  const parts = jws.split('.');
  if (parts.length !== 3) return undefined;
  const [h = '', p = '', s = ''] = parts;
  const header = json(h);
  const payload = json(p);
  const signature = fromBase64url(s);
  if (
    !isObject(header) ||
    !keysAre(header, 'alg,kid,typ') ||
    header.alg !== 'ES256' ||
    header.typ !== 'vc+jwt' ||
    typeof header.kid !== 'string'
  ) {
    return undefined;
  }
  if (!isObject(payload) || signature?.length !== 64) return undefined;
  const subject = payload.credentialSubject;
  if (
    !keysAre(payload, 'credentialStatus' in payload ? PAYLOAD_FIELDS_WITH_STATUS : PAYLOAD_FIELDS) ||
    !sameList(payload['@context'], CONTEXT) ||
    !sameList(payload.type, TYPES) ||
    typeof payload.issuer !== 'string' ||
    !isIsoInstant(payload.validFrom) ||
    !isObject(subject) ||
    !keysAre(subject, 'collection,description,id,number,of,photos') ||
    typeof subject.id !== 'string' ||
    !subject.id.startsWith(PIECE_URN_PREFIX) ||
    subject.id.length === PIECE_URN_PREFIX.length ||
    typeof subject.collection !== 'string' ||
    !isPieceNumber(subject.of) ||
    !isPieceNumber(subject.number) ||
    subject.number > subject.of ||
    typeof subject.description !== 'string' ||
    [...subject.description].length > DESCRIPTION_MAX ||
    !Array.isArray(subject.photos) ||
    !subject.photos.every(isPhoto) ||
    ('credentialStatus' in payload && !isCredentialStatus(payload.credentialStatus))
  ) {
    return undefined;
  }
  return {
    header: header as unknown as JwsHeader,
    payload: payload as unknown as CertificatePayload,
    signed: `${h}.${p}`,
    signature,
  };
}

export const pieceIdOf = (payload: CertificatePayload) =>
  payload.credentialSubject.id.slice(PIECE_URN_PREFIX.length);
