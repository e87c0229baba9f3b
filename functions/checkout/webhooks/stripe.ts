import type Stripe from 'stripe';
import { defineHandler } from '#platform/handler.ts';
import { httpError } from '#platform/http-error.ts';
import { logger } from '#platform/logger.ts';
import { stripeWebhookContract } from '#shared/contracts/checkout.ts';
import { completionPorts } from '../adapters/payments.ts';
import { signedInTime, stripe, stripeWebhookSecret, WEBHOOK_TOLERANCE_SECONDS } from '../adapters/stripe.ts';
import { completePayment } from '../payment-completion.ts';

/**
 * POST /webhooks/stripe: the only way a card order becomes paid. The signature is checked on
 * the raw body, and its signed time must be within 5 minutes of ours either way (a delivery
 * dated ahead is refused too, not only an old one); the event id makes redelivery harmless. Answers 2xx once the event is handled
 * (or is of no interest), so Stripe stops retrying; a fault answers 500 and Stripe retries.
 */
export const handler = defineHandler(stripeWebhookContract, async (_input, event) => {
  const raw =
    event.body === undefined ? '' : Buffer.from(event.body, event.isBase64Encoded ? 'base64' : 'utf8');
  const signature = event.headers['stripe-signature'];
  let verified: Stripe.Event;
  try {
    if (!signature) throw new Error('no signature');
    verified = (await stripe()).webhooks.constructEvent(
      raw,
      signature,
      stripeWebhookSecret(),
      WEBHOOK_TOLERANCE_SECONDS,
    );
  } catch {
    throw httpError(400, 'the webhook signature is not valid');
  }
  if (!signedInTime(signature, Date.now())) {
    logger.warn('stripe event signed outside the tolerance', { id: verified.id });
    throw httpError(400, 'the webhook signature is not valid at this time');
  }

  if (verified.type !== 'payment_intent.succeeded') {
    logger.info('stripe event not handled', { type: verified.type, id: verified.id });
    return { received: true as const };
  }
  const intent = verified.data.object as Stripe.PaymentIntent;
  const checkoutCode = intent.metadata?.checkoutCode;
  if (!checkoutCode) {
    logger.warn('a payment without a checkout code', { id: verified.id, intent: intent.id });
    return { received: true as const };
  }
  const result = await completePayment(
    {
      provider: 'stripe',
      eventId: verified.id,
      checkoutCode,
      paymentRef: intent.id,
      amountCents: intent.amount_received,
      currency: intent.currency,
    },
    completionPorts(),
  );
  logger.info('stripe payment handled', { id: verified.id, checkoutCode, result });
  return { received: true as const, result };
});
