import { PROOF_DAYS } from '#shared/passport-limits.ts';
import { idSchema } from '#shared/schemas.ts';
import * as z from '#shared/zod.ts';
import type { Contract } from './contract.ts';

/**
 * The passport's endpoints (issue 37, docs/passport.md "How the shop keeps it"). Public reads
 * hold no personal data; the owner's reads and writes need a portal session, staff's an admin one.
 */

const base64url = (length?: number) =>
  z.string().check(z.regex(length ? new RegExp(`^[A-Za-z0-9_-]{${length}}$`) : /^[A-Za-z0-9_-]+$/));
const sizeSchema = z.pipe(
  z.string().check(z.regex(/^\d{1,12}$/, { error: 'must be a log size' })),
  z.transform(Number),
);

/** One entry of a piece's history: its bytes as the log holds them, and its tlog-proof against `checkpoint`. */
export const historyEntrySchema = z.object({ text: z.string(), proof: z.string() });

/**
 * The map proof (docs/passport.md, Completeness): the checkpoint's last entry, a map entry, with its
 * tlog-proof against `checkpoint`, and the piece's map leaf — or, for a piece with no entry, the
 * leaves around where it would be — each with its index and inclusion proof (base64 hashes).
 */
export const mapProofSchema = z.object({
  entry: z.string(),
  proof: z.string(),
  leaves: z.array(z.object({ index: z.number(), text: z.string(), proof: z.array(z.string()) })),
});

/**
 * GET /passport/pieces/{pid}[?since=<size>] — the piece's latest certificate and code (null before
 * one is issued), every log entry of the piece with its proof against the latest checkpoint, that
 * checkpoint (null while the log is empty), the map proof that these are all of the piece's entries
 * (null when the checkpoint does not end with a map entry), whether it is reported lost now, and — with `since`, the
 * size of a checkpoint the verifier kept — the consistency proof from that size to the checkpoint's
 * (base64 hashes; empty when the sizes are equal). 404 "no passport for this piece" for a piece
 * the log and the certificates never saw.
 */
export const passportPieceContract = {
  path: z.object({ pid: idSchema }),
  query: z.object({ since: z.optional(sizeSchema) }),
  response: z.object({
    status: z.literal(200),
    piece: z.string(),
    certificate: z.nullable(z.string()),
    code: z.nullable(z.string()),
    entries: z.array(historyEntrySchema),
    checkpoint: z.nullable(z.string()),
    map: z.nullable(mapProofSchema),
    lost: z.boolean(),
    consistency: z.optional(z.array(z.string())),
  }),
} satisfies Contract;

export const PROOF_STATES = ['valid', 'voided', 'expired'] as const;

/** GET /passport/proofs/{id} — whether a resale proof still stands; 404 "no such proof". */
export const proofStatusContract = {
  path: z.object({ id: base64url(22) }),
  response: z.object({ status: z.literal(200), state: z.enum(PROOF_STATES) }),
} satisfies Contract;

/** A resale proof as its owner sees it. */
export const ownerProofSchema = z.object({
  id: z.string(),
  /** `/verify#p1.…` on the shop's origin. */
  url: z.string(),
  /** YYYY-MM. */
  since: z.string(),
  /** ISO time the proof stops (00:00 UTC of its expiry day). */
  expires: z.string(),
  state: z.enum(PROOF_STATES),
});

/**
 * GET /passport/mine — the logged-in owner's passport: the card's code and its `/verify#…` link
 * (null before a certificate is issued), the authenticity photographs its certificate names (none
 * before), the salt that opens the owner's commitment and the commitment itself, whether the
 * piece is reported lost, and the owner's resale proofs.
 */
export const ownerPassportContract = {
  response: z.object({
    status: z.literal(200),
    piece: z.string(),
    code: z.nullable(z.string()),
    verifyUrl: z.nullable(z.string()),
    /**
     * In the certificate's order: each photograph's SHA-256 and published path (what a verifier
     * fetches), and short-lived links to show it (`url`, and its responsive set when it has one).
     */
    photos: z.array(
      z.object({
        sha256: z.string(),
        path: z.string(),
        url: z.string(),
        srcset: z.optional(z.object({ avif: z.string(), webp: z.string(), jpg: z.string() })),
      }),
    ),
    ownerSalt: z.string(),
    commitment: z.string(),
    lost: z.boolean(),
    proofs: z.array(ownerProofSchema),
  }),
} satisfies Contract;

export { PROOF_DAYS };

/** POST /passport/proofs { days } — the owner makes a resale proof of 1–30 days. */
export const createProofContract = {
  body: z.object({
    days: z
      .number({ error: 'days must be a whole number from 1 to 30' })
      .check(
        z.int({ error: 'days must be a whole number from 1 to 30' }),
        z.minimum(PROOF_DAYS.min, { error: 'days must be a whole number from 1 to 30' }),
        z.maximum(PROOF_DAYS.max, { error: 'days must be a whole number from 1 to 30' }),
      ),
  }),
  response: z.object({ status: z.literal(200), proof: ownerProofSchema }),
} satisfies Contract;

/**
 * POST /passport/lost { lost } — the owner reports the piece lost or stolen (true) or found
 * (false); a `lost`/`found` log entry. 409 when it already stands so.
 */
export const reportLostContract = {
  body: z.object({ lost: z.boolean({ error: 'lost must be true or false' }) }),
  response: z.object({ status: z.literal(200), lost: z.boolean() }),
} satisfies Contract;

/** A certificate as staff see it. */
export const adminCertificateSchema = z.object({
  issuedAt: z.string(),
  kid: z.string(),
  code: z.string(),
  certificate: z.string(),
  /** How many authenticity photographs it names. */
  photos: z.number(),
});

/**
 * POST /passport/certificates { pid } — staff issue a piece's certificate and code (again: a
 * re-issue; the newest is the piece's). 404 for an unknown piece; 409 "a photograph of this
 * piece is still being stored. please try again in a minute." when an authenticity photograph
 * its record names is not stored yet, or 409 "an authenticity photograph of this piece is not a
 * picture the shop can read. please replace it." when one is not a picture; 503 "the passport
 * signer is not answering. please try again." when signing fails (nothing written either way).
 */
export const issueCertificateContract = {
  body: z.object({ pid: idSchema }),
  response: z.object({ status: z.literal(200), certificate: adminCertificateSchema }),
} satisfies Contract;

/** GET /passport/certificates?pid= — a piece's certificates, newest first. */
export const listCertificatesContract = {
  query: z.object({ pid: idSchema }),
  response: z.object({ status: z.literal(200), certificates: z.array(adminCertificateSchema) }),
} satisfies Contract;

/** One log entry as staff see it (the entry's fields; the owner commitment is opaque to staff too). */
export const adminEntrySchema = z.object({
  seq: z.number(),
  time: z.string(),
  kind: z.string(),
  piece: z.string(),
  owner: z.nullable(z.string()),
});

/**
 * GET /passport/log[?piece=<pid>][&before=<seq>] — the log for staff, newest first, 50 at a time
 * (`before` pages back), with its size, latest checkpoint and the entries not yet sequenced; its
 * first page (no `piece`, no `before`) also says how many registered pieces have no certificate.
 */
export const adminLogContract = {
  query: z.object({ piece: z.optional(idSchema), before: z.optional(sizeSchema) }),
  response: z.object({
    status: z.literal(200),
    size: z.number(),
    checkpoint: z.nullable(z.string()),
    pending: z.number(),
    /** Registered pieces without a certificate (the passport job issues them): first page only. */
    withoutPassport: z.optional(z.number()),
    entries: z.array(adminEntrySchema),
  }),
} satisfies Contract;

/** A signing key as listed in `/.well-known/passport-keys.json` (docs/passport.md, Keys). */
export const publicKeySchema = z.object({
  kid: z.string(),
  jwk: z.object({ kty: z.literal('EC'), crv: z.literal('P-256'), x: z.string(), y: z.string() }),
  from: z.string(),
  until: z.optional(z.string()),
});

/** POST /passport/keys/rotate — staff make a new signing key; the current one signs no more from today on. */
export const rotateKeyContract = {
  response: z.object({ status: z.literal(200), keys: z.array(publicKeySchema) }),
} satisfies Contract;
