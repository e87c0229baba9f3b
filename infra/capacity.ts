import type { EdgeCacheName } from '#shared/edge-cache.ts';
import { type Route, routeKey, routes } from '../functions/routes.ts';

/**
 * What the payment path keeps on release day, in one place (docs/edge-and-capacity.md says why
 * these numbers). A surge of storefront reads is refused by the HTTP API stage (429) before it
 * reaches Lambda, and cannot take the Lambda concurrency the checkout starts and the provider
 * webhooks have reserved.
 */

/** An HTTP API route throttle: steady requests per second, and how many may arrive at once. */
export interface Throttle {
  rate: number;
  burst: number;
}

/**
 * A route of the payment path: the Lambda concurrency reserved for its function and the longest
 * a call is expected to take (cold start and the provider's answer included). Its stage throttle
 * lets no more calls in than the reservation can run: `reserved` at once, `reserved / seconds`
 * a second.
 */
export interface PaymentRoute {
  /** The route key as functions/routes.ts writes it, without the /api prefix: `POST /secret`. */
  key: string;
  reserved: number;
  seconds: number;
  /** What the function does on the payment path. */
  role: string;
}

export const PAYMENT_PATH: readonly PaymentRoute[] = [
  {
    key: 'POST /checkout/hold',
    reserved: 20,
    seconds: 1,
    role: 'starts a card checkout (continue to payment): holds the piece',
  },
  {
    key: 'POST /secret',
    reserved: 10,
    seconds: 1,
    role: "a card's pay click, a wallet sheet's confirm: holds the piece, makes the PaymentIntent",
  },
  { key: 'POST /paypal/orders', reserved: 10, seconds: 1, role: 'starts a PayPal checkout: holds the piece' },
  { key: 'POST /paypal/capture', reserved: 10, seconds: 1, role: 'takes the approved PayPal payment' },
  {
    key: 'GET /orders/{id}',
    reserved: 10,
    seconds: 1,
    role: 'the success page: completes a card order Stripe says is paid',
  },
  { key: 'POST /webhooks/stripe', reserved: 10, seconds: 1, role: "Stripe's payment_intent.succeeded" },
  { key: 'POST /webhooks/paypal', reserved: 10, seconds: 1, role: "PayPal's PAYMENT.CAPTURE.COMPLETED" },
];

/**
 * Storefront reads served from the edge, per route: the origin sees a key at most once per
 * s-maxage per CloudFront regional cache, so these bound what a cache-busting crowd (new query
 * values each time) can make Lambda run, about rate × 50 ms of concurrency per route.
 */
export const READ_THROTTLES: Record<EdgeCacheName, Throttle> = {
  catalogue: { rate: 50, burst: 100 },
  availability: { rate: 100, burst: 200 },
};

/** Every other route: the stage's default, per route (admin, portal, sign-ups, answers). */
export const DEFAULT_THROTTLE: Throttle = { rate: 100, burst: 200 };

/** Lambda keeps at least this much of an account's concurrency unreserved (AWS's rule). */
export const UNRESERVED_MINIMUM = 100;

/** The default concurrency quota of an established account; what to ask AWS for. */
export const RECOMMENDED_ACCOUNT_CONCURRENCY = 1000;

const byKey = new Map(routes.map((route) => [routeKey(route, ''), route]));
for (const { key } of PAYMENT_PATH) {
  if (!byKey.has(key)) throw new Error(`infra/capacity.ts: ${key} is not a row of functions/routes.ts`);
}

function paymentRouteOf(route: Route): PaymentRoute | undefined {
  return PAYMENT_PATH.find((entry) => entry.key === routeKey(route, ''));
}

/** The Lambda concurrency reserved for a route's function, if it is on the payment path. */
export function reservedConcurrencyOf(route: Route): number | undefined {
  return paymentRouteOf(route)?.reserved;
}

/** The throttle of a payment route: no more calls than its reservation runs. */
export function paymentThrottle(entry: PaymentRoute): Throttle {
  return { rate: Math.floor(entry.reserved / entry.seconds), burst: entry.reserved };
}

/** The stage's per-route throttles, by API Gateway route key (`GET /api/type`). */
export function routeThrottles(rows: readonly Route[]): Record<string, Throttle> {
  const throttles: Record<string, Throttle> = {};
  for (const route of rows) {
    const payment = paymentRouteOf(route);
    if (payment) throttles[routeKey(route)] = paymentThrottle(payment);
    else if (route.edge) throttles[routeKey(route)] = READ_THROTTLES[route.edge.cache];
  }
  return throttles;
}

/** Concurrency the stack reserves, all functions together. */
export function reservedConcurrency(): number {
  return PAYMENT_PATH.reduce((sum, entry) => sum + entry.reserved, 0);
}

/**
 * The smallest Lambda concurrency quota (Service Quotas: "Concurrent executions") the account
 * needs for the stack to deploy: the reservations, plus what Lambda keeps unreserved.
 */
export function minimumAccountConcurrency(): number {
  return reservedConcurrency() + UNRESERVED_MINIMUM;
}

/**
 * The `accountConcurrency` context value (`-c accountConcurrency=1000`), checked: a quota too
 * small for the reservations fails the synth with what to ask AWS for. Undefined when not given.
 */
export function checkAccountConcurrency(given: unknown): number | undefined {
  if (given === undefined || given === null || given === '') return undefined;
  const quota = Number(given);
  if (!Number.isInteger(quota) || quota <= 0)
    throw new Error(`accountConcurrency: a whole number of concurrent executions, not '${String(given)}'`);
  const minimum = minimumAccountConcurrency();
  if (quota < minimum)
    throw new Error(
      `accountConcurrency ${quota} is too low: the stack reserves ${reservedConcurrency()} concurrent ` +
        `executions for the payment path (infra/capacity.ts) and Lambda keeps ${UNRESERVED_MINIMUM} ` +
        `unreserved, so the account needs at least ${minimum}. Ask AWS for ` +
        `${RECOMMENDED_ACCOUNT_CONCURRENCY} (Service Quotas → AWS Lambda → Concurrent executions, ` +
        'quota code L-B99A9384) and deploy once it is granted.',
    );
  return quota;
}
