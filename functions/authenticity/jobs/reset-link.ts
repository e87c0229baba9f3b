import { logger } from '#platform/logger.ts';
import { emailSchema } from '#shared/schemas.ts';
import * as z from '#shared/zod.ts';
import { type ResetLinkRequest, sendResetLink } from '../portal.ts';

/**
 * The reset-link job (infra/constructs/reset-link-job.ts): POST /reset-pwd starts it
 * asynchronously with the pair it accepted, and it does what only a right pair needs (read the
 * record, count the card's daily link, store the token, mail the link) after the answer went
 * out. Locally the stack's Lambda stand-in runs it (infra/local/lambda-stand-in.ts).
 */
const eventSchema = z.object({
  email: emailSchema,
  cardNumber: z.string().check(z.minLength(1), z.maxLength(64)),
  now: z.number(),
});

export async function runResetLink(event: unknown): Promise<{ outcome: string }> {
  const parsed = z.safeParse(eventSchema, event);
  if (!parsed.success) {
    // Only POST /reset-pwd starts it, with what it validated: nothing to retry.
    logger.error('reset-link job given a malformed event');
    return { outcome: 'malformed' };
  }
  const request: ResetLinkRequest = parsed.data;
  const outcome = await sendResetLink(request);
  logger.info('reset-link job done', { outcome });
  return { outcome };
}

export const handler = (event: unknown): Promise<{ outcome: string }> => runResetLink(event);
