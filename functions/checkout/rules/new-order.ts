import { randomUUID } from 'node:crypto';
import type { ProductEntity, TypeEntity } from '#catalog/index.ts';
import type { CheckoutRequest } from '#shared/checkout.ts';
import { HOLD_MINUTES } from '#shared/constants.ts';
import { type Quote, quote } from '#shared/pricing.ts';
import type { Address, OrderEntity } from '../entities/order.ts';

/** The order a checkout start records: every amount computed here, none taken from the browser. */
export function newOrder(input: {
  form: CheckoutRequest;
  product: ProductEntity;
  type: TypeEntity;
  discountPercent: number;
  now: number;
}): { order: OrderEntity; quote: Quote } {
  const { form, product, type, now } = input;
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
    checkoutCode: randomUUID(),
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
    paymentType: form.paymentType === 2 ? 2 : 1,
    currency: 'USD',
    productPrice: priced.productPrice,
    ...(input.discountPercent > 0 && form.discountCode
      ? { discountCode: form.discountCode.trim().toUpperCase() }
      : {}),
    discountAmount: priced.discountAmount,
    productPriceAfterDiscount: priced.productPriceAfterDiscount,
    shippingFee: priced.shippingFee,
    tax: priced.tax,
    duty: priced.duty,
    finalPrice: priced.total,
    status: 'pending',
    holdId: randomUUID(),
    holdUntil: now + HOLD_MINUTES * 60_000,
    checkoutTime: new Date(now).toISOString(),
  };
  return { order, quote: priced };
}
