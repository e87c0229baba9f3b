import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import { torontoCheckout } from '../support/checkout-form.ts';
import { randomCheckoutKey } from '../support/checkout-key.ts';

/**
 * Buyers on release day, on the shop's HTTP path through the edge cache, as the web app and the
 * payment pages make the calls (the same steps as test/concurrency/shop.ts and
 * test/support/purchase.ts, which read their address from vitest; these take it as an argument):
 * the checkout start (POST /secret or POST /paypal/orders) from the buyer's own loopback address
 * (checkout starts are limited per address), the card confirmed at the Stripe stand-in (which
 * then sends the signed webhook that sells the piece), or PayPal approved at its stand-in and
 * captured by the success page (POST /paypal/capture), and the success page's GET /orders/{id}.
 */

export interface Answer {
  /** 0 when no answer came (connection refused or cut). */
  status: number;
  body: Record<string, unknown>;
  ms: number;
}

export interface Piece {
  id: string;
  typeId: string;
}

/** A loopback address of its own per buyer (127.x.y.z; the whole /8 is local on Linux). */
export function clientAddress(): string {
  const [a = 1, b = 1, c = 2] = randomBytes(3);
  return `127.${(a % 250) + 1}.${b}.${(c % 250) + 2}`;
}

export function call(
  base: string,
  path: string,
  init: { method?: string; json?: unknown; from?: string; form?: Record<string, string> } = {},
): Promise<Answer> {
  const headers: Record<string, string> = {};
  let body: string | undefined;
  if (init.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(init.json);
  } else if (init.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(init.form).toString();
  }
  if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));
  const started = performance.now();
  return new Promise((resolve) => {
    const req = request(
      new URL(path, base),
      {
        method: init.method ?? 'GET',
        headers,
        ...(init.from ? { localAddress: init.from } : {}),
        timeout: 30_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed: Record<string, unknown> = {};
          try {
            parsed = text ? (JSON.parse(text) as Record<string, unknown>) : {};
          } catch {
            parsed = { unparsed: text.slice(0, 200) };
          }
          resolve({ status: res.statusCode ?? 0, body: parsed, ms: performance.now() - started });
        });
        res.on('error', () => resolve({ status: 0, body: {}, ms: performance.now() - started }));
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', (error) =>
      resolve({ status: 0, body: { error: error.message }, ms: performance.now() - started }),
    );
    req.end(body);
  });
}

let serial = 0;

export interface Buyer {
  email: string;
  from: string;
  checkoutKey: string;
}

export function newBuyer(tag: string): Buyer {
  serial += 1;
  return {
    email: `${tag}-${serial}-${process.pid}-${Date.now().toString(36)}@example.com`,
    from: clientAddress(),
    checkoutKey: randomCheckoutKey(),
  };
}

/** The checkout form (features/checkout/purchase.tsx): a Toronto address. */
export function checkoutFields(buyer: Buyer, piece: Piece): Record<string, string> {
  const { checkoutKey, email } = buyer;
  return torontoCheckout({
    checkoutKey,
    id: piece.id,
    typeId: piece.typeId,
    name: 'Release Day Buyer',
    email,
  });
}

/** POST /secret: the card checkout start (hold the piece, create the payment intent). */
export function startCard(base: string, buyer: Buyer, piece: Piece): Promise<Answer> {
  return call(base, '/api/secret', { method: 'POST', json: checkoutFields(buyer, piece), from: buyer.from });
}

/** What the browser's Stripe.js stand-in sends: the card confirmed, same origin (/__payments). */
export function confirmCard(base: string, started: Answer): Promise<Answer> {
  const secret = String(started.body.client_secret ?? '');
  const intent = secret.split('_secret_')[0] ?? '';
  return call(base, `/__payments/v1/payment_intents/${intent}/confirm`, {
    method: 'POST',
    form: {
      key: String(started.body.publishableKey ?? ''),
      client_secret: secret,
      'payment_method_data[type]': 'card',
      'payment_method_data[card][number]': '4242424242424242',
    },
  });
}

/** The success page: GET /orders/{id} every second until the order is no longer pending (30 s at most). */
export async function successPage(
  base: string,
  code: string,
): Promise<{ orderStatus: string; errors: number }> {
  let errors = 0;
  const deadline = Date.now() + 30_000;
  for (;;) {
    const page = await call(base, `/api/orders/${encodeURIComponent(code)}`);
    if (page.status !== 200) errors += 1;
    const status = (page.body.order as { status?: string } | undefined)?.status;
    if (status && status !== 'pending') return { orderStatus: status, errors };
    if (Date.now() > deadline) return { orderStatus: status ?? 'unknown', errors };
    await new Promise((r) => setTimeout(r, 1000));
  }
}

export interface Purchase {
  method: 'card' | 'paypal';
  /** Every answer of the checkout start, the provider step and the capture (0: none came). */
  statuses: number[];
  orderStatus: string;
  code?: string;
}

/** A whole card purchase: start, confirm, the success page until paid. */
export async function buyByCard(base: string, piece: Piece, tag = 'card'): Promise<Purchase> {
  const buyer = newBuyer(tag);
  const started = await startCard(base, buyer, piece);
  if (started.status !== 200)
    return { method: 'card', statuses: [started.status], orderStatus: 'not started' };
  const code = String(started.body.checkoutCode ?? '');
  const confirmed = await confirmCard(base, started);
  const page = await successPage(base, code);
  return {
    method: 'card',
    statuses: [started.status, confirmed.status],
    orderStatus: page.orderStatus,
    code,
  };
}

/** A whole PayPal purchase: start, approve at the PayPal stand-in, the success page's capture. */
export async function buyByPaypal(base: string, piece: Piece, tag = 'paypal'): Promise<Purchase> {
  const buyer = newBuyer(tag);
  const started = await call(base, '/api/paypal/orders', {
    method: 'POST',
    json: checkoutFields(buyer, piece),
    from: buyer.from,
  });
  if (started.status !== 200)
    return { method: 'paypal', statuses: [started.status], orderStatus: 'not started' };
  const code = String(started.body.checkoutCode ?? '');
  const approveUrl = String(started.body.approveUrl ?? '');
  // The approval page (the stand-in's, at its own address, as paypal.com is).
  const page = await fetch(approveUrl).then((r) => r.text());
  const token = /name="token" value="([^"]+)"/.exec(page)?.[1] ?? '';
  const approved = await fetch(new URL('/paypal/approve', approveUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token, action: 'approve' }),
    redirect: 'manual',
  });
  await approved.arrayBuffer();
  const captured = await call(base, '/api/paypal/capture', {
    method: 'POST',
    json: { checkoutCode: code },
    from: buyer.from,
  });
  const success = await successPage(base, code);
  return {
    method: 'paypal',
    statuses: [started.status, approved.status, captured.status],
    orderStatus: success.orderStatus,
    code,
  };
}
