import { shopUrl } from '#authenticity/index.ts';
import { getProduct } from '#catalog/index.ts';
import { paymentKind } from '#payments/index.ts';
import { logger, safeError } from '#platform/logger.ts';
import { sendMail } from '#platform/mail.ts';
import { formatPrice } from '#shared/format.ts';
import { fromCents } from '#shared/money.ts';
import { momentInWords } from '#shared/time-words.ts';
import { getDraw } from './entities/draw.ts';
import type { EntryEntity } from './entities/entry.ts';
import { DRAW_PAGE, entryLink } from './links.ts';

/**
 * The entrant's copy of what the confirmation page shows: the entry is binding, its salt and
 * line, and the link that withdraws it. The entry stands if the mail fails (the page showed it).
 */
export async function mailEntered(entry: EntryEntity, token: string): Promise<void> {
  try {
    const draw = await getDraw(entry.drawId);
    const piece = draw && (await getProduct(draw.pid));
    await sendMail({
      to: entry.email,
      template: 'draw-entered',
      data: {
        productName: piece?.name ?? '',
        card: entry.payment ? paymentKind(entry.payment.provider).payerWords(entry.card) : '',
        total: formatPrice(fromCents(entry.order?.amountCents ?? 0)),
        closesAt: draw ? momentInWords(draw.closesAt) : '',
        entryLink: entryLink(entry.drawId, entry.entryId, token),
        salt: entry.salt,
        commitment: entry.commitment,
        algorithmLink: `${shopUrl()}${DRAW_PAGE}/algorithm.md`,
      },
    });
  } catch (error) {
    logger.error('the entry’s mail was not sent', {
      drawId: entry.drawId,
      entryId: entry.entryId,
      error: safeError(error),
    });
  }
}
