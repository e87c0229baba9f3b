import { paymentProvider } from '#payments/index.ts';
import type { OrderEntity } from './entities/order.ts';

/**
 * Whether the order's payment, confirmed by the shopper in the page, went through or is going
 * through at its provider (paid in another tab, the tab closed right after paying): its webhook
 * completes it. A redirect's payment is confirmed only by the shop, on the shopper's return.
 */
export async function paidInPage(order: OrderEntity): Promise<boolean> {
  const provider = paymentProvider(order.paymentType);
  if (provider.flow !== 'in-page' || !order.paymentRef) return false;
  const { status } = await provider.read({ id: order.paymentRef, capture: 'now' });
  return status === 'paid' || status === 'processing' || status === 'authorised';
}
