import { beforeAll, describe, expect, it } from 'vitest';
import type { ProductEntity } from '#catalog/entities/product.ts';
import { DISCOUNT_CHECK_LIMIT } from '#checkout/rules/discount.ts';
import { CHECKOUT_MESSAGES } from '#shared/checkout.ts';
import { api, freshClientAddress, newCheckoutKey } from '../support/api.ts';
import { getRaw } from '../support/db.ts';
import { productEntity, store, typeEntity, uniqueId } from '../support/fixtures.ts';
import { checkoutBody } from '../support/purchase.ts';

/** POST /checkout/quote: the wallet sheet's price for an address, by the server, before any hold. */
const type = typeEntity({
  name: 'Quote test',
  shippingPrices: { CA: 40, US: 45, FR: 80 },
  discount: true,
  discountCode: 'SHEET-15',
  discountAmount: 15,
});
const pieces = Array.from({ length: 5 }, () => productEntity(type, { priceUs: 1000, cardNumber: undefined }));
const sold = productEntity(type, { status: 0, cardNumber: undefined });
const drawn = productEntity(type, {
  cardNumber: undefined,
  draw: { drawId: uniqueId('d'), opensAt: new Date().toISOString(), closesAt: new Date().toISOString() },
});
beforeAll(() => store({ type, products: [...pieces, sold, drawn] }));

interface QuoteAnswer {
  status?: number;
  message?: string;
  availableAfter?: number;
  productName?: string;
  amounts?: Record<string, number | string>;
}

const ask = (body: Record<string, unknown>, from = freshClientAddress()) =>
  api<QuoteAnswer>('/checkout/quote', { method: 'POST', json: body, from });

const piece = (i: number) => pieces[i] as ProductEntity;

describe('POST /checkout/quote', () => {
  it('answers the very amounts the start charges for that address, and holds nothing', async () => {
    const toronto = await ask({
      id: piece(0).id,
      typeId: type.id,
      country: 'CA',
      state: 'ON',
      city: 'Toronto',
    });
    expect(toronto.status).toBe(200);
    expect(toronto.body).toMatchObject({ productName: piece(0).name });
    expect(await getRaw(`PRODUCT#${piece(0).id}`, '#PRODUCT')).not.toHaveProperty('holdId');

    const started = await api<{ amounts: Record<string, unknown> }>('/secret', {
      method: 'POST',
      json: checkoutBody(piece(0), newCheckoutKey()),
      from: freshClientAddress(),
    });
    expect(started.status).toBe(200);
    expect(toronto.body.amounts).toEqual(started.body.amounts);
  });

  it('answers each address change with its own shipping and tax', async () => {
    const at = async (address: Record<string, string>) =>
      (await ask({ id: piece(1).id, ...address })).body.amounts;
    const ontario = await at({ country: 'CA', state: 'ON' });
    const california = await at({ country: 'US', state: 'CA', city: 'Los Angeles' });
    const paris = await at({ country: 'fr', city: 'Paris' });
    expect(ontario).toMatchObject({ shippingFee: 40, taxRate: 0.13, tax: 135.2, total: 1175.2, duty: 0 });
    expect(california).toMatchObject({ shippingFee: 45, duty: 0 });
    expect(california?.tax).not.toBe(ontario?.tax);
    expect(paris).toMatchObject({ shippingFee: 80, tax: 0, duty: 'not included', total: 1080 });
  });

  it('refuses a country the collection does not ship to, and bad input, with a message and no 5xx', async () => {
    expect(await ask({ id: piece(1).id, country: 'JP' })).toMatchObject({
      status: 400,
      body: { message: CHECKOUT_MESSAGES.doesNotShip },
    });
    for (const body of [{ id: piece(1).id }, { id: piece(1).id, country: 'Canada' }, { country: 'CA' }, {}]) {
      const answer = await ask(body);
      expect(answer.status).toBe(400);
      expect(answer.body.message).toEqual(expect.any(String));
    }
    expect((await ask({ id: 'p-none', country: 'CA', state: 'ON' })).status).toBe(404);
  });

  it('never prices a sold piece, one held by another shopper, or one offered by a draw', async () => {
    expect(await ask({ id: sold.id, country: 'CA', state: 'ON' })).toMatchObject({
      status: 406,
      body: { message: CHECKOUT_MESSAGES.alreadySold },
    });
    expect(await ask({ id: drawn.id, country: 'CA', state: 'ON' })).toMatchObject({
      status: 409,
      body: { message: CHECKOUT_MESSAGES.offeredByDraw },
    });

    const key = newCheckoutKey();
    const held = await api('/secret', {
      method: 'POST',
      json: checkoutBody(piece(2), key),
      from: freshClientAddress(),
    });
    expect(held.status).toBe(200);
    const stranger = await ask({
      id: piece(2).id,
      country: 'CA',
      state: 'ON',
      checkoutKey: newCheckoutKey(),
    });
    expect(stranger).toMatchObject({
      status: 406,
      body: { message: CHECKOUT_MESSAGES.reserved, availableAfter: expect.any(Number) },
    });
    // The shopper whose own hold it is may still see the sheet's price.
    expect((await ask({ id: piece(2).id, country: 'CA', state: 'ON', checkoutKey: key })).status).toBe(200);
  });

  it('applies the collection code, refuses another, and counts each code as a /type-discount try', async () => {
    const from = freshClientAddress();
    const withCode = await ask({ id: piece(3).id, country: 'FR', discountCode: ' sheet-15 ' }, from);
    expect(withCode.body.amounts).toMatchObject({ discountAmount: 150, productPriceAfterDiscount: 850 });
    expect((await ask({ id: piece(3).id, country: 'FR', discountCode: 'SHEET-16' }, from)).body).toEqual({
      message: CHECKOUT_MESSAGES.invalidDiscount,
    });
    for (let i = 2; i < DISCOUNT_CHECK_LIMIT.max; i++)
      await api(`/type-discount?typeId=${type.id}&discountCode=GUESS${i}`, { from });
    const over = await ask({ id: piece(3).id, country: 'FR', discountCode: 'SHEET-15' }, from);
    expect(over.status).toBe(429);
    // Without a code the price is still there for the sheet.
    expect((await ask({ id: piece(3).id, country: 'FR' }, from)).status).toBe(200);
  });
});
