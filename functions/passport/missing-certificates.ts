import { logger, safeError } from '#platform/logger.ts';
import { PHOTO_NOT_STORED } from './adapters/photo-digests.ts';
import { CertificateAlreadyIssued, issueCertificate } from './issue-certificate.ts';
import { piecesWithoutCertificate } from './pieces-without-certificate.ts';
import { sequenceSoon } from './start-sequencer.ts';

/**
 * Every registered piece has its passport (docs/passport.md, Certificates): the pieces without a
 * certificate (a registration whose issuing failed, a piece made before the passport, the demo
 * catalogue), found and issued by the passport job (jobs/issue-missing-certificates.ts).
 */

/**
 * Certificates a run signs at most (issued or failed): each is two signatures and its photographs
 * hashed and published. A piece still waiting for a photograph costs a read and is not counted,
 * so pieces waiting never keep the others from their turn.
 */
export const ISSUE_PER_RUN = 25;

export interface MissingCertificatesRun {
  /** Pieces found without a certificate. */
  missing: number;
  /** Certificates this run issued. */
  issued: number;
  /** Pieces one of whose photographs is still being stored: the next run tries again. */
  waiting: number;
  /** Pieces another run (or the registration) issued meanwhile. */
  alreadyIssued: number;
  /** Pieces whose issuing failed otherwise (the signer not answering…): the next run tries again. */
  failed: number;
  /** Pieces left for the next run (after ISSUE_PER_RUN certificates signed). */
  left: number;
}

/**
 * Issues the certificate of each piece without one, oldest first, one at a time (the signer is
 * one function; the photographs are read whole), until `limit` were signed. Idempotent: a first certificate is
 * written only if the piece has none (`first`), so two runs at once issue one. A photograph
 * still being stored (409) is a wait, not a fault.
 */
export async function issueMissingCertificates(
  options: { pieces?: readonly string[]; limit?: number } = {},
): Promise<MissingCertificatesRun> {
  const missing = await piecesWithoutCertificate(options.pieces);
  const limit = options.limit ?? ISSUE_PER_RUN;
  const run: MissingCertificatesRun = {
    missing: missing.length,
    issued: 0,
    waiting: 0,
    alreadyIssued: 0,
    failed: 0,
    left: 0,
  };
  for (const [i, pid] of missing.entries()) {
    if (run.issued + run.failed >= limit) {
      run.left = missing.length - i;
      break;
    }
    try {
      if (await issueCertificate(pid, { first: true })) run.issued++;
    } catch (error) {
      if (error instanceof CertificateAlreadyIssued) run.alreadyIssued++;
      else if ((error as Error).message === PHOTO_NOT_STORED) run.waiting++;
      else {
        run.failed++;
        logger.error('a missing passport certificate was not issued; the next run tries again', {
          pid,
          error: safeError(error),
        });
      }
    }
  }
  if (run.issued > 0) await sequenceSoon();
  return run;
}
