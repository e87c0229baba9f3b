import { getProduct } from '#catalog/index.ts';
import { logger, safeError } from '#platform/logger.ts';
import { sendMail } from '#platform/mail.ts';
import { momentInWords } from '#shared/time-words.ts';
import { getDraw } from './entities/draw.ts';
import type { ShippingPlace } from './rules/entry-identity.ts';

/**
 * Tells a member whose entry was refused because another binding entry ships to their address
 * (issue 44): the page says it too, but a refusal at the close is seen by nobody otherwise.
 * The other entry is not named. The refusal stands if the mail fails.
 */
export async function mailAddressTaken(input: {
  drawId: string;
  email: string;
  place: Partial<ShippingPlace>;
  /** Whether an authorisation was given (and is now released) or none was asked yet. */
  authorised: boolean;
}): Promise<void> {
  try {
    const draw = await getDraw(input.drawId);
    const piece = draw && (await getProduct(draw.pid));
    const { address1, city, country } = input.place;
    await sendMail({
      to: input.email,
      template: 'draw-address-taken',
      data: {
        productName: piece?.name ?? '',
        address: [address1, city, country].filter(Boolean).join(', '),
        release: input.authorised ? 'your authorisation is released.' : 'no payment was asked of you.',
        drawId: input.drawId,
        closesAt: draw ? momentInWords(draw.closesAt) : '',
      },
    });
  } catch (error) {
    logger.error('the refused entrant’s mail was not sent', {
      drawId: input.drawId,
      error: safeError(error),
    });
  }
}
