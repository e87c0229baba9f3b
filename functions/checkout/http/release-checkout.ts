import { defineHandler } from '#platform/handler.ts';
import { logger, safeError } from '#platform/logger.ts';
import { releaseCheckoutContract } from '#shared/contracts/checkout.ts';
import { getOrder, releaseHold } from '../entities/order.ts';
import { paidInPage } from '../paid-in-page.ts';
import { checkoutCodeFor } from '../rules/new-order.ts';

/**
 * POST /secret/release: the shopper cancelled the payment step or left the page (the browser's
 * beacon). Their own unpaid hold ends at once, so the piece is free for others; only the key
 * names the order. Idempotent; a paid order and another shopper's hold are never touched.
 */
export const handler = defineHandler(releaseCheckoutContract, async ({ body }) => {
  const order = await getOrder(checkoutCodeFor(body.id, body.checkoutKey));
  if (order?.status !== 'pending') return { status: 200 as const, released: false };
  // Paid but not yet confirmed by the webhook (the tab closed right after paying): kept.
  if (await paidInPage(order)) return { status: 200 as const, released: false };
  try {
    await releaseHold(order, Date.now());
  } catch (error) {
    // Paid or released meanwhile: nothing of this shopper's is left to release.
    logger.info('nothing to release', { error: safeError(error) });
    return { status: 200 as const, released: false };
  }
  // The provider's payment stays: a reload re-takes the same hold and the same payment (a payment
  // made after someone else bought the piece is refunded by the late-payment path).
  return { status: 200 as const, released: true };
});
