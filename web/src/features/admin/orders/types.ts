/** The answers of the orders and members calls (functions/admin/orders, functions/admin/members). */
export type OrderStatus = 'pending' | 'paid' | 'failed' | 'refunded';

export interface OrderRow {
  id: string;
  checkoutTime: string;
  productName: string;
  typeName: string;
  name: string;
  email: string;
  finalPrice: number;
  currency: 'USD';
  status: OrderStatus;
  paid: boolean;
  paymentType: 1 | 2;
  deletedAt?: string;
}

type AddressFields = 'name' | 'phone' | 'email' | 'address' | 'address1' | 'address2' | 'country';
type PlaceFields = 'countryId' | 'unit' | 'city' | 'postalCode' | 'state';
export type AddressField = AddressFields | PlaceFields;

/** 001 §3 Order as the admin sees it: flat, with the billing twins (`nameBilling`, …). */
export type OrderDetails = Record<AddressField, string> &
  Partial<Record<`${AddressField}Billing`, string>> & {
    checkoutCode: string;
    id: string;
    typeId: string;
    cardName: null;
    hasBilling: boolean;
    productName: string;
    typeName: string;
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
    amount: number;
    paymentType: 1 | 2;
    status: OrderStatus;
    paid: boolean;
    checkoutTime: string;
    paidAt?: string;
    refundedAt?: string;
    refundReason?: string;
    mailSentAt?: string;
    paymentRef?: string;
    deletedAt?: string;
    deletedBy?: string;
  };

export interface OrderDetailsAnswer {
  order: OrderDetails;
  deletable: boolean;
  deleteToken?: string;
  deleteTokenValidUntil?: string;
  deleteRefusal?: string;
}

export interface MemberRow {
  id: string;
  email: string;
  createdAt: string;
}

export const PAGE_SIZE = 10;

export const paymentTypeName = (type: number) => (type === 1 ? 'card' : 'PayPal');
export const GENDER_NAMES = ['women', 'men', 'women and men'] as const;
