import { httpError } from '#platform/http-error.ts';
import { logger, safeError } from '#platform/logger.ts';
import { rotateKeyContract } from '#shared/contracts/passport.ts';
import { defineAdminHandler } from '#staff/index.ts';
import { rotateKeys, SIGNER_UNAVAILABLE } from '../signer.ts';

/**
 * POST /passport/keys/rotate — staff make a new signing key: the signer creates it in KMS,
 * records it (from today) and closes the current one (until today) with the audit entry in one
 * transaction, and republishes the key set. Answers the key set; 503 when the signer fails.
 */
export const handler = defineAdminHandler(rotateKeyContract, async (_input, event) => {
  try {
    return { status: 200 as const, keys: await rotateKeys(event.admin) };
  } catch (error) {
    logger.error('the passport signer did not rotate its key', { error: safeError(error) });
    throw httpError(503, SIGNER_UNAVAILABLE);
  }
});
