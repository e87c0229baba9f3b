import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { ProductEntity } from '#catalog/entities/product.ts';
import type { OrderView } from '../../web/src/features/checkout/api.ts';
import { api, newCheckoutKey, until } from '../support/api.ts';
import { productEntity, store, typeEntity, uniqueId } from '../support/fixtures.ts';
import { checkoutBody, payWithTestCard } from '../support/purchase.ts';
import { mailTo, pointAtLocalStack, type SentMail } from '../support/stack-env.ts';

pointAtLocalStack();

/**
 * The confirmation after paying (issue 45, point 5): GET /orders/{code} shows the buyer's name,
 * e-mail and address only to the browser that holds the key behind the code; the confirmation
 * mail has a text part and an escaped HTML part with the piece's picture.
 */
const type = typeEntity({ name: 'Confirmation test' });
const pieces = Array.from({ length: 2 }, (_, i) =>
  productEntity(type, {
    name: `Confirmation piece ${i} & <b>`,
    cardNumber: `52${String(Date.now()).slice(-10)}${String(i).padStart(4, '0')}`,
    priceUs: 1000,
  }),
);
const [mine, theirs] = pieces as [ProductEntity, ProductEntity];
const picture = `s3/collection_images/pieces/${mine.id}.jpg`;
beforeAll(() =>
  store({
    type,
    products: pieces,
    images: [{ kind: 'image', id: uniqueId('i'), ownerId: mine.id, type: 1, index: 0, url: picture }],
  }),
);

const HOSTILE_NAME = 'Ada <script>alert(1)</script> & Co';
/** An ISO time as a machine writes it (`2026-11-28T22:26:48.036Z`), or a bare ISO date. */
const ISO_TIME = /\d{4}-\d{2}-\d{2}(T\d{2}:\d{2})?/;

const readOrder = (code: string, key?: string) =>
  api<{ order: OrderView }>(`/orders/${code}`, key ? { headers: { 'x-checkout-key': key } } : {});

async function buy(piece: ProductEntity, name: string) {
  const key = newCheckoutKey();
  const email = `${uniqueId('confirm')}@example.com`;
  const code = await payWithTestCard(
    checkoutBody(piece, key, { email, name, address1: '12 Bloor St. W & Yonge', unit: '4' }),
  );
  await until(async () => (await readOrder(code)).body.order?.status === 'paid', 'the sale');
  return { key, email, code };
}

describe('the confirmation page’s read', () => {
  it('shows the buyer’s address and e-mail to the key behind the code only, never to the code alone', async () => {
    const me = await buy(mine, 'Ada Lovelace');
    const other = await buy(theirs, 'Grace Hopper');

    const mineRead = await readOrder(me.code, me.key);
    expect(mineRead.status).toBe(200);
    expect(mineRead.body.order).toMatchObject({
      checkoutCode: me.code,
      status: 'paid',
      picture,
      buyer: {
        name: 'Ada Lovelace',
        email: me.email,
        address: ['12 Bloor St. W & Yonge, unit 4', 'Toronto, ON M5V 2T6', 'Canada'],
      },
    });

    // The code alone (in mails, on staff screens), a made-up key, or my key on their order: the state only.
    for (const [code, key] of [
      [other.code, undefined],
      [other.code, newCheckoutKey()],
      [other.code, me.key],
      [me.code, other.key],
    ] as const) {
      const read = await readOrder(code, key);
      expect(read.status).toBe(200);
      expect(read.body.order.status).toBe('paid');
      expect(read.body.order.buyer).toBeUndefined();
      expect(read.text).not.toContain('@example.com');
      expect(read.text).not.toContain('Bloor');
      expect(read.text).not.toContain('Grace');
    }
    // Two real purchases, each through the stand-in's signed webhook.
  }, 90_000);
});

describe('the confirmation mail', () => {
  it('has a text part and an HTML part that escapes every value and shows the piece’s picture', async () => {
    // A piece of its own, its name marked up as a hostile admin might type it.
    const fresh = productEntity(type, {
      name: 'Pearl <i>Veil</i> & Co',
      cardNumber: `51${String(Date.now()).slice(-10)}0001`,
      priceUs: 1000,
    });
    await store({
      type,
      products: [fresh],
      images: [{ kind: 'image', id: uniqueId('i'), ownerId: fresh.id, type: 1, index: 0, url: picture }],
    });
    const { email, code } = await buy(fresh, HOSTILE_NAME);
    await until(async () => (await mailTo(email)).length === 2, 'the buyer’s two mails');
    const mails = await mailTo(email);
    const confirmation = mails.find((m) => m.subject.startsWith('Your order')) as SentMail;
    const html = confirmation.body.html ?? '';
    const text = confirmation.body.text ?? '';

    // The text part as before, the values as typed.
    expect(text).toContain(`Dear ${HOSTILE_NAME},`);
    expect(text).toContain(`(order ${code})`);
    expect(text).toContain(
      'We will send it to: 12 Bloor St. W & Yonge, unit 4, Toronto, ON M5V 2T6, Canada.',
    );

    // The HTML part: every value escaped, none able to add markup.
    expect(html).toContain('Dear Ada &lt;script&gt;alert(1)&lt;/script&gt; &amp; Co,');
    expect(html).toContain('Pearl &lt;i&gt;Veil&lt;/i&gt; &amp; Co');
    expect(html).toContain('12 Bloor St. W &amp; Yonge');
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<i>Veil');
    const src = `${inject('baseUrl')}/media/collection_images/pieces/${mine.id}/960w.jpg`;
    expect(html).toContain(`<img src="${src}" alt="Pearl &lt;i&gt;Veil&lt;/i&gt; &amp; Co"`);

    for (const mail of mails) {
      expect(mail.body.text, mail.subject).toBeTruthy();
      expect(mail.body.html, mail.subject).toMatch(/^<!DOCTYPE html>/);
      expect(mail.body.text).not.toMatch(ISO_TIME);
      expect(mail.body.html).not.toMatch(ISO_TIME);
    }
  }, 90_000);
});
