import { type FormObject, str } from './form.ts';
import { invalid, type StripeObject } from './stripe-api.ts';

/**
 * Manual capture (`capture_method: 'manual'`) as Stripe does it: a successful confirm places a
 * hold (the charge is authorised, not captured; the intent `requires_capture`), which is then
 * captured once, released by a cancel, or lapses when its validity window ends.
 */

/** Stripe's validity window of a customer-initiated online card authorisation: 7 days. */
export const CARD_HOLD_SECONDS = 7 * 24 * 60 * 60;

export interface HoldPorts {
  charge(id: unknown): StripeObject;
  emit(type: string, object: StripeObject): void;
  /** The stand-in's clock for holds, unix seconds. */
  now(): number;
  /** Records the captured money's balance transaction on the charge (Stripe makes it at the capture). */
  settle(charge: StripeObject, amount: number): void;
}

/** The authorised charge of a successful confirm: `charge.succeeded` (captured: false), then `payment_intent.amount_capturable_updated`. */
export function placeHold(intent: StripeObject, charge: StripeObject, ports: HoldPorts): StripeObject {
  const details = charge.payment_method_details as { card?: Record<string, unknown>; type: string } | null;
  Object.assign(charge, {
    amount_captured: 0,
    captured: false,
    payment_method_details: details
      ? { ...details, card: { ...details.card, capture_before: ports.now() + CARD_HOLD_SECONDS } }
      : null,
  });
  Object.assign(intent, {
    status: 'requires_capture',
    amount_capturable: intent.amount,
    latest_charge: charge.id,
    next_action: null,
    last_payment_error: null,
  });
  ports.emit('charge.succeeded', charge);
  ports.emit('payment_intent.amount_capturable_updated', intent);
  return intent;
}

function captureBefore(charge: StripeObject): number {
  const details = charge.payment_method_details as { card?: { capture_before?: number } } | null;
  return details?.card?.capture_before ?? Number.POSITIVE_INFINITY;
}

/**
 * A hold past its window is released and its intent canceled (`cancellation_reason: automatic`),
 * with `charge.expired` and `payment_intent.canceled`. Stripe does this on a timer; the stand-in
 * does it when the intent is next looked at, which no caller can tell apart.
 */
export function lapseIfDue(intent: StripeObject, ports: HoldPorts): void {
  if (intent.status !== 'requires_capture') return;
  const charge = ports.charge(intent.latest_charge);
  if (ports.now() < captureBefore(charge)) return;
  Object.assign(charge, { amount_refunded: charge.amount, refunded: true });
  Object.assign(intent, {
    status: 'canceled',
    amount_capturable: 0,
    canceled_at: ports.now(),
    cancellation_reason: 'automatic',
  });
  ports.emit('charge.expired', charge);
  ports.emit('payment_intent.canceled', intent);
}

/** Canceling an intent that holds funds releases them: the uncaptured charge is refunded in full. */
export function releaseHold(intent: StripeObject, ports: HoldPorts): void {
  if (intent.status !== 'requires_capture') return;
  const charge = ports.charge(intent.latest_charge);
  Object.assign(charge, { amount_refunded: charge.amount, refunded: true });
  intent.amount_capturable = 0;
  ports.emit('charge.refunded', charge);
}

const captureParams = new Set(['amount_to_capture', 'expand']);

/** POST /v1/payment_intents/:id/capture: once, from `requires_capture`, at most what is capturable. */
export function captureHold(intent: StripeObject, form: FormObject, ports: HoldPorts): StripeObject {
  for (const name of Object.keys(form)) {
    if (!captureParams.has(name))
      throw invalid(`Received unknown parameter: ${name}`, { code: 'parameter_unknown', param: name });
  }
  lapseIfDue(intent, ports);
  if (intent.status !== 'requires_capture') {
    throw invalid(
      `This PaymentIntent could not be captured because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be captured: requires_capture.`,
      { code: 'payment_intent_unexpected_state', payment_intent: structuredClone(intent) },
    );
  }
  const capturable = Number(intent.amount_capturable);
  const text = str(form.amount_to_capture);
  if (text !== undefined && !/^\d+$/.test(text)) {
    throw invalid(`Invalid integer: ${text}`, {
      code: 'parameter_invalid_integer',
      param: 'amount_to_capture',
    });
  }
  const amount = text === undefined ? capturable : Number(text);
  if (amount > capturable) {
    throw invalid(
      `The amount to capture (${amount}) is greater than the amount capturable on this PaymentIntent (${capturable}).`,
      { code: 'amount_too_large', param: 'amount_to_capture' },
    );
  }
  if (amount < 50) {
    throw invalid('Amount must be at least 50 cents', {
      code: 'amount_too_small',
      param: 'amount_to_capture',
    });
  }
  const charge = ports.charge(intent.latest_charge);
  // What is not captured is released, as a refund of the rest of the charge.
  Object.assign(charge, { amount_captured: amount, amount_refunded: capturable - amount, captured: true });
  ports.settle(charge, amount);
  Object.assign(intent, { status: 'succeeded', amount_capturable: 0, amount_received: amount });
  ports.emit('charge.captured', charge);
  ports.emit('payment_intent.succeeded', intent);
  return intent;
}
