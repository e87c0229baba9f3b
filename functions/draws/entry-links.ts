import { getProduct } from '#catalog/index.ts';
import { getSuppression, isConfirmedMember, undeliverable } from '#members/index.ts';
import { httpError } from '#platform/http-error.ts';
import { logger, safeError } from '#platform/logger.ts';
import { sendMail } from '#platform/mail.ts';
import { DRAW_MESSAGES, ENTRY_LINK_MINUTES } from '#shared/contracts/draws.ts';
import { momentInWords } from '#shared/time-words.ts';
import { giveBackAttempt, type Limit, takeAttempt } from '#table/rate-limit.ts';
import { getDraw } from './entities/draw.ts';
import { countRefusal } from './entities/entry-binding.ts';
import { issueEntryLink } from './entities/entry-link.ts';
import { drawLink, entryFormLink, membershipLink } from './links.ts';
import { normaliseEmail } from './rules/entry-identity.ts';

/** Link requests a client address may make in an hour (a household asks for a few). */
export const ENTRY_LINKS_PER_ADDRESS: Limit = { name: 'draw-link-address', max: 10, windowSeconds: 60 * 60 };
/**
 * Links mailed to one address in an hour, whoever asks: past it the request is answered as
 * always and nothing is mailed, so nobody floods a mailbox through the shop.
 */
export const ENTRY_LINKS_PER_EMAIL: Limit = { name: 'draw-link-email', max: 5, windowSeconds: 60 * 60 };

/**
 * A request for a link to enter the draw (issue 44): a confirmed member's address gets a link of
 * its own (one entry, this draw, ENTRY_LINK_MINUTES); any other address is told how to become a
 * member. The caller answers the same either way: who is a member is never said to the asker,
 * only to the mailbox. 404 no draw, 409 not open, 429 too many requests from this address.
 */
export async function requestEntryLink(input: {
  drawId: string;
  email: string;
  client: string;
  now?: number;
}): Promise<void> {
  const now = input.now ?? Date.now();
  const { drawId } = input;
  const draw = await getDraw(drawId);
  if (!draw) throw httpError(404, DRAW_MESSAGES.noDraw);
  const at = new Date(now).toISOString();
  if (draw.state !== 'open' || at >= draw.closesAt) throw httpError(409, DRAW_MESSAGES.closed);
  if (at < draw.opensAt) throw httpError(409, DRAW_MESSAGES.notOpenYet);
  if (!(await takeAttempt(ENTRY_LINKS_PER_ADDRESS, input.client, now))) {
    await countRefusal(drawId, 'too-many-tries');
    throw httpError(429, DRAW_MESSAGES.tooManyTries);
  }
  const email = normaliseEmail(input.email);
  if (!(await takeAttempt(ENTRY_LINKS_PER_EMAIL, email, now))) {
    await countRefusal(drawId, 'too-many-links');
    return;
  }
  const productName = (await getProduct(draw.pid))?.name ?? draw.pid;
  try {
    if (await isConfirmedMember(email)) {
      const token = await issueEntryLink(drawId, email, now);
      await sendMail({
        to: email,
        template: 'draw-entry-link',
        data: {
          productName,
          link: entryFormLink(drawId, token),
          minutes: String(ENTRY_LINK_MINUTES),
          closesAt: momentInWords(draw.closesAt, new Date(now)),
        },
      });
      return;
    }
    await countRefusal(drawId, 'not-a-member');
    // An address that bounced or complained is sent nothing, not even this.
    if (undeliverable(await getSuppression(email))) return;
    await sendMail({
      to: email,
      template: 'draw-not-member',
      data: { productName, membershipLink: membershipLink(), drawLink: drawLink(drawId) },
    });
  } catch (error) {
    logger.error('a draw’s entry link mail was not sent', { drawId, error: safeError(error) });
    await giveBackAttempt(ENTRY_LINKS_PER_EMAIL, email, now);
  }
}
