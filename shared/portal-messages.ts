/** Kept apart from the schemas (shared/portal.ts) so the portal screens load no zod. */
/** The authenticity portal's messages (001 §5, §8), word for word, and its limits. */
export const PORTAL_MESSAGES = {
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
  notLoggedIn: 'please log in with your card number and password.',
} as const;

export const PORTAL_LIMITS = {
  /** Login tries per card number and per client address per day; the 11th is refused. */
  loginTriesPerDay: 10,
  /** Transfer tries per card number and per client address per day; the 4th is refused. */
  transferTriesPerDay: 3,
  /** Password resets per card per day. */
  resetsPerCardPerDay: 1,
  /** Reset requests per client address per day (guards against guessing email/card pairs). */
  resetTriesPerAddressPerDay: 10,
  daySeconds: 24 * 60 * 60,
  /** An owner session ends after 15 idle minutes and at most an hour after login. */
  sessionIdleSeconds: 15 * 60,
  sessionAbsoluteSeconds: 60 * 60,
} as const;
