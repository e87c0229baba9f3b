import { defineHandler } from '#platform/handler.ts';
import { httpError } from '#platform/http-error.ts';
import { DRAW_MESSAGES, entryLinkStatusContract } from '#shared/contracts/draws.ts';
import { readEntryLink } from '../entities/entry-link.ts';

/**
 * POST /draws/{drawId}/entry-links/status { link }: the page the mailed link opens asks which
 * address it enters with (shown fixed in the form) while it works; 410 used or expired, 404 not
 * this draw's. Reading spends nothing: the entry does.
 */
export const handler = defineHandler(entryLinkStatusContract, async ({ path, body }) => {
  const read = await readEntryLink(path.drawId, body.link);
  if (read.ok)
    return {
      status: 200 as const,
      email: read.link.email,
      validUntil: new Date(read.link.validUntil).toISOString(),
    };
  if (read.reason === 'used') throw httpError(410, DRAW_MESSAGES.linkUsed);
  if (read.reason === 'expired') throw httpError(410, DRAW_MESSAGES.linkExpired);
  throw httpError(404, DRAW_MESSAGES.linkUnknown);
});
