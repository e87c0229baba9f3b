import type { ApiError, CheckoutPaymentIntent, OrdersController } from '@paypal/paypal-server-sdk';
import type {
  CancelOutcome,
  CaptureOutcome,
  Confirmation,
  PaymentOperations,
  PaymentRef,
  PaymentStart,
  PaymentState,
  StartedPayment,
  TakenPayment,
  WebhookNotice,
} from '../provider.ts';
import { paypal, verifyPaypalWebhook } from './paypal-client.ts';

/**
 * PayPal: orders the payer approves at PayPal, then captured by the shop (`intent: CAPTURE`, a
 * purchase) or authorised by the shop and captured later (`intent: AUTHORIZE`, a draw entry).
 * PayPal's expected refusals (UNPROCESSABLE_ENTITY with an issue) come back as typed results;
 * another error answer from PayPal is `failed` (safe to try again); a call that never reached
 * PayPal throws.
 */

const cents = (value: string | undefined) => Math.round(Number(value ?? 0) * 100);

/** The issue PayPal names in an error answer, and its HTTP status; undefined when it is not PayPal's answer. */
async function paypalRefusal(
  error: unknown,
): Promise<{ status: number; issue: string; message: string } | undefined> {
  const { ApiError: SdkApiError } = await import('@paypal/paypal-server-sdk');
  if (!(error instanceof SdkApiError)) return undefined;
  const result = (error as ApiError<{ name?: string; details?: { issue?: string }[] }>).result;
  return {
    status: error.statusCode,
    issue: result?.details?.[0]?.issue ?? result?.name ?? '',
    message: error.message,
  };
}

/** An order for exactly the server's amount (2 decimals), to be approved by the payer at PayPal. */
async function start(input: PaymentStart): Promise<StartedPayment> {
  if (!input.returnUrl || !input.cancelUrl) throw new Error('a PayPal order needs a return and a cancel URL');
  const { result } = await (await paypal()).orders.createOrder({
    paypalRequestId: input.idempotencyKey,
    body: {
      intent:
        input.capture === 'manual'
          ? ('AUTHORIZE' as CheckoutPaymentIntent.Authorize)
          : ('CAPTURE' as CheckoutPaymentIntent.Capture),
      purchaseUnits: [
        {
          referenceId: input.reference,
          customId: input.reference,
          description: input.description.slice(0, 127),
          amount: { currencyCode: input.currency.toUpperCase(), value: (input.amountCents / 100).toFixed(2) },
        },
      ],
      applicationContext: { returnUrl: input.returnUrl, cancelUrl: input.cancelUrl },
    },
  });
  const approve = result.links?.find((l) => l.rel === 'approve' || l.rel === 'payer-action')?.href;
  if (!result.id || !approve) throw new Error('PayPal gave no order id or approval link');
  return { paymentRef: result.id, approveUrl: approve };
}

/** A completed capture: the webhook of this capture goes by the same event id. */
const takenBy = (capture: { id: string; amountCents: number; currency: string }): TakenPayment => ({
  paymentRef: capture.id,
  amountCents: capture.amountCents,
  currency: capture.currency,
  eventId: `capture:${capture.id}`,
});

/** Captures an approved order; what PayPal answers is the verified confirmation. */
async function captureOrder(orderId: string): Promise<Confirmation> {
  const { result } = await (await paypal()).orders.captureOrder({
    id: orderId,
    paypalRequestId: `capture-${orderId}`,
  });
  const capture = result.purchaseUnits?.[0]?.payments?.captures?.[0];
  if (result.status !== 'COMPLETED' || capture?.status !== 'COMPLETED' || !capture.id)
    return { outcome: 'not-confirmed' };
  return {
    outcome: 'paid',
    taken: takenBy({
      id: capture.id,
      amountCents: cents(capture.amount?.value),
      currency: capture.amount?.currencyCode ?? '',
    }),
  };
}

interface Authorization {
  authorizationId: string;
  amountCents: number;
  currency: string;
  /** When PayPal stops honouring it, epoch ms. */
  expiresAt: number;
}

type AuthorizeOutcome =
  | ({ outcome: 'authorized' } & Authorization)
  | ({ outcome: 'already-authorized' } & Authorization)
  | { outcome: 'not-approved' }
  | { outcome: 'failed'; message: string };

type OrderLike = Awaited<ReturnType<OrdersController['getOrder']>>['result'];

function authorizationOf(order: OrderLike): Authorization | undefined {
  const authorization = order.purchaseUnits?.[0]?.payments?.authorizations?.[0];
  if (!authorization?.id) return undefined;
  return {
    authorizationId: authorization.id,
    amountCents: cents(authorization.amount?.value),
    currency: authorization.amount?.currencyCode ?? '',
    expiresAt: Date.parse(authorization.expirationTime ?? ''),
  };
}

/**
 * Authorises an approved order: PayPal holds the money until the authorisation expires. No
 * PayPal-Request-Id on purpose: a retry after a lost answer is told ORDER_ALREADY_AUTHORIZED
 * and gets the authorisation from the order (a request id would replay an early refusal).
 */
async function authorizeOrder(orderId: string): Promise<AuthorizeOutcome> {
  const { orders } = await paypal();
  try {
    const authorization = authorizationOf((await orders.authorizeOrder({ id: orderId })).result);
    return authorization
      ? { outcome: 'authorized', ...authorization }
      : { outcome: 'failed', message: 'PayPal gave no authorization' };
  } catch (error) {
    const refusal = await paypalRefusal(error);
    if (!refusal) throw error;
    if (refusal.issue === 'ORDER_NOT_APPROVED') return { outcome: 'not-approved' };
    if (refusal.issue === 'ORDER_ALREADY_AUTHORIZED') {
      const authorization = authorizationOf((await orders.getOrder({ id: orderId })).result);
      if (authorization) return { outcome: 'already-authorized', ...authorization };
    }
    return { outcome: 'failed', message: refusal.message };
  }
}

/** The order's authorisation, if its payer approved it (authorising it then, to be voided or captured). */
async function authorizationIdOf(ref: PaymentRef): Promise<string | undefined> {
  if (ref.authorizationId) return ref.authorizationId;
  const authorised = await authorizeOrder(ref.id);
  return authorised.outcome === 'authorized' || authorised.outcome === 'already-authorized'
    ? authorised.authorizationId
    : undefined;
}

/**
 * The shop's own call once the payer is back: a purchase is captured, an entry's order
 * authorised (or was: PayPal then answers the authorisation it has) by the account that approved it.
 */
async function confirm(ref: PaymentRef): Promise<Confirmation> {
  if (ref.capture === 'now') return captureOrder(ref.id);
  const authorised = await authorizeOrder(ref.id);
  if (authorised.outcome !== 'authorized' && authorised.outcome !== 'already-authorized')
    return { outcome: 'not-confirmed' };
  const payerId = await orderPayer(ref.id);
  if (!payerId) return { outcome: 'not-confirmed' };
  return {
    outcome: 'authorised',
    amountCents: authorised.amountCents,
    payer: { fingerprint: `paypal-${payerId}`, brand: 'PayPal', last4: '' },
    authorizationId: authorised.authorizationId,
  };
}

/** Captures the whole authorised amount, as the final capture. */
async function capture(ref: PaymentRef, amountCents: number): Promise<CaptureOutcome> {
  const authorizationId = await authorizationIdOf(ref);
  if (!authorizationId) return { outcome: 'cannot-capture', reason: 'not authorised' };
  try {
    const { result } = await (await paypal()).payments.captureAuthorizedPayment({
      authorizationId,
      body: { finalCapture: true },
    });
    if (result.status !== 'COMPLETED' || !result.id)
      return { outcome: 'failed', message: `the capture is ${result.status}` };
    return { outcome: 'captured', amountCents: cents(result.amount?.value) };
  } catch (error) {
    const refusal = await paypalRefusal(error);
    if (!refusal) throw error;
    if (refusal.issue === 'AUTHORIZATION_ALREADY_CAPTURED')
      return { outcome: 'already-captured', amountCents };
    if (refusal.issue === 'AUTHORIZATION_VOIDED') return { outcome: 'cannot-capture', reason: 'voided' };
    if (refusal.issue === 'AUTHORIZATION_EXPIRED') return { outcome: 'cannot-capture', reason: 'expired' };
    return { outcome: 'failed', message: refusal.message };
  }
}

/**
 * Releases the authorised money (a losing or withdrawn entry). An order never approved, or one
 * to be captured at once, holds nothing: it lapses on its own at PayPal.
 */
async function cancel(ref: PaymentRef): Promise<CancelOutcome> {
  if (ref.capture === 'now') return { outcome: 'already-canceled' };
  const authorizationId = await authorizationIdOf(ref);
  if (!authorizationId) return { outcome: 'already-canceled' };
  try {
    await (await paypal()).payments.voidPayment({ authorizationId });
    return { outcome: 'canceled' };
  } catch (error) {
    const refusal = await paypalRefusal(error);
    if (!refusal) throw error;
    if (refusal.issue === 'PREVIOUSLY_VOIDED') return { outcome: 'already-canceled' };
    if (refusal.issue === 'PREVIOUSLY_CAPTURED') return { outcome: 'cannot-cancel', reason: 'captured' };
    if (refusal.issue === 'AUTHORIZATION_EXPIRED') return { outcome: 'already-canceled' };
    return { outcome: 'failed', message: refusal.message };
  }
}

async function refund(taken: { paymentRef: string; idempotencyKey: string }): Promise<void> {
  await (await paypal()).payments.refundCapturedPayment({
    captureId: taken.paymentRef,
    paypalRequestId: taken.idempotencyKey,
  });
}

const STATUS: Record<string, PaymentState['status']> = {
  CREATED: 'awaiting-payer',
  SAVED: 'awaiting-payer',
  PAYER_ACTION_REQUIRED: 'awaiting-payer',
  APPROVED: 'approved',
  COMPLETED: 'paid',
  VOIDED: 'canceled',
};

/** What PayPal says of an order we created: its state, its last change, and its completed capture. */
async function read(ref: PaymentRef): Promise<PaymentState> {
  const { result } = await (await paypal()).orders.getOrder({ id: ref.id });
  const capture = result.purchaseUnits?.[0]?.payments?.captures?.find((c) => c.status === 'COMPLETED');
  const changed = Date.parse(result.updateTime ?? result.createTime ?? '');
  const status = result.status ?? '';
  return {
    status: STATUS[status] ?? 'awaiting-payer',
    providerStatus: status,
    ...(Number.isFinite(changed) ? { changedAt: changed } : {}),
    ...(capture?.id
      ? {
          taken: takenBy({
            id: capture.id,
            amountCents: cents(capture.amount?.value),
            currency: capture.amount?.currencyCode ?? '',
          }),
        }
      : {}),
  };
}

interface CaptureEvent {
  id?: string;
  event_type?: string;
  resource?: {
    id?: string;
    status?: string;
    custom_id?: string;
    amount?: { value?: string; currency_code?: string };
  };
}

/** Verified with PayPal before it is believed; a completed capture is a payment. */
async function verifyWebhook(
  headers: Record<string, string | undefined>,
  body: string | Buffer,
): Promise<WebhookNotice> {
  if (!(await verifyPaypalWebhook(headers, body)))
    return { verified: false, message: 'the webhook signature is not valid' };
  const notice = JSON.parse(typeof body === 'string' ? body : body.toString('utf8')) as CaptureEvent;
  const verified = { verified: true as const, id: notice.id ?? '', type: notice.event_type ?? '' };
  const capture = notice.resource;
  if (notice.event_type !== 'PAYMENT.CAPTURE.COMPLETED' || !capture?.id || !capture.custom_id)
    return verified;
  return {
    ...verified,
    paid: {
      ...takenBy({
        id: capture.id,
        amountCents: cents(capture.amount?.value),
        currency: capture.amount?.currency_code ?? '',
      }),
      eventId: `capture:${capture.id}`,
      reference: capture.custom_id,
    },
  };
}

/** The PayPal account that approved the order (PayPal's payer id), once approved. */
async function orderPayer(orderId: string): Promise<string | undefined> {
  const { result } = await (await paypal()).orders.getOrder({ id: orderId });
  return result.payer?.payerId ?? undefined;
}

/** A PayPal-Request-Id already in use answers the first request's result: no twin to wait for. */
const isConcurrentStart = () => false;

export const paypalOperations: PaymentOperations = {
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

/** An authorisation's state as PayPal keeps it (the suites read what a draw left behind). */
export interface PaypalAuthorizationState {
  /** CREATED, CAPTURED, PARTIALLY_CAPTURED, VOIDED, DENIED or PENDING. */
  status: string;
  amountCents: number;
  currency: string;
  expiresAt: number;
  reference?: string;
}

export async function paypalAuthorizationState(authorizationId: string): Promise<PaypalAuthorizationState> {
  const { result } = await (await paypal()).payments.getAuthorizedPayment({ authorizationId });
  return {
    status: result.status ?? '',
    amountCents: cents(result.amount?.value),
    currency: result.amount?.currencyCode ?? '',
    expiresAt: Date.parse(result.expirationTime ?? ''),
    ...(result.customId ? { reference: result.customId } : {}),
  };
}
