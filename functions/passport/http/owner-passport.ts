import { ensureOwnerSalt, ownerSession } from '#authenticity/index.ts';
import { readCookie } from '#platform/cookies.ts';
import { defineHandler } from '#platform/handler.ts';
import { ownerPassportContract } from '#shared/contracts/passport.ts';
import { ownerCommitment } from '#shared/passport/log.ts';
import { certificatePhotos } from '../certificate-photos.ts';
import { latestCertificate } from '../entities/certificate.ts';
import { ownerProofs, verifyUrl } from '../proofs.ts';

/**
 * GET /passport/mine — the logged-in owner's passport: the card's code and its /verify link (null
 * before a certificate is issued) and the photographs its certificate names, the salt that opens their commitment in the log and the
 * commitment, whether the piece is reported lost, and their resale proofs. 401 without a session.
 */
export const handler = defineHandler(ownerPassportContract, async (_input, event) => {
  const { record } = await ownerSession(readCookie(event, '__Host-owner'));
  const owner = await ensureOwnerSalt(record);
  const [certificate, proofs, commitment] = await Promise.all([
    latestCertificate(owner.pid),
    ownerProofs(owner),
    ownerCommitment(owner.pid, owner.ownerSalt),
  ]);
  const photos = certificate ? await certificatePhotos(certificate) : [];
  return {
    status: 200 as const,
    piece: owner.pid,
    code: certificate?.code ?? null,
    verifyUrl: certificate ? verifyUrl(certificate.code) : null,
    photos,
    ownerSalt: owner.ownerSalt,
    commitment,
    lost: owner.lost ?? false,
    proofs,
  };
});
