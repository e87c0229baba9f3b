import { getAuthRecord } from '#authenticity/index.ts';
import { defineHandler } from '#platform/handler.ts';
import { httpError } from '#platform/http-error.ts';
import { proofStatusContract } from '#shared/contracts/passport.ts';
import { readProof } from '../entities/proof.ts';
import { proofState } from '../rules/proof-state.ts';

/**
 * GET /passport/proofs/{id} — whether a resale proof still stands, for the verify page (online):
 * voided once the piece changed hands, expired after its day, else valid. No personal data.
 * 404 "no such proof".
 */
export const handler = defineHandler(proofStatusContract, async ({ path }) => {
  const proof = await readProof(path.id);
  if (!proof) throw httpError(404, 'no such proof');
  const record = await getAuthRecord(proof.cardNumber);
  return { status: 200 as const, state: proofState(proof, record, Date.now()) };
});
