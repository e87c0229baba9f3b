import { describe, expect, it } from 'vitest';
import type { ProductEntity, TypeEntity } from '#catalog/index.ts';
import type { CheckoutRequest } from '#shared/checkout.ts';
import { TERMS_RESERVATION } from '#shared/terms.ts';
import { newOrder } from './new-order.ts';

/**
 * The terms of use say what the checkout does with a piece (issue 34): held for the shopper for
 * the countdown's minutes while they pay, released if the payment is not completed by then.
 */
describe('the terms and the checkout hold', () => {
  it('name the minutes a checkout start holds the piece for', () => {
    const now = Date.UTC(2026, 10, 27, 12);
    const { order } = newOrder({
      form: {
        checkoutKey: 'k'.repeat(32),
        id: 'p1',
        paymentType: 1,
        hasBilling: false,
        country: 'CA',
        state: 'ON',
        city: 'Toronto',
      } as CheckoutRequest,
      product: {
        id: 'p1',
        name: 'Piece',
        priceUs: 100,
        removeShipmentCharge: false,
        colors: [],
      } as unknown as ProductEntity,
      type: { id: 't1', name: 'Collection', shippingPrices: { CA: 40 } } as unknown as TypeEntity,
      discountPercent: 0,
      now,
    });
    const heldMinutes = (order.holdUntil - now) / 60_000;
    expect(TERMS_RESERVATION).toContain(`held for you for ${heldMinutes} minutes while you pay`);
    expect(TERMS_RESERVATION).toMatch(/not completed within that time, the hold ends/);
    expect(TERMS_RESERVATION).not.toMatch(/only once your payment is complete/);
  });
});
