import type { PROOF_STATES } from '#shared/contracts/passport.ts';

export type ProofState = (typeof PROOF_STATES)[number];

/**
 * Whether a resale proof still stands (docs/passport.md, Resale proof): voided once the piece's
 * record has another owner salt (a transfer gives a new one) or holds another piece, expired
 * from 00:00 UTC of its expiry day, else valid. Voided comes first: a proof of a piece sold on
 * says so even after it would have expired.
 */
export function proofState(
  proof: { pid: string; ownerSalt: string; expires: string },
  record: { pid: string; ownerSalt?: string } | undefined,
  now: number,
): ProofState {
  if (!record || record.pid !== proof.pid || record.ownerSalt !== proof.ownerSalt) return 'voided';
  if (now >= Date.parse(`${proof.expires}T00:00:00Z`)) return 'expired';
  return 'valid';
}

/** The month (YYYY-MM) an owner has held the piece since: their transfer, else the record's making (the sale). */
export const ownedSince = (record: { createdAt: string; transferDateTime?: string }) =>
  (record.transferDateTime ?? record.createdAt).slice(0, 7);
