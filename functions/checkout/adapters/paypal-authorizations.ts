import type { ApiError, CheckoutPaymentIntent, OrdersController } from '@paypal/paypal-server-sdk';
import { paypal } from './paypal.ts';

/**
 * PayPal payments authorised now and captured later (orders with `intent: AUTHORIZE`): a draw
 * entry's payment. PayPal's expected refusals (UNPROCESSABLE_ENTITY with an issue) come back as
 * typed results; another error answer from PayPal is `failed` (safe to try again); a call that
 * never reached PayPal throws.
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

/** An order to authorise `amountCents` once the entrant approves it at PayPal. */
export async function createPaypalAuthorizeOrder(input: {
  /** Ours, on the order and every authorisation and capture (custom_id). */
  reference: string;
  amountCents: number;
  description: string;
  returnUrl: string;
  cancelUrl: string;
  /** The same id gives the same order back (a retried entry). */
  requestId: string;
}): Promise<{ orderId: string; approveUrl: string }> {
  const { result } = await (await paypal()).orders.createOrder({
    paypalRequestId: input.requestId,
    body: {
      intent: 'AUTHORIZE' as CheckoutPaymentIntent.Authorize,
      purchaseUnits: [
        {
          referenceId: input.reference,
          customId: input.reference,
          description: input.description.slice(0, 127),
          amount: { currencyCode: 'USD', value: (input.amountCents / 100).toFixed(2) },
        },
      ],
      applicationContext: { returnUrl: input.returnUrl, cancelUrl: input.cancelUrl },
    },
  });
  const approve = result.links?.find((l) => l.rel === 'approve' || l.rel === 'payer-action')?.href;
  if (!result.id || !approve) throw new Error('PayPal gave no order id or approval link');
  return { orderId: result.id, approveUrl: approve };
}

export interface Authorization {
  authorizationId: string;
  amountCents: number;
  currency: string;
  /** When PayPal stops honouring it, epoch ms. */
  expiresAt: number;
}

export type AuthorizeOutcome =
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
export async function authorizePaypalOrder(orderId: string): Promise<AuthorizeOutcome> {
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

export type AuthorizationCaptureOutcome =
  | { outcome: 'captured'; captureId: string; amountCents: number; currency: string }
  | { outcome: 'already-captured' }
  | { outcome: 'cannot-capture'; reason: 'voided' | 'expired' }
  | { outcome: 'failed'; message: string };

/** Captures the whole authorised amount, as the final capture. */
export async function capturePaypalAuthorization(
  authorizationId: string,
): Promise<AuthorizationCaptureOutcome> {
  try {
    const { result } = await (await paypal()).payments.captureAuthorizedPayment({
      authorizationId,
      body: { finalCapture: true },
    });
    if (result.status !== 'COMPLETED' || !result.id)
      return { outcome: 'failed', message: `the capture is ${result.status}` };
    return {
      outcome: 'captured',
      captureId: result.id,
      amountCents: cents(result.amount?.value),
      currency: result.amount?.currencyCode ?? '',
    };
  } catch (error) {
    const refusal = await paypalRefusal(error);
    if (!refusal) throw error;
    if (refusal.issue === 'AUTHORIZATION_ALREADY_CAPTURED') return { outcome: 'already-captured' };
    if (refusal.issue === 'AUTHORIZATION_VOIDED') return { outcome: 'cannot-capture', reason: 'voided' };
    if (refusal.issue === 'AUTHORIZATION_EXPIRED') return { outcome: 'cannot-capture', reason: 'expired' };
    return { outcome: 'failed', message: refusal.message };
  }
}

export type VoidOutcome =
  | { outcome: 'voided' }
  | { outcome: 'already-voided' }
  | { outcome: 'cannot-void'; reason: 'captured' | 'expired' }
  | { outcome: 'failed'; message: string };

/** Releases the authorised money (a losing or withdrawn entry). */
export async function voidPaypalAuthorization(authorizationId: string): Promise<VoidOutcome> {
  try {
    await (await paypal()).payments.voidPayment({ authorizationId });
    return { outcome: 'voided' };
  } catch (error) {
    const refusal = await paypalRefusal(error);
    if (!refusal) throw error;
    if (refusal.issue === 'PREVIOUSLY_VOIDED') return { outcome: 'already-voided' };
    if (refusal.issue === 'PREVIOUSLY_CAPTURED') return { outcome: 'cannot-void', reason: 'captured' };
    if (refusal.issue === 'AUTHORIZATION_EXPIRED') return { outcome: 'cannot-void', reason: 'expired' };
    return { outcome: 'failed', message: refusal.message };
  }
}

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

/** The PayPal account that approved the order (PayPal's payer id), once approved. */
export async function paypalOrderPayer(orderId: string): Promise<string | undefined> {
  const { result } = await (await paypal()).orders.getOrder({ id: orderId });
  return result.payer?.payerId ?? undefined;
}
