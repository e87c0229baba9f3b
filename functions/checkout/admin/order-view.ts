import { countryName } from '#shared/countries.ts';
import type { Address, AdminOrder, OrderStatus } from '../entities/order.ts';

/**
 * What the admin sees of an order, under the names of 001 §3 (the Order entity and the fields
 * "shown on order views"), flat as the spec writes them, billing twins included.
 */
export interface OrderListItem {
  id: string;
  checkoutCode: string;
  checkoutTime: string;
  productName: string;
  typeName: string;
  name: string;
  email: string;
  finalPrice: number;
  currency: 'USD';
  status: OrderStatus;
  /** 001 §3: status true is paid, anything else is not. */
  paid: boolean;
  /** 1 card, otherwise PayPal. */
  paymentType: 1 | 2;
  deletedAt?: string;
}

export function orderListItem(order: AdminOrder): OrderListItem {
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
  };
}

type Twin<S extends string> = {
  [K in keyof Address as `${K & string}${S}`]: Address[K];
} & { [K in `countryId${S}`]: string };

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

export type OrderView = Twin<''> &
  Partial<Twin<'Billing'>> & {
    checkoutCode: string;
    /** The product (001 §3 `id`). */
    id: string;
    typeId: string;
    /**
     * The name on the card: the card form is the provider's (Stripe Elements) and the shop never
     * receives it, so there is none to show.
     */
    cardName: null;
    hasBilling: boolean;
    productName: string;
    typeName: string;
    /** The piece's authenticity card number, from the product (absent if the product is gone). */
    cardNumber?: string;
    size: string;
    gender: 0 | 1 | 2;
    colors: string[];
    currency: 'USD';
    productPrice: number;
    discountCode: string;
    discountAmount: number;
    productPriceAfterDiscount: number;
    shippingFee: number;
    tax: number;
    duty: number | 'not included';
    finalPrice: number;
    /** What the shopper was charged (001 §3 `amount`): the final price. */
    amount: number;
    paymentType: 1 | 2;
    status: OrderStatus;
    paid: boolean;
    checkoutTime: string;
    paidAt?: string;
    refundedAt?: string;
    refundReason?: string;
    mailSentAt?: string;
    /** The provider's payment: a Stripe PaymentIntent or a PayPal order id. */
    paymentRef?: string;
    deletedAt?: string;
    deletedBy?: string;
  };

export function orderView(order: AdminOrder, cardNumber: string | undefined): OrderView {
  const optional = {
    paidAt: order.paidAt,
    refundedAt: order.refundedAt,
    refundReason: order.refundReason,
    mailSentAt: order.mailSentAt,
    paymentRef: order.paymentRef,
    deletedAt: order.deletedAt,
    deletedBy: order.deletedBy,
    cardNumber,
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
    ...Object.fromEntries(Object.entries(optional).filter(([, v]) => v !== undefined)),
  };
}
