/** What other modules' handlers use of checkout: the only door into it. */

export { completeDrawSale, type DrawWinner, drawOrderFor, orderCents } from './draw-sale.ts';
export { type OrderEntity, paidBuyersTerms } from './entities/order.ts';
export { checkoutCodeFor } from './rules/new-order.ts';
