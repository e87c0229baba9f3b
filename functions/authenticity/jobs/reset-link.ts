import { logger } from '#platform/logger.ts';
import { emailSchema } from '#shared/schemas.ts';
import * as z from '#shared/zod.ts';
import { type ResetLinkRequest, sendLoginLink, sendResetLink } from '../portal.ts';

/**
 * The portal's link job (infra/constructs/reset-link-job.ts): POST /reset-pwd and POST
 * /authenticationcard/login-link start it asynchronously with the pair they accepted (`link`:
 * a reset link, the default, or a one-time login link), and it does what only a right pair
 * needs (read the record, count the card's daily links, store the token, mail the link) after
 * the answer went out. Locally the stack's Lambda stand-in runs it (infra/local/lambda-stand-in.ts).
 */
const eventSchema = z.object({
  email: emailSchema,
  cardNumber: z.string().check(z.minLength(1), z.maxLength(64)),
  now: z.number(),
  link: z.optional(z.enum(['reset', 'login'])),
});

export async function runResetLink(event: unknown): Promise<{ outcome: string }> {
  const parsed = z.safeParse(eventSchema, event);
  if (!parsed.success) {
    // Only POST /reset-pwd and POST /authenticationcard/login-link start it, with what they validated: nothing to retry.
    logger.error('reset-link job given a malformed event');
    return { outcome: 'malformed' };
  }
  const { link = 'reset', ...request }: ResetLinkRequest & { link?: 'reset' | 'login' } = parsed.data;
  const outcome = await (link === 'login' ? sendLoginLink(request) : sendResetLink(request));
  logger.info('reset-link job done', { link, outcome });
  return { outcome };
}

export const handler = (event: unknown): Promise<{ outcome: string }> => runResetLink(event);
