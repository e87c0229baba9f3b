import type { OrderAddressField } from '#shared/contracts/checkout.ts';
import type { AdminAnswer } from '../../../lib/api-types.ts';

/** The answers of the orders calls: the routes' contracts (shared/contracts/). */
export type OrdersPage = AdminAnswer<'/orders'>;
export type OrderDetailsAnswer = AdminAnswer<'/order-details'>;
/** 001 §3 Order as the admin sees it: flat, with the billing twins (`nameBilling`, …). */
export type OrderDetails = OrderDetailsAnswer['order'];
export type AddressField = OrderAddressField;

export const paymentTypeName = (type: number) => (type === 1 ? 'card' : 'PayPal');
