import type {
  listOrdersContract,
  OrderAddressField,
  orderDetailsContract,
} from '#shared/contracts/checkout.ts';
import type { Answer } from '#shared/contracts/contract.ts';

/** The answers of the orders calls: the routes' contracts (shared/contracts/). */
export type OrdersPage = Answer<typeof listOrdersContract>;
export type OrderDetailsAnswer = Answer<typeof orderDetailsContract>;
/** 001 §3 Order as the admin sees it: flat, with the billing twins (`nameBilling`, …). */
export type OrderDetails = OrderDetailsAnswer['order'];
export type AddressField = OrderAddressField;

export const paymentTypeName = (type: number) => (type === 1 ? 'card' : 'PayPal');
