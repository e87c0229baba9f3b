import type Stripe from 'stripe';
import type {
  CancelOutcome,
  CaptureOutcome,
  Confirmation,
  PaymentOperations,
  PaymentRef,
  PaymentStart,
  PaymentState,
  StartedPayment,
  WebhookNotice,
} from '../provider.ts';
import { signedInTime, stripe, stripeWebhookSecret, WEBHOOK_TOLERANCE_SECONDS } from './stripe-client.ts';

/**
 * Stripe: PaymentIntents confirmed in the shop's page (the payer's card or wallet), taken at once
 * (a purchase) or authorised now and captured later (`capture_method: manual`, a draw entry).
 * Stripe's expected states come back as typed results; only a call Stripe could not answer (a
 * 5xx, the network, a refused key) is `failed`, which is safe to try again.
 */

/** Stripe's default, USD 1,000, when the deployment sets none (CDK context threeDSecureAboveUsd). */
const DEFAULT_THREE_D_SECURE_ABOVE_CENTS = 100_000;

/** Above this amount every card is asked for 3-D Secure (THREE_D_SECURE_ABOVE_CENTS, per deployment). */
export function threeDSecureAboveCents(env: NodeJS.ProcessEnv = process.env): number {
  const set = Number(env.THREE_D_SECURE_ABOVE_CENTS);
  return env.THREE_D_SECURE_ABOVE_CENTS && Number.isInteger(set) && set >= 0
    ? set
    : DEFAULT_THREE_D_SECURE_ABOVE_CENTS;
}

async function start(input: PaymentStart): Promise<StartedPayment> {
  const askThreeDSecure = input.amountCents > threeDSecureAboveCents();
  const intent = await (await stripe()).paymentIntents.create(
    {
      amount: input.amountCents,
      currency: input.currency,
      description: input.description,
      ...(input.capture === 'manual' ? { capture_method: 'manual' as const } : {}),
      // What the Payment Element offers (card, Link), none of which leaves the page.
      automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
      ...(askThreeDSecure
        ? { payment_method_options: { card: { request_three_d_secure: 'any' as const } } }
        : {}),
      metadata: input.metadata,
      ...(input.email ? { receipt_email: input.email } : {}),
    },
    { idempotencyKey: input.idempotencyKey },
  );
  if (!intent.client_secret) throw new Error('the PaymentIntent has no client secret');
  return {
    paymentRef: intent.id,
    clientSecret: intent.client_secret,
    page: stripePage(),
  };
}

/**
 * What a page needs to load Stripe.js before any payment exists (the wallet buttons of the
 * Express Checkout Element): the publishable key, and 'local' when the browser loads the
 * stand-in of Stripe.js from the emulator (/__payments/v3/stripe.js).
 */
export function stripePage(): { publishableKey?: string; paymentsMode: 'local' | 'stripe' } {
  return {
    ...(process.env.STRIPE_PUBLISHABLE_KEY ? { publishableKey: process.env.STRIPE_PUBLISHABLE_KEY } : {}),
    paymentsMode: process.env.STRIPE_API_BASE ? 'local' : 'stripe',
  };
}

const STATUS: Record<Stripe.PaymentIntent.Status, PaymentState['status']> = {
  requires_payment_method: 'awaiting-payer',
  requires_confirmation: 'awaiting-payer',
  requires_action: 'awaiting-payer',
  processing: 'processing',
  requires_capture: 'authorised',
  succeeded: 'paid',
  canceled: 'canceled',
};

/**
 * What Stripe says of a payment: a succeeded one with when its money was taken (its charge), an
 * authorised one with until when the card's hold lasts.
 */
async function read(ref: PaymentRef): Promise<PaymentState> {
  const intent = await (await stripe()).paymentIntents.retrieve(ref.id, { expand: ['latest_charge'] });
  const state: PaymentState = {
    status: STATUS[intent.status] ?? 'awaiting-payer',
    providerStatus: intent.status,
  };
  if (intent.status !== 'succeeded' && intent.status !== 'requires_capture') return state;
  const charge =
    typeof intent.latest_charge === 'string'
      ? await (await stripe()).charges.retrieve(intent.latest_charge)
      : intent.latest_charge;
  const captureBefore = charge?.payment_method_details?.card?.capture_before;
  if (intent.status === 'requires_capture')
    return captureBefore ? { ...state, authorisedUntil: captureBefore * 1000 } : state;
  const taken = { paymentRef: intent.id, amountCents: intent.amount_received, currency: intent.currency };
  return { ...state, taken, ...(charge ? { changedAt: charge.created * 1000 } : {}) };
}

/** A wallet as a payer knows it, by Stripe's `card.wallet.type`. */
const WALLET_NAMES: Record<string, string> = {
  apple_pay: 'Apple Pay',
  google_pay: 'Google Pay',
  link: 'Link',
};

/**
 * The payer confirms in the page; the shop only reads what that did. A taken payment is paid; a
 * manual one holding its amount is authorised by the card whose fingerprint it names.
 */
async function confirm(ref: PaymentRef, expected: Record<string, string> = {}): Promise<Confirmation> {
  if (ref.capture === 'now') {
    const intent = await (await stripe()).paymentIntents.retrieve(ref.id);
    return intent.status === 'succeeded'
      ? {
          outcome: 'paid',
          taken: { paymentRef: intent.id, amountCents: intent.amount_received, currency: intent.currency },
        }
      : { outcome: 'not-confirmed' };
  }
  const intent = await (await stripe()).paymentIntents.retrieve(ref.id, { expand: ['payment_method'] });
  const method = typeof intent.payment_method === 'object' ? intent.payment_method : undefined;
  const ours = Object.entries(expected).every(([name, value]) => intent.metadata[name] === value);
  if (!ours || intent.status !== 'requires_capture') return { outcome: 'not-confirmed' };
  const card = method?.card;
  if (card?.fingerprint)
    return {
      outcome: 'authorised',
      amountCents: intent.amount_capturable,
      payer: {
        fingerprint: card.fingerprint,
        brand: card.brand,
        last4: card.last4,
        ...(card.wallet ? { wallet: WALLET_NAMES[card.wallet.type] ?? card.wallet.type } : {}),
      },
    };
  // Link: the payer is their Link account (its e-mail), as PayPal's is theirs.
  const linkEmail = method?.link?.email?.toLowerCase();
  if (method?.type !== 'link' || !linkEmail) return { outcome: 'not-confirmed' };
  return {
    outcome: 'authorised',
    amountCents: intent.amount_capturable,
    payer: { fingerprint: `link-${linkEmail}`, brand: 'Link', last4: '' },
  };
}

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

async function capture(ref: PaymentRef, amountCents: number): Promise<CaptureOutcome> {
  const client = await stripe();
  try {
    const intent = await client.paymentIntents.capture(ref.id, { amount_to_capture: amountCents });
    return intent.status === 'succeeded'
      ? { outcome: 'captured', amountCents: intent.amount_received }
      : notCapturable(intent);
  } catch (error) {
    const known = stripeError(error);
    if (!known) throw error;
    if (unexpectedState(known))
      return notCapturable(known.payment_intent ?? (await client.paymentIntents.retrieve(ref.id)));
    return { outcome: 'failed', message: known.message };
  }
}

function notCancelable(intent: Stripe.PaymentIntent): CancelOutcome | undefined {
  if (intent.status === 'canceled') return { outcome: 'already-canceled' };
  if (intent.status === 'succeeded') return { outcome: 'cannot-cancel', reason: 'captured' };
  if (intent.status === 'processing') return { outcome: 'cannot-cancel', reason: 'processing' };
  return undefined;
}

/** Cancels an unpaid payment or releases a hold; one already final is answered as it is. */
async function cancel(ref: PaymentRef): Promise<CancelOutcome> {
  const client = await stripe();
  const final = notCancelable(await client.paymentIntents.retrieve(ref.id));
  if (final) return final;
  try {
    await client.paymentIntents.cancel(ref.id);
    return { outcome: 'canceled' };
  } catch (error) {
    const known = stripeError(error);
    if (!known) throw error;
    if (!unexpectedState(known)) return { outcome: 'failed', message: known.message };
    const intent = known.payment_intent ?? (await client.paymentIntents.retrieve(ref.id));
    return notCancelable(intent) ?? { outcome: 'failed', message: known.message };
  }
}

async function refund(taken: { paymentRef: string; idempotencyKey: string }): Promise<void> {
  await (await stripe()).refunds.create(
    { payment_intent: taken.paymentRef },
    { idempotencyKey: taken.idempotencyKey },
  );
}

/**
 * The signature is checked on the raw body, and its signed time must be within 5 minutes of
 * ours either way (a delivery dated ahead is refused too, not only an old one). A succeeded
 * PaymentIntent is a payment; its checkout code is in its metadata (a draw's hold has none: its
 * settlement completes the order).
 */
async function verifyWebhook(
  headers: Record<string, string | undefined>,
  body: string | Buffer,
): Promise<WebhookNotice> {
  const signature = headers['stripe-signature'];
  let verified: Stripe.Event;
  try {
    if (!signature) throw new Error('no signature');
    verified = (await stripe()).webhooks.constructEvent(
      body,
      signature,
      stripeWebhookSecret(),
      WEBHOOK_TOLERANCE_SECONDS,
    );
  } catch {
    return { verified: false, message: 'the webhook signature is not valid' };
  }
  if (!signedInTime(signature, Date.now()))
    return { verified: false, message: 'the webhook signature is not valid at this time' };
  const notice = { verified: true as const, id: verified.id, type: verified.type };
  if (verified.type !== 'payment_intent.succeeded') return notice;
  const intent = verified.data.object as Stripe.PaymentIntent;
  return {
    ...notice,
    paid: {
      eventId: verified.id,
      paymentRef: intent.id,
      amountCents: intent.amount_received,
      currency: intent.currency,
      ...(intent.metadata?.checkoutCode ? { reference: intent.metadata.checkoutCode } : {}),
    },
  };
}

function isConcurrentStart(error: unknown): boolean {
  const { type, code } = (error ?? {}) as { type?: string; code?: string };
  return type === 'StripeIdempotencyError' || code === 'idempotency_key_in_use';
}

export const stripeOperations: PaymentOperations = {
  start,
  confirm,
  capture,
  cancel,
  refund,
  read,
  verifyWebhook,
  isConcurrentStart,
  // Another helper implements it (issue 49): until then, not yet.
  listPaid: async () => {
    throw new Error('not yet');
  },
};
