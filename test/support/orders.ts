import { randomUUID } from 'node:crypto';
import type { ProductEntity } from '#catalog/entities/product.ts';
import { type OrderEntity, orderKeys } from '#checkout/entities/order.ts';
import { toCents } from '#checkout/payment-completion.ts';
import { putItems } from './db.ts';
import { orderEntity, uniqueId } from './fixtures.ts';

/** Stores a paid order of `product`, paid at `paidAt`, whose buyer's mail went out. */
export async function storePaidOrder(
  product: ProductEntity,
  paidAt: number,
  buyer: string,
): Promise<OrderEntity> {
  const order: OrderEntity = {
    ...orderEntity(product, paidAt - 60_000, `${uniqueId(buyer)}@example.com`),
    status: 'paid',
    paidAt: new Date(paidAt).toISOString(),
    mailSentAt: new Date(paidAt).toISOString(),
  };
  await putItems([{ ...orderKeys(order), ...order }]);
  return order;
}

/** Stripe's confirmation of the order's whole amount, as its webhook hands it to completePayment. */
export const stripePaymentOf = (order: OrderEntity) => ({
  provider: 'stripe' as const,
  eventId: `evt_${randomUUID()}`,
  checkoutCode: order.checkoutCode,
  paymentRef: `pi_${order.checkoutCode}`,
  amountCents: toCents(order.finalPrice),
  currency: 'usd',
});
