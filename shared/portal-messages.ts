import { specMessageList } from '#shared/spec-messages.ts';
/** Kept apart from the schemas (shared/portal.ts) so the portal screens load no zod. */
/** The authenticity portal's messages (001 §5, §8), word for word, and its limits. */
export const PORTAL_MESSAGES = specMessageList({
  badNumber: '* input a correct number.',
  badPassword: '* input a correct password.',
  wrongCredentials: '* please check your card number and password.',
  network: '* sorry. your network might have an error. please try again.',
  tooManyTries: 'sorry, you have tried too many times today. please try tomorrow.',
  transferBadInput: 'please input correct information',
  transferDeclined: 'Transfer declined. Check the password',
  resetWrong: '* please check your email or card number.',
  resetAgain: 'you already tried to reset the password today',
  resetSent: 'a new password has been sent to your email.',
  /** The answer to every reset request, whether the email and card number match or not. */
  resetLinkSent:
    'if the email and card number match our records, a link to reset the password is on its way.',
  resetLinkInvalid: 'this link is no longer valid. please ask for a new one.',
  /** A card whose tries are slowed down after many wrong passwords. */
  slowDown: 'too many tries with this card. please wait a few minutes and try again.',
  notLoggedIn: 'please log in with your card number and password.',
  /** Shown with a 429: the owner's way in that no stranger can slow down. */
  loginLinkOffer: 'we can mail you a one-time login link.',
  /** The answer to every login link request, whether the email and card number match or not. */
  loginLinkSent: 'if the email and card number match our records, a one-time login link is on its way.',
  loginLinkInvalid: 'this login link is no longer valid. please ask for a new one.',
});

export const PORTAL_LIMITS = {
  /**
   * Wrong logins per client address per day (the 11th try is refused), and per card number
   * before each further try of a client the card has not seen log in must wait: 30 s, doubling
   * to at most 5 minutes. A device that logged in to the card before has its own count (the same
   * numbers), which strangers never touch. Right passwords are not counted, and the card's
   * owner is mailed at the 10th wrong one. All counted over a sliding day.
   */
  loginTriesPerDay: 10,
  loginFirstDelaySeconds: 30,
  loginMaxDelaySeconds: 5 * 60,
  /**
   * One-time login links (the owner's way in while strangers slow the card down): requests per
   * client address a day, links mailed per card a day (counted only for a match, silent when
   * spent), and how long a link stays valid.
   */
  loginLinkTriesPerAddressPerDay: 10,
  loginLinksPerCardPerDay: 3,
  loginLinkSeconds: 15 * 60,
  /** Transfer tries per card number and per client address per day; the 4th is refused. */
  transferTriesPerDay: 3,
  /** Reset requests per address and card number a day, and reset links mailed per card a day. */
  resetsPerCardPerDay: 1,
  /** How long a reset link stays valid. */
  resetLinkSeconds: 60 * 60,
  /** Reset requests per client address per day (guards against guessing email/card pairs). */
  resetTriesPerAddressPerDay: 10,
  daySeconds: 24 * 60 * 60,
  /** An owner session ends after 15 idle minutes and at most an hour after login. */
  sessionIdleSeconds: 15 * 60,
  sessionAbsoluteSeconds: 60 * 60,
} as const;
