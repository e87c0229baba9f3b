import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import Stripe from 'stripe';
import { inject } from 'vitest';
import type { CollectionEntity } from '#catalog/entities/collection.ts';
import type { ProductEntity } from '#catalog/entities/product.ts';
import type { OrderEntity } from '#checkout/entities/order.ts';
import { verifyPassword } from '#platform/passwords.ts';
import { LOCAL_SHOP_SETTINGS } from '../../infra/local/shop-settings.ts';
import { api, freshClientAddress, newCheckoutKey } from '../support/api.ts';
import { torontoCheckout } from '../support/checkout-form.ts';
import { db, itemsWithPrefix } from '../support/db.ts';
import { productEntity, typeEntity } from '../support/fixtures.ts';

/**
 * The shop as the concurrency suite drives it: buyers on the real HTTP path of the local stack
 * (POST /checkout/hold, /checkout/quote and /secret, the browser's card confirm at the Stripe
 * stand-in, POST /paypal/orders, the
 * PayPal approval page, POST /paypal/capture, the success page's GET /orders/{id}), the payment
 * emulator's control API, and the invariants read straight from DynamoDB, the SES stand-in's
 * store and the emulator's record of what it was paid and what it refunded.
 */

export const FULL = process.env.SUITE_SCALE === 'full';
export const SCALE = FULL ? { buyers: 200, pieces: 20 } : { buyers: 60, pieces: 6 };

/** The local stack's webhook secret (infra/local/stack.ts), for the crash tests' own deliveries. */
export const stripeWebhookSecret = () => process.env.STRIPE_WEBHOOK_SECRET ?? 'whsec_local_boutique';

export const ORDER_SUBJECT = (productName: string) => `Your order: ${productName}`;
export const PASSWORD_SUBJECT = 'Your authenticity portal password';
export const REFUND_SUBJECT = (productName: string) => `${productName}: your payment was refunded`;

/** A small seeded generator (mulberry32), so a failing run can be replayed with SUITE_SEED. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function shuffle<T>(items: T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

// ---- the catalogue -------------------------------------------------------------------------

let cards = 0;
/** 16 digits, unique in this run and unlikely to meet another file's (prefix 59). */
export const cardNumber = () =>
  `59${Date.now().toString().slice(-8)}${String(process.pid % 100).padStart(2, '0')}${String(cards++).padStart(4, '0')}`;

export function catalogue(name: string, count: number): { type: CollectionEntity; pieces: ProductEntity[] } {
  const type = typeEntity({ name, shippingPrices: { CA: 40, US: 45, FR: 80 } });
  const pieces = Array.from({ length: count }, (_, i) =>
    productEntity(type, { name: `${name} piece ${i + 1}`, cardNumber: cardNumber(), priceUs: 1000 + i }),
  );
  return { type, pieces };
}

// ---- buyers ----------------------------------------------------------------------------------

export interface Buyer {
  name: string;
  email: string;
  /** Loopback address this buyer sends from (checkout starts are limited per address). */
  from: string;
  /** wallet: the card path behind a wallet's sheet, which asks the server's price first (issue 46) */
  method: 'card' | 'wallet' | 'paypal';
  /** The buyer's tab's checkout key (one per piece in the web app; the order code includes the piece). */
  checkoutKey: string;
}

let buyerSerial = 0;
export function newBuyer(method: Buyer['method'], tag: string): Buyer {
  const n = buyerSerial++;
  return {
    name: `Buyer ${n}`,
    email: `${tag}-${n}-${process.pid}-${Date.now().toString(36)}@example.com`,
    from: freshClientAddress(),
    method,
    checkoutKey: newCheckoutKey(),
  };
}

const fields = (buyer: Buyer, piece: ProductEntity) =>
  torontoCheckout({
    checkoutKey: buyer.checkoutKey,
    id: piece.id,
    typeId: piece.typeId,
    name: buyer.name,
    email: buyer.email,
  });

export interface Started {
  status: number;
  /** a wallet buyer's sheet never opened: the server's price answered this status instead */
  sheetRefused?: boolean;
  /** the checkout code, when the hold was taken */
  code?: string;
  clientSecret?: string;
  publishableKey?: string;
  approveUrl?: string;
  message?: string;
}

/**
 * The checkout start the web app makes: a card buyer's "continue to payment" (POST /checkout/hold)
 * and, unless `payLater`, the pay click's POST /secret for the PaymentIntent (`paymentOf`); a
 * wallet's sheet (POST /checkout/quote, then POST /secret on its confirm); POST /paypal/orders.
 */
export async function startCheckout(
  buyer: Buyer,
  piece: ProductEntity,
  { payLater = false } = {},
): Promise<Started> {
  if (buyer.method === 'wallet') {
    // The sheet opens only on the server's price for the address: a sold or held piece never reaches it.
    const quoted = await api<{ message?: string }>('/checkout/quote', {
      method: 'POST',
      json: {
        id: piece.id,
        typeId: piece.typeId,
        country: 'CA',
        state: 'ON',
        city: 'Toronto',
        checkoutKey: buyer.checkoutKey,
      },
      from: buyer.from,
    });
    if (quoted.status !== 200)
      return {
        status: quoted.status,
        sheetRefused: true,
        ...(quoted.body.message ? { message: quoted.body.message } : {}),
      };
  }
  if (buyer.method === 'card') {
    const held = await api<{ checkoutCode?: string; publishableKey?: string; message?: string }>(
      '/checkout/hold',
      { method: 'POST', json: fields(buyer, piece), from: buyer.from },
    );
    const started: Started = {
      status: held.status,
      ...(held.body.checkoutCode ? { code: held.body.checkoutCode } : {}),
      ...(held.body.publishableKey ? { publishableKey: held.body.publishableKey } : {}),
      ...(held.body.message ? { message: held.body.message } : {}),
    };
    return held.status === 200 && !payLater ? paymentOf(buyer, piece) : started;
  }
  if (buyer.method === 'wallet') return paymentOf(buyer, piece);
  const answer = await api<{ checkoutCode?: string; approveUrl?: string; message?: string }>(
    '/paypal/orders',
    {
      method: 'POST',
      json: fields(buyer, piece),
      from: buyer.from,
    },
  );
  return {
    status: answer.status,
    ...(answer.body.checkoutCode ? { code: answer.body.checkoutCode } : {}),
    ...(answer.body.approveUrl ? { approveUrl: answer.body.approveUrl } : {}),
    ...(answer.body.message ? { message: answer.body.message } : {}),
  };
}

/**
 * The order holding the piece right now, if its buyer never got an answer for it: a checkout
 * start whose handler ran out of time (5xx) after its hold transaction went through. Locally the
 * gateway runs every handler in one process, so a burst of buyers can push some past 10 s.
 */
export async function strayHold(
  productId: string,
  known: (order: OrderEntity) => boolean,
): Promise<OrderEntity | undefined> {
  const product = await readProduct(productId);
  if (!product.holdId || (product.holdUntil ?? 0) <= Date.now()) return undefined;
  const holder = (await itemsWithPrefix('ORDER#')).find(
    (o) => o.productId === productId && o.holdId === product.holdId,
  ) as OrderEntity | undefined;
  return holder && !known(holder) ? holder : undefined;
}

/** The pay click's (or a wallet sheet's confirm's) POST /secret: the hold, and its PaymentIntent. */
export async function paymentOf(buyer: Buyer, piece: ProductEntity): Promise<Started> {
  const answer = await api<{
    checkoutCode?: string;
    client_secret?: string;
    publishableKey?: string;
    message?: string;
  }>('/secret', { method: 'POST', json: fields(buyer, piece), from: buyer.from });
  return {
    status: answer.status,
    ...(answer.body.checkoutCode ? { code: answer.body.checkoutCode } : {}),
    ...(answer.body.client_secret ? { clientSecret: answer.body.client_secret } : {}),
    ...(answer.body.publishableKey ? { publishableKey: answer.body.publishableKey } : {}),
    ...(answer.body.message ? { message: answer.body.message } : {}),
  };
}

/**
 * A buyer starting checkout who, on "something went wrong" (5xx), tries again a moment later —
 * after the hold their failed start may have left has run out (it would block them as anyone).
 * Answers the first answer that is not a 5xx, and the stray orders it found.
 */
export async function startCheckoutRetrying(
  buyer: Buyer,
  piece: ProductEntity,
): Promise<Started & { failures: number; strays: string[] }> {
  const strays: string[] = [];
  let failures = 0;
  for (let tries = 1; ; tries++) {
    const started = await startCheckout(buyer, piece);
    if (started.status >= 500) failures += 1;
    // A 406 after a failed start may be the buyer's own stray hold.
    const again = started.status >= 500 || (started.status === 406 && failures > 0);
    if (!again || tries >= 6) return { ...started, failures, strays };
    await new Promise((r) => setTimeout(r, 1000));
    const stray = await strayHold(piece.id, (o) => o.contact.email !== buyer.email);
    if (stray) {
      strays.push(stray.checkoutCode);
      await expireHold(piece.id, stray.checkoutCode);
    } else if (started.status === 406) {
      return { ...started, failures, strays };
    }
  }
}

export const intentOf = (clientSecret: string) => clientSecret.split('_secret_')[0] as string;

/** What the browser's stand-in for Stripe.js sends: same origin (/__payments), publishable key, client secret. */
export async function confirmCard(
  started: Started,
  card = '4242424242424242',
  wallet?: 'google_pay' | 'apple_pay',
): Promise<number> {
  if (!started.clientSecret || !started.publishableKey) throw new Error('not a card checkout');
  const answer = await fetch(
    `${inject('baseUrl')}/__payments/v1/payment_intents/${intentOf(started.clientSecret)}/confirm`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        key: started.publishableKey,
        client_secret: started.clientSecret,
        'payment_method_data[type]': 'card',
        'payment_method_data[card][number]': card,
        // As the stand-in's Express Checkout Element sends a wallet's card (Stripe.js's tokens carry it).
        ...(wallet ? { 'payment_method_data[card][wallet][type]': wallet } : {}),
      }).toString(),
    },
  );
  await answer.arrayBuffer();
  return answer.status;
}

/** The buyer on PayPal's approval page (the stand-in's), pressing Approve or Cancel. */
export async function decideAtPaypal(started: Started, action: 'approve' | 'cancel'): Promise<string> {
  if (!started.approveUrl) throw new Error('not a PayPal checkout');
  const page = await (await fetch(started.approveUrl)).text();
  const token = /name="token" value="([^"]+)"/.exec(page)?.[1] ?? '';
  const answer = await fetch(new URL('/paypal/approve', started.approveUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token, action }),
    redirect: 'manual',
  });
  await answer.arrayBuffer();
  return answer.headers.get('location') ?? '';
}

/** The success page after PayPal: the server captures and answers the order's state. */
export async function capturePaypal(code: string): Promise<{ status: number; orderStatus?: string }> {
  const answer = await api<{ order?: { status: string } }>('/paypal/capture', {
    method: 'POST',
    json: { checkoutCode: code },
  });
  return { status: answer.status, ...(answer.body.order ? { orderStatus: answer.body.order.status } : {}) };
}

export interface Visit {
  /** the order's state when the page stopped asking */
  orderStatus: string;
  /** answers other than 200 on the way (the page asks again, as the web app does) */
  errors: number;
}

/**
 * The success page as the web app runs it (web/src/features/checkout/success.tsx): after PayPal
 * it asks the server to capture (once, errors ignored), then it reads GET /orders/{id} every
 * second for up to 30 s until the order is no longer pending. GET /orders/{id} asks Stripe when
 * a card order is still pending, so the page itself can complete an order whose webhook is late.
 */
export async function visitSuccessPage(code: string, provider: Buyer['method']): Promise<Visit> {
  let errors = 0;
  if (provider === 'paypal') {
    const captured = await capturePaypal(code).catch(() => ({ status: 0 }));
    if (captured.status !== 200) errors += 1;
  }
  const deadline = Date.now() + 30_000;
  for (;;) {
    const page = await successPage(code).catch(() => ({ status: 0, orderStatus: undefined }));
    if (page.status !== 200) errors += 1;
    if (page.orderStatus && page.orderStatus !== 'pending') return { orderStatus: page.orderStatus, errors };
    if (Date.now() > deadline) return { orderStatus: page.orderStatus ?? 'unknown', errors };
    await new Promise((r) => setTimeout(r, 1000));
  }
}

/** Runs the tasks with at most `limit` of them at a time, in the order given. */
export async function pool(tasks: (() => Promise<unknown>)[], limit: number): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, tasks.length) }, async () => {
      while (next < tasks.length) {
        const task = tasks[next++] as () => Promise<unknown>;
        await task();
      }
    }),
  );
}

/** The success page after a card payment: GET /orders/{id} (which asks Stripe when the order is pending). */
export async function successPage(code: string): Promise<{ status: number; orderStatus?: string }> {
  const answer = await api<{ order?: { status: string } }>(`/orders/${code}`);
  return { status: answer.status, ...(answer.body.order ? { orderStatus: answer.body.order.status } : {}) };
}

// ---- time and data ---------------------------------------------------------------------------

export async function readOrder(code: string): Promise<OrderEntity | undefined> {
  return (
    await db().send(
      new GetCommand({
        TableName: inject('tableName'),
        Key: { pk: `ORDER#${code}`, sk: '#ORDER' },
        ConsistentRead: true,
      }),
    )
  ).Item as OrderEntity | undefined;
}

export async function readProduct(
  id: string,
): Promise<ProductEntity & { holdId?: string; holdUntil?: number; soldOrder?: string }> {
  const item = (
    await db().send(
      new GetCommand({
        TableName: inject('tableName'),
        Key: { pk: `PRODUCT#${id}`, sk: '#PRODUCT' },
        ConsistentRead: true,
      }),
    )
  ).Item;
  if (!item) throw new Error(`no product ${id}`);
  return item as ProductEntity & { holdId?: string; holdUntil?: number; soldOrder?: string };
}

/**
 * The 15 minutes of a hold pass for this one order: its `holdUntil` (on the piece and on the
 * order) is moved into the past, which is all the shop compares (HOLD_MINUTES is a constant with
 * no setting; one-of-one.test.ts moves time the same way, by writing holds dated in the past).
 * Only if the piece is still held by this order.
 */
export async function expireHold(productId: string, code: string): Promise<void> {
  const order = await readOrder(code);
  if (!order) throw new Error(`no order ${code}`);
  const past = Date.now() - 1000;
  await db().send(
    new UpdateCommand({
      TableName: inject('tableName'),
      Key: { pk: `PRODUCT#${productId}`, sk: '#PRODUCT' },
      UpdateExpression: 'SET holdUntil = :past',
      ConditionExpression: 'holdId = :hold',
      ExpressionAttributeValues: { ':past': past, ':hold': order.holdId },
    }),
  );
  await db().send(
    new UpdateCommand({
      TableName: inject('tableName'),
      Key: { pk: `ORDER#${code}`, sk: '#ORDER' },
      UpdateExpression: 'SET holdUntil = :past',
      ExpressionAttributeValues: { ':past': past },
    }),
  );
}

// ---- the payments emulator ---------------------------------------------------------------------

export async function emulator<T = Record<string, unknown>>(path: string, body?: unknown): Promise<T> {
  const answer = await fetch(`${inject('paymentsUrl')}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await answer.text();
  if (answer.status >= 400) throw new Error(`emulator ${path}: ${answer.status} ${text}`);
  return JSON.parse(text) as T;
}

export type Provider = 'stripe' | 'paypal';

export interface Attempt {
  attempt: number;
  at: string;
  status: number;
  ok: boolean;
  manual: boolean;
}

export interface EmulatorEvent {
  id: string;
  type: string;
  state: string;
  attempts: Attempt[];
  event: {
    data?: { object: { id: string; metadata?: Record<string, string>; payment_intent?: string } };
    resource?: { id: string; custom_id?: string; links?: { rel: string; href: string }[] };
  };
}

export async function eventsOf(provider: Provider): Promise<EmulatorEvent[]> {
  return (await emulator<{ data: EmulatorEvent[] }>(`/__emulator/${provider}/events`)).data;
}

/** The checkout code an event is about (Stripe: the intent's metadata; PayPal: the capture's custom_id). */
export function codeOfEvent(e: EmulatorEvent): string | undefined {
  return e.event.data?.object.metadata?.checkoutCode ?? e.event.resource?.custom_id;
}

/** Holds this checkout's webhooks back at the emulator (a delay scoped to it; other tests unaffected). */
export const holdWebhooks = async (code: string) => {
  await emulator('/__emulator/stripe/hold', { match: code });
  await emulator('/__emulator/paypal/hold', { match: code });
};

export const releaseWebhooks = async (code: string) => {
  await emulator('/__emulator/stripe/release', { match: code });
  await emulator('/__emulator/paypal/release', { match: code });
};

export async function deliver(provider: Provider, ids: string[]): Promise<Attempt[]> {
  return (await emulator<{ data: Attempt[] }>(`/__emulator/${provider}/deliver`, { ids })).data;
}

export async function redeliver(provider: Provider, id: string): Promise<Attempt> {
  return emulator<Attempt>(`/__emulator/${provider}/events/${id}/redeliver`, {});
}

/** A Stripe event as the emulator recorded it, freshly signed for a delivery the test makes itself. */
export async function signedStripeDelivery(
  eventId: string,
): Promise<{ path: string; headers: Record<string, string>; body: string }> {
  const recorded = await emulator<EmulatorEvent>(`/__emulator/stripe/events/${eventId}`);
  const body = JSON.stringify(recorded.event, null, 2);
  return {
    path: '/webhooks/stripe',
    body,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
      'stripe-signature': Stripe.webhooks.generateTestHeaderString({
        payload: body,
        secret: stripeWebhookSecret(),
      }),
    },
  };
}

// ---- mail ----------------------------------------------------------------------------------------

export interface StoredMail {
  destination: { to: string[] };
  subject: string;
  body: { text?: string };
}

export async function mailbox(): Promise<Map<string, StoredMail[]>> {
  const store = (await (await fetch(`${inject('sesUrl')}/store`)).json()) as { emails: StoredMail[] };
  const byRecipient = new Map<string, StoredMail[]>();
  for (const mail of store.emails) {
    for (const to of mail.destination.to) byRecipient.set(to, [...(byRecipient.get(to) ?? []), mail]);
  }
  return byRecipient;
}

export const passwordIn = (mail: StoredMail | undefined) =>
  /^ {4}(\S{16})$/m.exec(mail?.body.text ?? '')?.[1];

export async function until<T>(
  what: string,
  check: () => Promise<T | undefined | false>,
  ms = 20_000,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

// ---- the invariants ------------------------------------------------------------------------------

export interface Ledger {
  /** the pieces of the scenario */
  pieces: ProductEntity[];
  /** every checkout code the scenario's buyers got, with the buyer */
  checkouts: Map<string, Buyer>;
  /** buyers whose payment went through only after their hold had been lost to another buyer */
  lateCodes: Set<string>;
  /** paid orders whose mail was sent again after a crash (the order confirmation may be repeated) */
  crashedCodes?: Set<string>;
}

export interface Tally {
  paidOrders: number;
  refundedOrders: number;
  providerPayments: number;
  providerRefunds: number;
  mails: number;
  refundMails: number;
  repeatedOrderMails: number;
}

/**
 * Every invariant of "never sold twice, no order lost", read from the sources of truth: the table
 * (directly), the mail the SES stand-in received, and what the payment emulator took and gave back.
 * Answers the list of violations (empty when all hold) and the figures.
 */
export async function checkInvariants(ledger: Ledger): Promise<{ violations: string[]; tally: Tally }> {
  const violations: string[] = [];
  const now = Date.now();
  const pieceIds = new Set(ledger.pieces.map((p) => p.id));
  const orders = (await itemsWithPrefix('ORDER#')).filter((o) =>
    pieceIds.has(String(o.productId)),
  ) as unknown as (OrderEntity & {
    paymentRef?: string;
    mailSentAt?: string;
  })[];
  const mail = await mailbox();
  const saleNotices = (code: string) =>
    (mail.get(LOCAL_SHOP_SETTINGS.ordersEmail) ?? []).filter((m) => m.body.text?.includes(`(order ${code})`))
      .length;

  // What the providers took and gave back, for this scenario's checkouts.
  const intents = (
    await emulator<{ data: { id: string; status: string; metadata: Record<string, string> }[] }>(
      '/__emulator/stripe/payment_intents',
    )
  ).data.filter((i) => ledger.checkouts.has(i.metadata.checkoutCode ?? ''));
  const paypalOrders = (
    await emulator<{
      data: {
        id: string;
        status: string;
        purchase_units: { custom_id?: string; payments?: { captures?: { id: string }[] } }[];
      }[];
    }>('/__emulator/paypal/orders')
  ).data.filter((o) => ledger.checkouts.has(o.purchase_units[0]?.custom_id ?? ''));
  const stripeEvents = await eventsOf('stripe');
  const paypalEvents = await eventsOf('paypal');
  /** checkout code → payment reference, for every payment the provider completed */
  const taken = new Map<string, string>();
  for (const i of intents) if (i.status === 'succeeded') taken.set(i.metadata.checkoutCode as string, i.id);
  for (const o of paypalOrders) {
    const capture = o.purchase_units[0]?.payments?.captures?.[0]?.id;
    if (o.status === 'COMPLETED' && capture) taken.set(o.purchase_units[0]?.custom_id as string, capture);
  }
  /** payment reference → refunds the provider made */
  const refunds = new Map<string, number>();
  for (const e of stripeEvents) {
    const intent = e.type === 'refund.created' ? e.event.data?.object.payment_intent : undefined;
    if (intent) refunds.set(intent, (refunds.get(intent) ?? 0) + 1);
  }
  for (const e of paypalEvents) {
    if (e.type !== 'PAYMENT.CAPTURE.REFUNDED') continue;
    const up = e.event.resource?.links?.find((l) => l.rel === 'up')?.href ?? '';
    const capture = up.split('/').pop() ?? '';
    refunds.set(capture, (refunds.get(capture) ?? 0) + 1);
  }
  const myRefunds = [...taken.values()].reduce((n, ref) => n + (refunds.get(ref) ?? 0), 0);

  const tally: Tally = {
    paidOrders: 0,
    refundedOrders: 0,
    providerPayments: taken.size,
    providerRefunds: myRefunds,
    mails: 0,
    refundMails: 0,
    repeatedOrderMails: 0,
  };
  for (const buyer of new Set(ledger.checkouts.values())) tally.mails += mail.get(buyer.email)?.length ?? 0;

  for (const piece of ledger.pieces) {
    const product = await readProduct(piece.id);
    const mine = orders.filter((o) => o.productId === piece.id);
    const paid = mine.filter((o) => o.status === 'paid');
    if (paid.length !== 1) violations.push(`${piece.id}: ${paid.length} paid orders (want exactly 1)`);
    if (product.status !== 0) violations.push(`${piece.id}: not sold (status ${product.status})`);
    if (product.status === 0 && !paid.some((o) => o.checkoutCode === product.soldOrder))
      violations.push(`${piece.id}: sold to ${product.soldOrder}, which is not a paid order`);
    if (product.holdId !== undefined || product.holdUntil !== undefined) {
      if (product.status === 0) violations.push(`${piece.id}: both sold and held (${product.holdId})`);
      if ((product.holdUntil ?? 0) > now) violations.push(`${piece.id}: an unexpired hold is left`);
    }
    for (const order of paid) {
      tally.paidOrders += 1;
      const code = order.checkoutCode;
      if (!taken.has(code)) violations.push(`${code}: paid, but the provider took no payment for it`);
      if (order.paymentRef !== taken.get(code))
        violations.push(`${code}: paid with ${order.paymentRef}, the provider says ${taken.get(code)}`);
      if (refunds.get(order.paymentRef ?? '')) violations.push(`${code}: paid, yet its payment was refunded`);
      if (!order.mailSentAt) violations.push(`${code}: paid, but its mail is not marked sent`);
      const record = (
        await db().send(
          new GetCommand({
            TableName: inject('tableName'),
            Key: { pk: `AUTH#${piece.cardNumber}`, sk: '#AUTH' },
            ConsistentRead: true,
          }),
        )
      ).Item as { pid: string; email: string; passwordHash: string } | undefined;
      if (!record) violations.push(`${code}: paid, but no authenticity record AUTH#${piece.cardNumber}`);
      else if (record.pid !== piece.id || record.email !== order.contact.email)
        violations.push(`${code}: the authenticity record names ${record.pid} / ${record.email}`);
      const inbox = mail.get(order.contact.email) ?? [];
      const confirmations = inbox.filter((m) => m.subject === ORDER_SUBJECT(order.productName));
      const passwords = inbox.filter((m) => m.subject === PASSWORD_SUBJECT);
      const crashed = ledger.crashedCodes?.has(code) ?? false;
      if (confirmations.length !== 1 && !(crashed && confirmations.length > 1))
        violations.push(`${code}: ${confirmations.length} order confirmation mails (want 1)`);
      if (confirmations.length > 1) tally.repeatedOrderMails += confirmations.length - 1;
      if (passwords.length !== 1)
        violations.push(`${code}: ${passwords.length} portal password mails (want 1)`);
      const password = passwordIn(passwords[0]);
      if (record && (!password || !(await verifyPassword(password, record.passwordHash))))
        violations.push(`${code}: the mailed portal password does not open the record`);
      const others = inbox.length - confirmations.length - passwords.length;
      if (others !== 0) violations.push(`${code}: ${others} unexpected mails to the buyer`);
      // The sale notice to staff: once (a crash between its sending and its mark may repeat it).
      const notices = saleNotices(code);
      if (notices !== 1 && !(crashed && notices > 1))
        violations.push(`${code}: ${notices} sale notices to staff (want 1)`);
      if (!order.staffMailSentAt) violations.push(`${code}: paid, but its sale notice is not marked sent`);
    }
    for (const order of mine) {
      const code = order.checkoutCode;
      if (order.status !== 'paid' && saleNotices(code) > 0)
        violations.push(`${code}: ${order.status}, yet staff were told of a sale`);
      if (order.status === 'refunded') {
        tally.refundedOrders += 1;
        const ref = taken.get(code);
        if (!ref) violations.push(`${code}: refunded, but the provider took no payment`);
        else if (refunds.get(ref) !== 1)
          violations.push(`${code}: ${refunds.get(ref) ?? 0} provider refunds (want 1)`);
        if (!ledger.lateCodes.has(code)) violations.push(`${code}: refunded, but its payment was not late`);
        const notices = (mail.get(order.contact.email) ?? []).filter(
          (m) => m.subject === REFUND_SUBJECT(order.productName),
        );
        tally.refundMails += notices.length;
        if (notices.length !== 1) violations.push(`${code}: ${notices.length} refund notices (want 1)`);
      }
      if (order.status === 'pending') {
        if (taken.has(code))
          violations.push(`${code}: the provider took the payment, but the order is still pending (lost)`);
        if (order.holdUntil > now) violations.push(`${code}: pending with an unexpired hold`);
      }
      if (order.status === 'paid' && !ledger.checkouts.has(code))
        violations.push(`${code}: a paid order no buyer made`);
    }
  }
  for (const code of ledger.lateCodes) {
    const order = orders.find((o) => o.checkoutCode === code);
    if (order?.status !== 'refunded')
      violations.push(`${code}: paid after its hold was lost, but ${order?.status ?? 'no order'}`);
  }
  for (const code of ledger.checkouts.keys()) {
    if (!orders.some((o) => o.checkoutCode === code))
      violations.push(`${code}: the buyer got a checkout code, but no order exists`);
  }
  if (tally.refundedOrders !== tally.providerPayments - tally.paidOrders)
    violations.push(
      `${tally.refundedOrders} refunded orders, but ${tally.providerPayments - tally.paidOrders} payments lost their piece`,
    );
  if (tally.providerRefunds !== tally.refundedOrders)
    violations.push(`${tally.providerRefunds} provider refunds for ${tally.refundedOrders} refunded orders`);
  return { violations, tally };
}
