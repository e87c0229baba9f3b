import { specMessageList } from '#shared/spec-messages.ts';
/** The messages of the spec's error catalogues (000 §8, 001 §8), word for word. */
export const MESSAGES = specMessageList({
  invalidEmail: 'please input a correct email.',
  signupTryLater: 'sorry. please try again in a few minutes.',
  signupReceived: 'received.',
  insertEmail: 'insert your email address',
  answersTryLater: 'sorry, please try again later',
  noProduct: 'sorry, no product',
  purchaseSold: 'sorry this product is already sold.',
  priceFailed: 'something wrong. try again later.',
  productSold: 'this product is sold.',
  collectionSold: 'all products in this collection are sold.',
  pageNotFound: 'Sorry your page is not found.',
  noProductsAvailable: 'No Products Available',
  alreadySold: 'sorry, this product is already sold',
});
