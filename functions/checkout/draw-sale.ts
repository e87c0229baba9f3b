import { DRAW_HOLD_UNTIL, getProduct, getType } from '#catalog/index.ts';
import { type PaymentKind, paymentKind } from '#payments/index.ts';
import { type CheckoutRequest, checkoutRequestSchema } from '#shared/checkout.ts';
import { toCents } from '#shared/money.ts';
import { completionPorts } from './adapters/completion-ports.ts';
import { getOrder, holdAndRecordOrder, type OrderEntity } from './entities/order.ts';
import { type CompletionResult, completePayment } from './payment-completion.ts';
import { checkoutCodeFor, newOrder } from './rules/new-order.ts';

/** A release draw's winner, as checkout makes their order (issue 35). */
export interface DrawWinner {
  productId: string;
  /** The draw's hold on the piece (catalog's drawHoldId): the order takes it over. */
  holdId: string;
  /** The entry: it names the order (the same entry, the same order, however often asked). */
  entryId: string;
  /** The entrant's checkout form, as they entered it. */
  form: Record<string, unknown>;
  /** Who holds the authorisation: the order's payment type. */
  provider: PaymentKind;
}

/**
 * The winner's order, computed as checkout computes every order (amounts, tax, shipping) from
 * the form they entered with, holding the piece under the draw's hold; undefined if the piece or
 * its form is gone. Nothing is written.
 */
export async function drawOrderFor(winner: DrawWinner, now: number): Promise<OrderEntity | undefined> {
  const product = await getProduct(winner.productId);
  const type = product && (await getType(product.typeId));
  const form = checkoutRequestSchema.safeParse({
    ...winner.form,
    checkoutKey: winner.entryId,
    paymentType: String(paymentKind(winner.provider).typeCode),
  });
  if (!product || !type || !form.success) return undefined;
  const existing = await getOrder(checkoutCodeFor(product.id, winner.entryId));
  const { order } = newOrder({
    form: form.data as CheckoutRequest,
    product,
    type,
    discountPercent: 0,
    now,
    earlier: {
      holdId: winner.holdId,
      holdUntil: DRAW_HOLD_UNTIL,
      checkoutTime: existing?.checkoutTime ?? new Date(now).toISOString(),
    },
  });
  return existing?.status === 'paid' ? existing : order;
}

/**
 * The winner's captured payment sells the piece with checkout's own guarantees: the order is
 * recorded (under the draw's hold), then completed as a provider's confirmation completes any
 * order — the sale, the owner's authenticity record, the passport's sale entry, the mails — all
 * idempotent, so a settlement that dies anywhere and runs again ends with the one sale.
 */
export async function completeDrawSale(
  order: OrderEntity,
  payment: { provider: PaymentKind; paymentRef: string; amountCents: number; eventId: string },
  now: number,
): Promise<CompletionResult> {
  if (order.status !== 'paid') {
    const held = await holdAndRecordOrder({ ...order, paymentRef: payment.paymentRef }, now);
    if (held === 'unavailable') return 'needs-attention';
  }
  return completePayment(
    {
      provider: payment.provider,
      eventId: payment.eventId,
      checkoutCode: order.checkoutCode,
      paymentRef: payment.paymentRef,
      amountCents: payment.amountCents,
      currency: 'usd',
    },
    completionPorts(),
  );
}

export const orderCents = (order: OrderEntity) => toCents(order.finalPrice);
