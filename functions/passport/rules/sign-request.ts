import { gunzipSync } from 'node:zlib';
import { fromBase64url, toBase64url } from '#shared/passport/base64url.ts';
import { fromBase64, utf8 } from '#shared/passport/bytes.ts';
import {
  type CertificatePayload,
  certificatePayload,
  type JwsHeader,
  jwsHeader,
  parseCertificate,
  pieceIdOf,
} from '#shared/passport/certificate.ts';
import { checkpointBody } from '#shared/passport/checkpoint.ts';
import { type CodeFields, codeBody, codeText, parseCode } from '#shared/passport/code.ts';
import { KEY_ID_PATTERN } from '#shared/passport/key-id.ts';
import { PROOF_MAX_DAYS, type ProofFields, parseProof, proofBody } from '#shared/passport/proof.ts';
import {
  parseStatusList,
  STATUS_LIST_BLOCK,
  type StatusListPayload,
  statusListPayload,
  statusListSigningInput,
} from '#shared/passport/status-list.ts';
import * as z from '#shared/zod.ts';

/**
 * What the passport signer is asked to do (functions/passport/jobs/passport-signer.ts). Only
 * what the passport's formats allow is ever signed (docs/passport.md, How the shop keeps it):
 * a card code's body as `codeBody` writes it, a certificate's JWS signing input as
 * `signingInput` writes it, a resale proof's body as `proofBody` writes it — each on real
 * calendar days; and a rotation of the key. Which key the text must name, and the proof's days,
 * the signer checks against its key set and its clock.
 */
const NO_SIGNATURE_YET = toBase64url(new Uint8Array(64));

const isDay = (day: string) => {
  const time = new Date(`${day}T00:00:00.000Z`);
  return !Number.isNaN(time.getTime()) && time.toISOString().slice(0, 10) === day;
};

/** The fields of a code body, or undefined for anything `codeBody` would not have written. */
export function codeBodyFields(body: string): CodeFields | undefined {
  const code = parseCode(codeText(body, NO_SIGNATURE_YET));
  if (!code || code.signed !== body || codeBody(code) !== body || !isDay(code.issued)) return undefined;
  const { signed: _signed, signature: _signature, ...fields } = code;
  return fields;
}

/** The fields of a resale proof's body, or undefined for anything `proofBody` would not have written. */
export function proofBodyFields(body: string): ProofFields | undefined {
  const proof = parseProof(`${body}.${NO_SIGNATURE_YET}`);
  if (!proof || proof.signed !== body) return undefined;
  const { signed: _signed, signature: _signature, ...fields } = proof;
  return proofBody(fields) === body ? fields : undefined;
}

/** How many days after `today` (YYYY-MM-DD) a proof expires; it may be made for 1 to 30. */
export function proofDaysFrom(today: string, expires: string): number {
  return Math.round((Date.parse(`${expires}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
}
export const proofDaysAllowed = (days: number) => days >= 1 && days <= PROOF_MAX_DAYS;

const part = (value: unknown) => toBase64url(utf8(JSON.stringify(value)));
const HEX_SHA256 = /^[0-9a-f]{64}$/;

/**
 * The header and payload of a certificate's JWS signing input, or undefined for anything
 * `signingInput(jwsHeader(kid), certificatePayload(…))` would not have written.
 */
export function certificateInputFields(
  input: string,
): { header: JwsHeader; payload: CertificatePayload } | undefined {
  const parsed = parseCertificate(`${input}.${NO_SIGNATURE_YET}`);
  if (!parsed || parsed.signed !== input) return undefined;
  const { header, payload } = parsed;
  const subject = payload.credentialSubject;
  if (!KEY_ID_PATTERN.test(header.kid) || input.split('.')[0] !== part(jwsHeader(header.kid)))
    return undefined;
  const photosWellFormed = subject.photos.every(
    (photo) =>
      typeof photo === 'object' &&
      photo !== null &&
      typeof photo.sha256 === 'string' &&
      HEX_SHA256.test(photo.sha256) &&
      typeof photo.path === 'string',
  );
  if (
    !photosWellFormed ||
    typeof subject.description !== 'string' ||
    subject.number < 1 ||
    subject.number > subject.of ||
    new Date(payload.validFrom).toISOString() !== payload.validFrom
  )
    return undefined;
  const canonical = certificatePayload({
    issuer: payload.issuer,
    validFrom: payload.validFrom,
    pieceId: pieceIdOf(payload),
    collection: subject.collection,
    number: subject.number,
    of: subject.of,
    description: subject.description,
    photos: subject.photos,
    ...(payload.credentialStatus ? { statusIndex: Number(payload.credentialStatus.statusListIndex) } : {}),
  });
  return input.split('.')[1] === part(canonical) ? { header, payload } : undefined;
}

/** The most a list may hold, uncompressed: 64 blocks of 16 KB (8 million pieces). */
const STATUS_LIST_MAX = 64 * STATUS_LIST_BLOCK;

/**
 * The header and payload of a status list credential's JWS signing input, or undefined for
 * anything `statusListSigningInput(kid, statusListPayload(…))` would not have written: its
 * `encodedList` a GZIP-compressed bitstring of whole 16 KB blocks, multibase base64url.
 */
export function statusListInputFields(
  input: string,
): { header: JwsHeader; payload: StatusListPayload } | undefined {
  const parsed = parseStatusList(`${input}.${NO_SIGNATURE_YET}`);
  if (!parsed || parsed.signed !== input || !KEY_ID_PATTERN.test(parsed.header.kid)) return undefined;
  const { header, payload } = parsed;
  const { encodedList } = payload.credentialSubject;
  const compressed = encodedList.startsWith('u') ? fromBase64url(encodedList.slice(1)) : undefined;
  if (!compressed || new Date(payload.validFrom).toISOString() !== payload.validFrom) return undefined;
  let bits: Uint8Array;
  try {
    bits = gunzipSync(compressed, { maxOutputLength: STATUS_LIST_MAX });
  } catch {
    return undefined;
  }
  if (bits.length === 0 || bits.length % STATUS_LIST_BLOCK !== 0) return undefined;
  const canonical = statusListPayload({ issuer: payload.issuer, validFrom: payload.validFrom, encodedList });
  return input === statusListSigningInput(header.kid, canonical) ? { header, payload } : undefined;
}

const formed = (check: (text: string) => unknown, error: string) =>
  z.string().check(z.refine((text) => check(text) !== undefined, { error }));

/**
 * The fields of a checkpoint note body (docs/passport.md, The log: `<origin>\n<size>\n<base64
 * root>\n`) as `checkpointBody` writes it, or undefined for anything else.
 */
export function checkpointBodyFields(
  body: string,
): { origin: string; size: number; root: string } | undefined {
  const match = /^([^\s+]+)\n(0|[1-9]\d{0,15})\n([A-Za-z0-9+/]{43}=)\n$/.exec(body);
  const root = match && fromBase64(match[3] as string);
  if (!match || root?.length !== 32) return undefined;
  const fields = { origin: match[1] as string, size: Number(match[2]), root: match[3] as string };
  if (!Number.isSafeInteger(fields.size) || checkpointBody({ ...fields, root }) !== body) return undefined;
  return fields;
}

export const signRequestSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('sign-code'),
    body: formed(codeBodyFields, 'not a card code body (docs/passport.md, The code)'),
  }),
  z.strictObject({
    kind: z.literal('certificate'),
    input: formed(
      certificateInputFields,
      "not a certificate's JWS signing input (docs/passport.md, The certificate)",
    ),
  }),
  z.strictObject({
    kind: z.literal('status-list'),
    input: formed(
      statusListInputFields,
      "not a status list credential's JWS signing input (docs/passport.md, Lost or stolen)",
    ),
  }),
  z.strictObject({
    kind: z.literal('proof'),
    body: formed(proofBodyFields, "not a resale proof's body (docs/passport.md, Resale proof)"),
  }),
  z.strictObject({
    kind: z.literal('rotate'),
    /** The staff member who asked: the rotation is audited in its own transaction. */
    admin: z.string().check(z.minLength(1)),
  }),
  // The signer signs it only when it is the head's own (size and root), which it reads itself.
  z.strictObject({
    kind: z.literal('checkpoint'),
    body: formed(checkpointBodyFields, 'not a checkpoint note body (docs/passport.md, The log)'),
  }),
]);
export type SignRequest = z.infer<typeof signRequestSchema>;
