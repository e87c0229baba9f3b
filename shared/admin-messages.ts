import { specMessageList } from '#shared/spec-messages.ts';
/** Kept apart from the schemas (shared/admin.ts) so every handler can map them without zod. */
/** The admin area's messages (001 §5, §6, §8), word for word, and its own. */
export const ADMIN_MESSAGES = specMessageList({
  loginFailed: 'get out of here!',
  fillAllBlanks: 'please fill all the blanks',
  tooManyPictures: 'please select no more than 10 pictures',
  addMenOrWomenImage: 'please add product image for men or women',
  deleteFailed: 'Error',
  notLoggedIn: 'please log in.',
  loginLimited: 'too many tries. please wait 15 minutes.',
  /** An account strangers tried many wrong passwords on: slowed down, never locked. */
  loginSlowed: 'too many tries on this account. please wait a few minutes and try again.',
  crossSite: 'cross-site requests are not allowed',
});
