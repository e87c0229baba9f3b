import { createHash, randomUUID } from 'node:crypto';
import type { ProductEntity, TypeEntity } from '#catalog/index.ts';
import type { PaymentTypeCode } from '#payments/index.ts';
import type { CheckoutRequest } from '#shared/checkout.ts';
import { HOLD_MINUTES } from '#shared/constants.ts';
import { type Quote, quote } from '#shared/pricing.ts';
import type { Address, OrderEntity } from '../entities/order.ts';

/**
 * The order code of a checkout key for a piece: the same key always names the same order, so a
 * reload or a retry finds its own order and hold. Shaped as a UUID (v4 bits); as unguessable as
 * the key, which only the shopper's tab holds.
 */
export function checkoutCodeFor(productId: string, checkoutKey: string): string {
  const hex = createHash('sha256').update(`checkout:${productId}:${checkoutKey}`).digest('hex');
  const variant = ((Number.parseInt(hex[16] as string, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * The order a checkout start records: every amount computed here, none taken from the browser.
 * A retry of the same key keeps the first start's order code, hold and time (`earlier`), so the
 * shopper's countdown goes on where it was.
 */
export function newOrder(input: {
  form: CheckoutRequest;
  product: ProductEntity;
  type: TypeEntity;
  discountPercent: number;
  now: number;
  earlier?: Pick<OrderEntity, 'holdId' | 'holdUntil' | 'checkoutTime' | 'paymentRef' | 'paymentAttempt'>;
}): { order: OrderEntity; quote: Quote } {
  const { form, product, type, now, earlier } = input;
  const priced = quote({
    priceUs: product.priceUs,
    removeShipmentCharge: product.removeShipmentCharge,
    shippingPrices: type.shippingPrices ?? {},
    country: form.country ?? '',
    state: form.state,
    city: form.city,
    discountPercent: input.discountPercent,
  });
  const address = (suffix: '' | 'Billing'): Address => {
    const f = form as unknown as Record<string, string | undefined>;
    return {
      name: f[`name${suffix}`] ?? '',
      phone: f[`phone${suffix}`] ?? '',
      email: (f[`email${suffix}`] ?? '').toLowerCase(),
      address: f[`address${suffix}`] || f[`address1${suffix}`] || '',
      address1: f[`address1${suffix}`] ?? '',
      address2: f[`address2${suffix}`],
      country: (f[`country${suffix}`] ?? '').toUpperCase(),
      unit: f[`unit${suffix}`],
      city: f[`city${suffix}`] ?? '',
      postalCode: f[`postalCode${suffix}`],
      state: f[`state${suffix}`],
    };
  };
  const order: OrderEntity = {
    kind: 'order',
    checkoutCode: checkoutCodeFor(product.id, form.checkoutKey),
    productId: product.id,
    typeId: type.id,
    productName: product.name,
    typeName: type.name,
    size: product.size,
    gender: product.gender,
    colors: product.colors,
    contact: address(''),
    hasBilling: form.hasBilling,
    ...(form.hasBilling ? { billing: address('Billing') } : {}),
    // The form's schema lets only the providers' codes through (checkoutRequestSchema).
    paymentType: form.paymentType as PaymentTypeCode,
    currency: 'USD',
    productPrice: priced.productPrice,
    ...(input.discountPercent > 0 && form.discountCode
      ? { discountCode: form.discountCode.trim().toUpperCase() }
      : {}),
    ...(form.termsVersion ? { termsVersion: form.termsVersion } : {}),
    discountAmount: priced.discountAmount,
    productPriceAfterDiscount: priced.productPriceAfterDiscount,
    shippingFee: priced.shippingFee,
    tax: priced.tax,
    duty: priced.duty,
    finalPrice: priced.total,
    status: 'pending',
    holdId: earlier?.holdId ?? randomUUID(),
    holdUntil: earlier && earlier.holdUntil > now ? earlier.holdUntil : now + HOLD_MINUTES * 60_000,
    checkoutTime: earlier?.checkoutTime ?? new Date(now).toISOString(),
    ...(earlier?.paymentRef ? { paymentRef: earlier.paymentRef } : {}),
    ...(earlier?.paymentAttempt ? { paymentAttempt: earlier.paymentAttempt } : {}),
  };
  return { order, quote: priced };
}
