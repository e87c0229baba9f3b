import { createHash } from 'node:crypto';
import type { CheckoutPaymentIntent } from '@paypal/paypal-server-sdk';
import { sequenceSoon } from '#passport/index.ts';
import { paymentAmount } from '#shared/format.ts';
import type { OrderEntity } from '../entities/order.ts';
import { markRefunded, sellOrder } from '../entities/order.ts';
import type { CompletionPorts } from '../payment-completion.ts';
import { mailPorts } from './mail-ports.ts';
import { paypal } from './paypal.ts';
import { stripe } from './stripe.ts';

/** The provider calls checkout makes, behind names that say what they are for. */
export async function createCardPayment(input: {
  checkoutCode: string;
  amountCents: number;
  description: string;
  email: string;
  productId: string;
  holdId: string;
  holdUntil: number;
  /** Moves on after the provider failed to start it (see OrderEntity.paymentAttempt). */
  attempt: number;
}): Promise<{ paymentRef: string; clientSecret: string }> {
  const params = {
    amount: input.amountCents,
    currency: 'usd',
    description: input.description,
    receipt_email: input.email,
    automatic_payment_methods: { enabled: true, allow_redirects: 'never' as const },
    metadata: { checkoutCode: input.checkoutCode, productId: input.productId, holdId: input.holdId },
  };
  // The same start retried (same hold, same amount and email) gets the same PaymentIntent back
  // from Stripe; a changed form, a new hold or a start after a Stripe failure gets a new one.
  const revision = createHash('sha256')
    .update(JSON.stringify([params, input.holdUntil, input.attempt]))
    .digest('base64url')
    .slice(0, 16);
  const intent = await (await stripe()).paymentIntents.create(params, {
    idempotencyKey: `checkout-${input.checkoutCode}-${revision}`,
  });
  if (!intent.client_secret) throw new Error('the PaymentIntent has no client secret');
  return { paymentRef: intent.id, clientSecret: intent.client_secret };
}

/** Whether a card payment already went through (or is going through) at Stripe. */
export async function cardPaymentTaken(paymentRef: string): Promise<boolean> {
  const intent = await (await stripe()).paymentIntents.retrieve(paymentRef);
  return ['succeeded', 'processing', 'requires_capture'].includes(intent.status);
}

/** What Stripe says of a card payment, for the reconciliation. */
export interface CardPaymentState {
  status: string;
  amountCents: number;
  currency: string;
  /** When the money was taken (its charge), epoch ms; only for a succeeded payment. */
  paidAt?: number;
}

export async function cardPaymentState(paymentRef: string): Promise<CardPaymentState> {
  const intent = await (await stripe()).paymentIntents.retrieve(paymentRef);
  const state = { status: intent.status, amountCents: intent.amount_received, currency: intent.currency };
  if (intent.status !== 'succeeded' || !intent.latest_charge) return state;
  const charge =
    typeof intent.latest_charge === 'string'
      ? await (await stripe()).charges.retrieve(intent.latest_charge)
      : intent.latest_charge;
  return { ...state, paidAt: charge.created * 1000 };
}

/** Cancels a card payment nobody will pay now (a replaced or released start); already final is fine. */
export async function cancelCardPayment(paymentRef: string): Promise<void> {
  const intent = await (await stripe()).paymentIntents.retrieve(paymentRef);
  if (['requires_payment_method', 'requires_confirmation', 'requires_action'].includes(intent.status))
    await (await stripe()).paymentIntents.cancel(paymentRef);
}

export async function refundPayment(order: OrderEntity, paymentRef: string): Promise<void> {
  if (order.paymentType === 1) {
    await (await stripe()).refunds.create(
      { payment_intent: paymentRef },
      { idempotencyKey: `refund-${order.checkoutCode}` },
    );
    return;
  }
  await (await paypal()).payments.refundCapturedPayment({
    captureId: paymentRef,
    paypalRequestId: `refund-${order.checkoutCode}`,
  });
}

/** A PayPal order for exactly the server's amount (2 decimals), to be approved by the shopper. */
export async function createPaypalOrder(input: {
  checkoutCode: string;
  amount: number;
  description: string;
  returnUrl: string;
  cancelUrl: string;
  holdUntil: number;
  attempt: number;
}): Promise<{ paymentRef: string; approveUrl: string }> {
  // As for cards: the same start retried gets the same PayPal order, a changed one a new order.
  const revision = createHash('sha256')
    .update(JSON.stringify([input.amount, input.description, input.holdUntil, input.attempt]))
    .digest('base64url')
    .slice(0, 16);
  const { result } = await (await paypal()).orders.createOrder({
    paypalRequestId: `checkout-${input.checkoutCode}-${revision}`,
    body: {
      intent: 'CAPTURE' as CheckoutPaymentIntent.Capture,
      purchaseUnits: [
        {
          referenceId: input.checkoutCode,
          customId: input.checkoutCode,
          description: input.description.slice(0, 127),
          amount: { currencyCode: 'USD', value: paymentAmount(input.amount) },
        },
      ],
      applicationContext: { returnUrl: input.returnUrl, cancelUrl: input.cancelUrl },
    },
  });
  const approve = result.links?.find((l) => l.rel === 'approve' || l.rel === 'payer-action')?.href;
  if (!result.id || !approve) throw new Error('PayPal gave no order id or approval link');
  return { paymentRef: result.id, approveUrl: approve };
}

/** Captures an approved PayPal order; what PayPal answers is the verified confirmation. */
export async function capturePaypalOrder(orderId: string): Promise<{
  completed: boolean;
  captureId?: string;
  amountCents: number;
  currency: string;
}> {
  const { result } = await (await paypal()).orders.captureOrder({
    id: orderId,
    paypalRequestId: `capture-${orderId}`,
  });
  const capture = result.purchaseUnits?.[0]?.payments?.captures?.[0];
  return {
    completed: result.status === 'COMPLETED' && capture?.status === 'COMPLETED',
    ...(capture?.id ? { captureId: capture.id } : {}),
    amountCents: Math.round(Number(capture?.amount?.value ?? 0) * 100),
    currency: capture?.amount?.currencyCode ?? '',
  };
}

/** What PayPal says of an order we created, for the reconciliation. */
export interface PaypalOrderState {
  /** CREATED, SAVED, APPROVED, VOIDED, COMPLETED or PAYER_ACTION_REQUIRED. */
  status: string;
  /** Its last change (approval, capture), epoch ms. */
  updatedAt?: number;
  capture?: { id: string; amountCents: number; currency: string };
}

export async function paypalOrderState(orderId: string): Promise<PaypalOrderState> {
  const { result } = await (await paypal()).orders.getOrder({ id: orderId });
  const capture = result.purchaseUnits?.[0]?.payments?.captures?.find((c) => c.status === 'COMPLETED');
  const changed = Date.parse(result.updateTime ?? result.createTime ?? '');
  return {
    status: result.status ?? '',
    ...(Number.isFinite(changed) ? { updatedAt: changed } : {}),
    ...(capture?.id
      ? {
          capture: {
            id: capture.id,
            amountCents: Math.round(Number(capture.amount?.value ?? 0) * 100),
            currency: capture.amount?.currencyCode ?? '',
          },
        }
      : {}),
  };
}

/** The real wiring of payment completion: DynamoDB, SES, the providers. */
export function completionPorts(): CompletionPorts {
  return {
    ...mailPorts(),
    // A sale appends to the passport log: its sequencer is started once the sale is written.
    sellOrder: async (input) => {
      const outcome = await sellOrder(input);
      if (outcome === 'sold') await sequenceSoon();
      return outcome;
    },
    markRefunded,
    refund: refundPayment,
  };
}
