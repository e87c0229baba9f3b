import type { OrderAddressField, orderListItemSchema, orderViewSchema } from '#shared/contracts/checkout.ts';
import { countryName } from '#shared/countries.ts';
import { orderState } from '#shared/vocabulary.ts';
import type * as z from '#shared/zod.ts';
import type { Address, AdminOrder } from '../entities/order.ts';
import type { OrderFulfilment } from '../entities/order-fulfilment.ts';
import { shippingWait } from '../rules/shipping-wait.ts';

/**
 * What the admin sees of an order, under the names of 001 §3 (the Order entity and the fields
 * "shown on order views"), flat as the spec writes them, billing twins included. The shapes are
 * the contracts' (shared/contracts/checkout.ts).
 */
export type OrderListItem = z.input<typeof orderListItemSchema>;
export type OrderView = z.input<typeof orderViewSchema>;

export function orderListItem(order: AdminOrder & OrderFulfilment, now = Date.now()): OrderListItem {
  const wait = shippingWait(order, now);
  return {
    id: order.checkoutCode,
    checkoutCode: order.checkoutCode,
    checkoutTime: order.checkoutTime,
    productName: order.productName,
    typeName: order.typeName,
    name: order.contact.name,
    email: order.contact.email,
    finalPrice: order.finalPrice,
    currency: order.currency,
    status: order.status,
    paid: order.status === 'paid',
    paymentType: order.paymentType,
    ...(order.deletedAt ? { deletedAt: order.deletedAt } : {}),
    orderState: orderState(order),
    ...(order.shipment ? { shippedAt: order.shipment.shippedAt } : {}),
    ...(wait ?? {}),
  };
}

/** One address under its view names: every field a string ('' when not given). */
type Twin<S extends string> = { [K in OrderAddressField as `${K}${S}`]: string };

function address<S extends '' | 'Billing'>(a: Address, suffix: S): Twin<S> {
  const entries: [string, unknown][] = [
    ['name', a.name],
    ['phone', a.phone],
    ['email', a.email],
    ['address', a.address],
    ['address1', a.address1],
    ['address2', a.address2],
    // The order keeps the ISO code: countryId names it, country spells it out.
    ['country', countryName(a.country)],
    ['countryId', a.country],
    ['unit', a.unit],
    ['city', a.city],
    ['postalCode', a.postalCode],
    ['state', a.state],
  ];
  return Object.fromEntries(entries.map(([k, v]) => [`${k}${suffix}`, v ?? ''])) as Twin<S>;
}

export function orderView(
  order: AdminOrder & OrderFulfilment,
  cardNumber: string | undefined,
  now = Date.now(),
): OrderView {
  const wait = shippingWait(order, now);
  const optional = {
    paidAt: order.paidAt,
    refundedAt: order.refundedAt,
    refundReason: order.refundReason,
    mailSentAt: order.mailSentAt,
    paymentRef: order.paymentRef,
    deletedAt: order.deletedAt,
    deletedBy: order.deletedBy,
    cardNumber,
    fulfilment: order.fulfilment,
    shipment: order.shipment,
    deliveredAt: order.deliveredAt,
    deliveredBy: order.deliveredBy,
    deliveryMailSentAt: order.deliveryMailSentAt,
    businessDays: wait?.businessDays,
    overdue: wait?.overdue,
  };
  return {
    checkoutCode: order.checkoutCode,
    id: order.productId,
    typeId: order.typeId,
    ...address(order.contact, ''),
    cardName: null,
    hasBilling: order.hasBilling,
    ...(order.hasBilling && order.billing ? address(order.billing, 'Billing') : {}),
    productName: order.productName,
    typeName: order.typeName,
    size: order.size ?? '',
    gender: order.gender,
    colors: order.colors ?? [],
    currency: order.currency,
    productPrice: order.productPrice,
    discountCode: order.discountCode ?? '',
    termsVersion: order.termsVersion ?? '',
    discountAmount: order.discountAmount,
    productPriceAfterDiscount: order.productPriceAfterDiscount,
    shippingFee: order.shippingFee,
    tax: order.tax,
    duty: order.duty,
    finalPrice: order.finalPrice,
    amount: order.finalPrice,
    paymentType: order.paymentType,
    status: order.status,
    paid: order.status === 'paid',
    checkoutTime: order.checkoutTime,
    orderState: orderState(order),
    ...Object.fromEntries(Object.entries(optional).filter(([, v]) => v !== undefined)),
  };
}
