import { randomBytes } from 'node:crypto';
import { httpError } from '#platform/http-error.ts';
import { logger, safeError } from '#platform/logger.ts';
import { toBase64url } from '#shared/passport/base64url.ts';
import { codeText } from '#shared/passport/code.ts';
import { proofBody, proofExpiry } from '#shared/passport/proof.ts';
import { giveBackAttempt, type Limit, takeAttempt } from '#table/rate-limit.ts';
import { transact } from '#table/transactions.ts';
import { listCardProofs, newProofItem, type ProofEntity } from './entities/proof.ts';
import { dayOf, issuer } from './issuer.ts';
import { signingKid } from './key-set.ts';
import { ownedSince, type ProofState, proofState } from './rules/proof-state.ts';
import { SIGNER_UNAVAILABLE, signProofBody } from './signer.ts';

/**
 * An owner's resale proofs (docs/passport.md, Resale proof): "the holder of this link owns
 * piece pid since month M", signed by the passport signer, expiring after the 1–30 days the
 * owner chose, void once the piece changes hands (the record's owner salt changes).
 */
export const PROOF_LIMIT: Limit = { name: 'passport-proof-card', max: 10, windowSeconds: 86_400 };
export const PROOF_LIMIT_MESSAGE = 'you have made 10 resale proofs today. please try again tomorrow.';

/** The owner's record as a proof needs it (the authenticity record, with its salt). */
export interface OwnerRecord {
  cardNumber: string;
  pid: string;
  ownerSalt: string;
  createdAt: string;
  transferDateTime?: string;
}

export interface OwnerProof {
  id: string;
  url: string;
  since: string;
  expires: string;
  state: ProofState;
}

export const verifyUrl = (fragment: string) => `${issuer()}/verify#${fragment}`;

const ownerView = (proof: ProofEntity, state: ProofState): OwnerProof => ({
  id: proof.id,
  url: verifyUrl(proof.text),
  since: proof.since,
  expires: `${proof.expires}T00:00:00.000Z`,
  state,
});

/**
 * A new proof of `days` days. `salted` gives the record with its owner salt (setting one if it has
 * none): asked only once the day's limit let the proof through, so a refusal writes nothing.
 */
export async function makeProof(
  owner: { cardNumber: string },
  salted: () => Promise<OwnerRecord>,
  days: number,
  now = Date.now(),
): Promise<OwnerProof> {
  if (!(await takeAttempt(PROOF_LIMIT, owner.cardNumber, now))) throw httpError(429, PROOF_LIMIT_MESSAGE);
  const record = await salted();
  const since = ownedSince(record);
  const expires = proofExpiry(dayOf(now), days);
  const id = toBase64url(randomBytes(16));
  let text: string;
  try {
    const body = proofBody({ pieceId: record.pid, since, expires, id, kid: await signingKid() });
    text = codeText(body, (await signProofBody(body)).signature);
  } catch (error) {
    logger.error('the passport signer did not sign a resale proof', { error: safeError(error) });
    await giveBackAttempt(PROOF_LIMIT, record.cardNumber, now);
    throw httpError(503, SIGNER_UNAVAILABLE);
  }
  const proof: ProofEntity = {
    kind: 'passportProof',
    id,
    pid: record.pid,
    cardNumber: record.cardNumber,
    ownerSalt: record.ownerSalt,
    since,
    expires,
    text,
    createdAt: new Date(now).toISOString(),
  };
  await transact([newProofItem(proof)]);
  return ownerView(proof, 'valid');
}

/** The owner's proofs that are theirs (made under their salt), newest first, each with its state. */
export async function ownerProofs(record: OwnerRecord, now = Date.now()): Promise<OwnerProof[]> {
  return (await listCardProofs(record.cardNumber))
    .filter((proof) => proof.ownerSalt === record.ownerSalt && proof.pid === record.pid)
    .map((proof) => ownerView(proof, proofState(proof, record, now)));
}
