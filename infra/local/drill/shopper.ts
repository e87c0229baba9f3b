import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import { isRandomLookingCheckoutKey } from '#shared/checkout.ts';
import type { DrillShop } from './shops.ts';

/**
 * The drill's shoppers and owners, over the shop's HTTP API as a browser calls it: each from a
 * loopback address of its own (the shop counts its limits per address).
 */

export interface Answer<T> {
  status: number;
  body: T;
  text: string;
  headers: Record<string, string | string[] | undefined>;
}

const clientAddress = () => {
  const [a = 1, b = 1, c = 2] = randomBytes(3);
  return `127.${(a % 250) + 1}.${b}.${(c % 250) + 2}`;
};

/** A call to the shop at `path` (under its origin), from `from` (a fresh loopback address by default). */
export function call<T = Record<string, unknown>>(
  shop: Pick<DrillShop, 'url'>,
  path: string,
  init: { method?: string; json?: unknown; headers?: Record<string, string>; from?: string } = {},
): Promise<Answer<T>> {
  const url = new URL(path, shop.url.replace('//localhost:', '//127.0.0.1:'));
  const body = init.json === undefined ? undefined : JSON.stringify(init.json);
  const headers: Record<string, string> = {
    ...init.headers,
    ...(body === undefined
      ? {}
      : { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) }),
  };
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: init.method ?? 'GET', headers, localAddress: init.from ?? clientAddress() },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed: unknown = {};
          try {
            parsed = text ? JSON.parse(text) : {};
          } catch {
            parsed = { unparsed: text };
          }
          resolve({ status: res.statusCode ?? 0, body: parsed as T, text, headers: res.headers });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

function checkoutKey(): string {
  for (;;) {
    const key = randomBytes(24).toString('base64url');
    if (isRandomLookingCheckoutKey(key)) return key;
  }
}

export interface StartedCheckout {
  checkoutCode: string;
  clientSecret: string;
  publishableKey: string;
}

/** Starts a card checkout of the piece (POST /api/secret), as the checkout page does: the piece is held. */
export async function startCheckout(
  shop: Pick<DrillShop, 'url'>,
  piece: { id: string; typeId: string },
  email: string,
): Promise<StartedCheckout> {
  const started = await call<{ client_secret: string; publishableKey: string; checkoutCode: string }>(
    shop,
    '/api/secret',
    {
      method: 'POST',
      json: {
        checkoutKey: checkoutKey(),
        id: piece.id,
        typeId: piece.typeId,
        name: 'Drill Shopper',
        phone: '+1 604 555 0100',
        email,
        address1: '1 Main Street',
        city: 'Toronto',
        state: 'ON',
        country: 'CA',
        postalCode: 'M5V 2T6',
      },
    },
  );
  if (started.status !== 200) throw new Error(`checkout of ${piece.id} did not start: ${started.text}`);
  return {
    checkoutCode: started.body.checkoutCode,
    clientSecret: started.body.client_secret,
    publishableKey: started.body.publishableKey,
  };
}

/**
 * Pays a started checkout with the card that succeeds (4242…) at the local Stripe, as Stripe.js
 * confirms it from the page; Stripe then sends its signed webhook to the shop.
 */
export async function payByCard(shop: Pick<DrillShop, 'url'>, started: StartedCheckout): Promise<void> {
  const intent = started.clientSecret.split('_secret_')[0];
  const confirm = await fetch(`${shop.url}/__payments/v1/payment_intents/${intent}/confirm`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      key: started.publishableKey,
      client_secret: started.clientSecret,
      'payment_method_data[type]': 'card',
      'payment_method_data[card][number]': '4242424242424242',
    }).toString(),
  });
  if (confirm.status !== 200) throw new Error(`card not confirmed: ${await confirm.text()}`);
}

/** Waits until `check` answers true (every 100 ms, `ms` at most); throws naming `what`. */
export async function until(check: () => Promise<boolean>, what: string, ms = 60_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error(`waited ${ms / 1000} s for ${what}`);
}
