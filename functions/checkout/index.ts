/** What other modules' handlers use of checkout: the only door into it. */

export {
  type CancelOutcome,
  type CaptureOutcome,
  type CardHoldState,
  cancelCardHold,
  captureCardHold,
  cardHoldState,
  createCardHold,
  type HeldCard,
} from './adapters/card-holds.ts';
export {
  type Authorization,
  type AuthorizationCaptureOutcome,
  type AuthorizeOutcome,
  authorizePaypalOrder,
  capturePaypalAuthorization,
  createPaypalAuthorizeOrder,
  type PaypalAuthorizationState,
  paypalAuthorizationState,
  paypalOrderPayer,
  type VoidOutcome,
  voidPaypalAuthorization,
} from './adapters/paypal-authorizations.ts';
export { completeDrawSale, type DrawWinner, drawOrderFor, orderCents } from './draw-sale.ts';
export { type OrderEntity, paidBuyersTerms } from './entities/order.ts';
export { checkoutCodeFor } from './rules/new-order.ts';
