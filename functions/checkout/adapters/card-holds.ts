import type Stripe from 'stripe';
import { stripe } from './stripe.ts';

/**
 * Card payments authorised now and captured later (Stripe's manual capture): a draw entry's
 * payment. Stripe's expected states come back as typed results; only a call Stripe could not
 * answer (a 5xx, the network, a refused key) is `failed`, which is safe to try again.
 */

export async function createCardHold(input: {
  amountCents: number;
  currency: string;
  description: string;
  metadata: Record<string, string>;
  /** The same key gives the same PaymentIntent back (a retried entry). */
  idempotencyKey: string;
  email?: string;
}): Promise<{ paymentRef: string; clientSecret: string }> {
  const intent = await (await stripe()).paymentIntents.create(
    {
      amount: input.amountCents,
      currency: input.currency,
      description: input.description,
      capture_method: 'manual',
      automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
      metadata: input.metadata,
      ...(input.email ? { receipt_email: input.email } : {}),
    },
    { idempotencyKey: input.idempotencyKey },
  );
  if (!intent.client_secret) throw new Error('the PaymentIntent has no client secret');
  return { paymentRef: intent.id, clientSecret: intent.client_secret };
}

export interface HeldCard {
  /** Stripe's card identity: the same card number gives the same fingerprint. */
  fingerprint: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

export interface CardHoldState {
  status: Stripe.PaymentIntent.Status;
  /** What a capture can take now (0 unless `requires_capture`). */
  capturableCents: number;
  receivedCents: number;
  currency: string;
  metadata: Record<string, string>;
  /** When the hold lapses, epoch ms (only once authorised). */
  captureBefore?: number;
  card?: HeldCard;
  /** `automatic` when Stripe canceled a hold that lapsed. */
  cancellationReason?: string;
}

export async function cardHoldState(paymentRef: string): Promise<CardHoldState> {
  const intent = await (await stripe()).paymentIntents.retrieve(paymentRef, {
    expand: ['payment_method', 'latest_charge'],
  });
  const method = typeof intent.payment_method === 'object' ? intent.payment_method : null;
  const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
  const card = method?.card;
  const captureBefore = charge?.payment_method_details?.card?.capture_before;
  return {
    status: intent.status,
    capturableCents: intent.amount_capturable,
    receivedCents: intent.amount_received,
    currency: intent.currency,
    metadata: intent.metadata,
    ...(captureBefore ? { captureBefore: captureBefore * 1000 } : {}),
    ...(card?.fingerprint
      ? {
          card: {
            fingerprint: card.fingerprint,
            brand: card.brand,
            last4: card.last4,
            expMonth: card.exp_month,
            expYear: card.exp_year,
          },
        }
      : {}),
    ...(intent.cancellation_reason ? { cancellationReason: intent.cancellation_reason } : {}),
  };
}

export type CaptureOutcome =
  | { outcome: 'captured'; amountCents: number }
  | { outcome: 'already-captured'; amountCents: number }
  | { outcome: 'cannot-capture'; reason: 'canceled' | 'expired' | 'not-authorised' }
  | { outcome: 'failed'; message: string };

export type CancelOutcome =
  | { outcome: 'canceled' }
  | { outcome: 'already-canceled' }
  | { outcome: 'cannot-cancel'; reason: 'captured' }
  | { outcome: 'failed'; message: string };

interface StripeLikeError {
  type?: string;
  code?: string;
  message: string;
  payment_intent?: Stripe.PaymentIntent;
}

/** An error the SDK raised for Stripe's answer or for the network (not our own bug). */
function stripeError(error: unknown): StripeLikeError | undefined {
  const type = (error as { type?: unknown } | null)?.type;
  return typeof type === 'string' && type.startsWith('Stripe') ? (error as StripeLikeError) : undefined;
}

function unexpectedState(error: StripeLikeError): boolean {
  return error.type === 'StripeInvalidRequestError' && error.code === 'payment_intent_unexpected_state';
}

/** Why an intent that is not `requires_capture` cannot be captured, or that it already was. */
function notCapturable(intent: Stripe.PaymentIntent): CaptureOutcome {
  if (intent.status === 'succeeded')
    return { outcome: 'already-captured', amountCents: intent.amount_received };
  if (intent.status === 'canceled')
    return {
      outcome: 'cannot-capture',
      reason: intent.cancellation_reason === 'automatic' ? 'expired' : 'canceled',
    };
  return { outcome: 'cannot-capture', reason: 'not-authorised' };
}

/** Takes the held money (all of it, or `amountCents` of it); the rest of the hold is released. */
export async function captureCardHold(paymentRef: string, amountCents?: number): Promise<CaptureOutcome> {
  const client = await stripe();
  try {
    const intent = await client.paymentIntents.capture(
      paymentRef,
      amountCents === undefined ? {} : { amount_to_capture: amountCents },
    );
    return intent.status === 'succeeded'
      ? { outcome: 'captured', amountCents: intent.amount_received }
      : notCapturable(intent);
  } catch (error) {
    const known = stripeError(error);
    if (!known) throw error;
    if (unexpectedState(known))
      return notCapturable(known.payment_intent ?? (await client.paymentIntents.retrieve(paymentRef)));
    return { outcome: 'failed', message: known.message };
  }
}

/** Releases the hold (a losing or withdrawn entry). */
export async function cancelCardHold(paymentRef: string): Promise<CancelOutcome> {
  const client = await stripe();
  try {
    await client.paymentIntents.cancel(paymentRef);
    return { outcome: 'canceled' };
  } catch (error) {
    const known = stripeError(error);
    if (!known) throw error;
    if (!unexpectedState(known)) return { outcome: 'failed', message: known.message };
    const intent = known.payment_intent ?? (await client.paymentIntents.retrieve(paymentRef));
    if (intent.status === 'canceled') return { outcome: 'already-canceled' };
    if (intent.status === 'succeeded') return { outcome: 'cannot-cancel', reason: 'captured' };
    return { outcome: 'failed', message: known.message };
  }
}
