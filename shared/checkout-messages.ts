import { specMessageList } from '#shared/spec-messages.ts';
/** Kept apart from the schemas (shared/checkout.ts) so every handler can map them without zod. */
/** 001 §5 and §8: the checkout's messages, word for word. */
export const CHECKOUT_MESSAGES = specMessageList({
  fillAllFields: 'please fill out all the fields',
  fillBilling: 'please fill out billing information',
  alreadySold: 'sorry, this product is already sold',
  /** Not in the spec: a piece held by another shopper is not sold, and may be free again soon. */
  reserved:
    'sorry, this piece is reserved by another shopper right now. it may be free again in a few minutes.',
  /** Not in the spec: a start without its checkout key (a page from before the key existed). */
  reloadPage: 'please reload the page and try again.',
  /** Not in the spec: a checkout key of too little randomness (repeats, runs): anyone could guess it. */
  weakCheckoutKey: 'this checkout key is too easy to guess. please reload the page and try again.',
  /** Not in the spec: this shopper's own order was paid already (a reload after paying). */
  alreadyPaid: 'this order is already paid. thank you!',
  /** Not in the spec: a piece of a collection on pre-sale (its release has not come yet). */
  notOnSaleYet: 'this piece is not on sale yet. members are told by mail the moment it is.',
  /** Not in the spec: a piece offered by a release draw (issue 35) is entered, not bought. */
  offeredByDraw: 'this piece is offered by a draw. members may enter it on its page until the draw closes.',
  /** Not in the spec: a wallet's address in a country the collection does not ship to. */
  doesNotShip: 'sorry, this piece does not ship to that country.',
  patchFailed: 'something is wrong. please contact us',
  otherFailure: 'something wrong, please contact us!',
  invalidDiscount: 'enter a valid discount code.',
  discountApplied: 'discount code already applied.',
  discountError: 'Error validating discount code. Please try again.',
});
