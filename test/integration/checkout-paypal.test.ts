import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { ProductEntity } from '#catalog/entities/product.ts';
import { CHECKOUT_MESSAGES } from '#shared/checkout.ts';
import { api, freshClientAddress, newCheckoutKey } from '../support/api.ts';
import { getRaw } from '../support/db.ts';
import { productEntity, store, typeEntity, uniqueId } from '../support/fixtures.ts';
import { mailTo } from '../support/stack-env.ts';

/** A PayPal purchase over HTTP: create, approve on the stand-in page, capture; the webhook races it. */
const type = typeEntity({ name: 'PayPal test', shippingPrices: { CA: 40, US: 45, FR: 80 } });
let serial = 0;
const piece = () =>
  productEntity(type, {
    cardNumber: `53${Date.now().toString().slice(-9)}${String(serial++).padStart(5, '0')}`,
    priceUs: 1850.5,
  });
const pieces = [piece(), piece(), piece(), piece()];
beforeAll(() => store({ type, products: pieces }));

const form = (productId: string, email: string) => ({
  checkoutKey: newCheckoutKey(),
  id: productId,
  typeId: type.id,
  name: 'Grace Buyer',
  phone: '+33 1 55 55 55 55',
  email,
  address1: '2 rue de la Paix',
  city: 'Paris',
  country: 'FR',
  postalCode: '75002',
});

async function approve(approveUrl: string): Promise<string> {
  const page = await (await fetch(approveUrl)).text();
  const token = /name="token" value="([^"]+)"/.exec(page)?.[1] ?? '';
  const answer = await fetch(new URL('/paypal/approve', approveUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token, action: 'approve' }),
    redirect: 'manual',
  });
  return answer.headers.get('location') ?? '';
}

describe('a PayPal purchase', () => {
  it('tells the browser what PayPal’s JavaScript SDK needs: the client id, sandbox, and locally the stand-in script', async () => {
    const answer = await api<{ clientId: string; environment: string; standInScript?: string }>(
      '/paypal/sdk',
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      status: 200,
      clientId: 'local-paypal-client',
      environment: 'sandbox',
      standInScript: '/__payments/web-sdk/v6/core',
    });
  });

  it('creates the provider order for the server amount, and sells the piece on capture after approval', async () => {
    const [p] = pieces as [ProductEntity];
    const email = `${uniqueId('pp')}@example.com`;
    const started = await api<{
      status: number;
      checkoutCode: string;
      approveUrl: string;
      paypalOrderId: string;
      amounts: { total: number; duty: string };
    }>('/paypal/orders', { method: 'POST', json: form(p.id, email), from: freshClientAddress() });
    expect(started.status).toBe(200);
    expect(started.body.amounts).toMatchObject({ total: 1930.5, duty: 'not included' });
    const order = (await (
      await fetch(`${inject('paymentsUrl')}/__emulator/paypal/orders/${started.body.paypalOrderId}`)
    ).json()) as {
      purchase_units: { amount: { value: string }; description: string }[];
    };
    expect(order.purchase_units[0]?.amount.value).toBe('1930.50');
    expect(order.purchase_units[0]?.description).toContain(p.name);

    const back = await approve(started.body.approveUrl);
    expect(back).toContain(`/products/success?checkoutCode=${started.body.checkoutCode}`);
    const captured = await api<{ order: { status: string } }>('/paypal/capture', {
      method: 'POST',
      json: { checkoutCode: started.body.checkoutCode },
    });
    expect(captured.status).toBe(200);
    expect(captured.body.order.status).toBe('paid');
    expect(await getRaw(`PRODUCT#${p.id}`, '#PRODUCT')).toMatchObject({
      status: 0,
      soldOrder: started.body.checkoutCode,
    });
    // The capture's webhook arrives too: it changes nothing and sends no second set of mail.
    await new Promise((r) => setTimeout(r, 800));
    expect(await mailTo(email)).toHaveLength(2);
    const again = await api<{ order: { status: string } }>('/paypal/capture', {
      method: 'POST',
      json: { checkoutCode: started.body.checkoutCode },
    });
    expect(again.body.order.status).toBe('paid');
  });

  it('refuses to capture before the shopper approved, and the order stays pending', async () => {
    const p = pieces[1] as ProductEntity;
    const started = await api<{ checkoutCode: string }>('/paypal/orders', {
      method: 'POST',
      json: form(p.id, 'early@example.com'),
      from: freshClientAddress(),
    });
    const early = await api('/paypal/capture', {
      method: 'POST',
      json: { checkoutCode: started.body.checkoutCode },
    });
    expect(early).toMatchObject({ status: 409, body: { message: CHECKOUT_MESSAGES.patchFailed } });
    expect(
      (await api<{ order: { status: string } }>(`/orders/${started.body.checkoutCode}`)).body.order.status,
    ).toBe('pending');
  });

  it('rejects a forged PayPal webhook and changes nothing', async () => {
    const p = pieces[2] as ProductEntity;
    const started = await api<{ checkoutCode: string }>('/paypal/orders', {
      method: 'POST',
      json: form(p.id, 'forged@example.com'),
      from: freshClientAddress(),
    });
    const forged = await api('/webhooks/paypal', {
      method: 'POST',
      json: {
        id: 'WH-forged',
        event_type: 'PAYMENT.CAPTURE.COMPLETED',
        resource: {
          id: 'CAP-forged',
          status: 'COMPLETED',
          custom_id: started.body.checkoutCode,
          amount: { value: '1930.50', currency_code: 'USD' },
        },
      },
      headers: {
        'paypal-transmission-id': 'forged',
        'paypal-transmission-time': new Date().toISOString(),
        'paypal-transmission-sig': 'forged',
        'paypal-cert-url': 'https://example.com/cert',
        'paypal-auth-algo': 'SHA256withRSA',
      },
    });
    expect(forged.status).toBe(400);
    expect((await getRaw(`PRODUCT#${p.id}`, '#PRODUCT'))?.status).toBe(1);
    expect(
      (await api<{ order: { status: string } }>(`/orders/${started.body.checkoutCode}`)).body.order.status,
    ).toBe('pending');
  });

  it('answers the same PayPal order to the same checkout key (a reload), never a second hold', async () => {
    const p = pieces[3] as ProductEntity;
    const body = form(p.id, `${uniqueId('pp-retry')}@example.com`);
    const from = freshClientAddress();
    type Started = { checkoutCode: string; paypalOrderId: string; holdUntil: number };
    const first = await api<Started>('/paypal/orders', { method: 'POST', json: body, from });
    const again = await api<Started>('/paypal/orders', { method: 'POST', json: body, from });
    expect(first.status, first.text).toBe(200);
    expect(again.status, again.text).toBe(200);
    expect(again.body).toEqual(
      expect.objectContaining({
        checkoutCode: first.body.checkoutCode,
        paypalOrderId: first.body.paypalOrderId,
        holdUntil: first.body.holdUntil,
      }),
    );
    const released = await api<{ released: boolean }>('/secret/release', {
      method: 'POST',
      json: { id: p.id, checkoutKey: body.checkoutKey },
    });
    expect(released.body).toMatchObject({ released: true });
  });

  it('refuses bad input with 400 and holds nothing', async () => {
    expect((await api('/paypal/capture', { method: 'POST', json: { checkoutCode: 'nope' } })).status).toBe(
      400,
    );
    const incomplete = await api('/paypal/orders', {
      method: 'POST',
      json: { ...form((pieces[2] as ProductEntity).id, 'a@b.co'), city: '' },
      from: freshClientAddress(),
    });
    expect(incomplete).toMatchObject({ status: 400, body: { message: CHECKOUT_MESSAGES.fillAllFields } });
  });
});
