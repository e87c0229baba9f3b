import { clientAddress } from '#platform/client-address.ts';
import { defineHandler } from '#platform/handler.ts';
import { postEntryContract } from '#shared/contracts/draws.ts';
import { enterDrawWith } from '../enter.ts';

/**
 * POST /draws/{drawId}/entries: a confirmed member's entry, made with the link mailed to them,
 * and its authorisation by the provider the form chose (not captured; with `authorise: 'later'`
 * the entry only, its authorisation started by the same call again without it). 403 no link of this draw or not a
 * confirmed member, 410 a link used or expired, 409 a binding entry holds the e-mail or address
 * (the member is mailed) or the window, 429 too many entries from this address; every refusal
 * is counted for staff.
 */
export const handler = defineHandler(postEntryContract, async ({ path, body }, event) => {
  const { entry, authorise, quote, draw } = await enterDrawWith(path.drawId, body, clientAddress(event));
  return {
    status: 200 as const,
    entryId: entry.entryId,
    state: entry.state,
    salt: entry.salt,
    commitment: entry.commitment,
    closesAt: draw.closesAt,
    ...('later' in authorise
      ? authorise.page
      : 'approveUrl' in authorise
        ? { approveUrl: authorise.approveUrl, approveOrderId: authorise.paymentRef }
        : { client_secret: authorise.clientSecret, ...authorise.page }),
    amounts: { ...quote, currency: 'USD' as const },
  };
});
