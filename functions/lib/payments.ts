import { getProduct } from '#data/catalog.ts';
import type { OrderEntity } from '#data/entities.ts';
import {
  claimMailLease,
  getAuthRecord,
  getOrder,
  markMailSent,
  markRefunded,
  replaceRecordPassword,
  sellOrder,
} from '#data/orders.ts';
import { hashPassword } from '#domain/passwords.ts';
import type { CompletionPorts } from '#domain/payment-completion.ts';
import { logger } from './logger.ts';
import { sendMail } from './mail.ts';
import { stripe } from './stripe.ts';

/** The provider calls checkout makes, behind names that say what they are for. */
export async function createCardPayment(input: {
  checkoutCode: string;
  amountCents: number;
  description: string;
  email: string;
  productId: string;
  holdId: string;
}): Promise<{ paymentRef: string; clientSecret: string }> {
  const intent = await stripe().paymentIntents.create(
    {
      amount: input.amountCents,
      currency: 'usd',
      description: input.description,
      receipt_email: input.email,
      automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
      metadata: { checkoutCode: input.checkoutCode, productId: input.productId, holdId: input.holdId },
    },
    { idempotencyKey: `checkout-${input.checkoutCode}` },
  );
  if (!intent.client_secret) throw new Error('the PaymentIntent has no client secret');
  return { paymentRef: intent.id, clientSecret: intent.client_secret };
}

export async function refundPayment(order: OrderEntity, paymentRef: string): Promise<void> {
  if (order.paymentType === 1) {
    await stripe().refunds.create(
      { payment_intent: paymentRef },
      { idempotencyKey: `refund-${order.checkoutCode}` },
    );
    return;
  }
  throw new Error('PayPal refunds are not wired yet');
}

/** The real wiring of payment completion: DynamoDB, SES, the providers. */
export function completionPorts(): CompletionPorts {
  return {
    getOrder,
    getProduct,
    sellOrder,
    claimMailLease,
    markRefunded,
    refund: refundPayment,
    getAuthRecord,
    replaceRecordPassword,
    hashPassword,
    sendMail,
    markMailSent,
    now: Date.now,
    log: (message, detail) => logger.warn(message, detail),
  };
}
