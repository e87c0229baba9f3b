import { ensureOwnerSalt, ownerSession } from '#authenticity/index.ts';
import { readCookie } from '#platform/cookies.ts';
import { defineHandler } from '#platform/handler.ts';
import { assertSameOrigin } from '#platform/same-origin.ts';
import { createProofContract } from '#shared/contracts/passport.ts';
import { makeProof } from '../proofs.ts';

/**
 * POST /passport/proofs { days } — the logged-in owner makes a resale proof of 1–30 days, signed
 * by the passport signer. 400 for other days; 401 without a session; 429 past 10 a card a day;
 * 503 when the signer does not sign.
 */
export const handler = defineHandler(createProofContract, async ({ body }, event) => {
  assertSameOrigin(event);
  const { record } = await ownerSession(readCookie(event, '__Host-owner'));
  const proof = await makeProof(record, () => ensureOwnerSalt(record), body.days);
  return { status: 200 as const, proof };
});
