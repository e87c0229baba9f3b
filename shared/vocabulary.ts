/**
 * The shop's words, declared once for the functions, the web and the infrastructure alike.
 * On the wire a collection is a "type" (the spec's `type`, `typeId`, `/view-types`); in code
 * that is not wire it is a collection (see docs/architecture.md).
 */

/** Gender codes of the spec: 0 women, 1 men, 2 both (unisex). */
export const GENDER = { women: 0, men: 1, unisex: 2 } as const;
export type Gender = (typeof GENDER)[keyof typeof GENDER];
export const GENDERS = [GENDER.women, GENDER.men, GENDER.unisex] as const;

/** Where an order is in its life: held and waiting for payment, paid, failed, or refunded. */
export const ORDER_STATUSES = ['pending', 'paid', 'failed', 'refunded'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** The four pillars (000 §1); `joy` is shown as "entertainment". */
export const PILLARS = [
  { id: 'mind', label: 'mind' },
  { id: 'body', label: 'body' },
  { id: 'knowledge', label: 'knowledge' },
  { id: 'joy', label: 'entertainment' },
] as const;
export type PillarId = (typeof PILLARS)[number]['id'];
export const PILLAR_IDS: readonly string[] = PILLARS.map((pillar) => pillar.id);

/**
 * What happened to a paid order after payment: shipped (carrier and tracking given), then
 * optionally delivered. Kept apart from the payment `status`, which stays `paid`: the mail sweep,
 * the reconciliation and the delete rules read it. The admin shows the two together
 * (`orderState`).
 */
export const FULFILMENT_STATES = ['shipped', 'delivered'] as const;
export type FulfilmentState = (typeof FULFILMENT_STATES)[number];

/** An order's state as the admin shows it: its payment status, or how far a paid order has gone. */
export const ORDER_STATES = [...ORDER_STATUSES, ...FULFILMENT_STATES] as const;
export type OrderState = (typeof ORDER_STATES)[number];

export function orderState(order: { status: OrderStatus; fulfilment?: FulfilmentState }): OrderState {
  return order.status === 'paid' && order.fulfilment ? order.fulfilment : order.status;
}

/** The carriers the shop ships with (000 §9), and "other" with a tracking link typed by staff. */
export const CARRIERS = [
  { id: 'dhl', name: 'DHL' },
  { id: 'fedex', name: 'FedEx' },
  { id: 'ups', name: 'UPS' },
  { id: 'canada-post', name: 'Canada Post' },
  { id: 'other', name: 'other' },
] as const;
export type CarrierId = (typeof CARRIERS)[number]['id'];
export const CARRIER_IDS = CARRIERS.map((carrier) => carrier.id) as [CarrierId, ...CarrierId[]];

/**
 * The admin's orders list filters: every order, paid ones waiting to ship, those of them waiting
 * longer than the 7 business days promised (overdue), shipped (or delivered), refunded.
 */
export const ORDER_LIST_FILTERS = ['all', 'waiting', 'overdue', 'shipped', 'refunded'] as const;
export type OrderListFilter = (typeof ORDER_LIST_FILTERS)[number];
