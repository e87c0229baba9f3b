/**
 * The shop's terms of use, versioned (issue 20): staff publish a version with the date it takes
 * effect and a summary of what changed; members are mailed the notice; the terms page shows
 * the current version and the checkout records the version the shopper was shown.
 */
import { HOLD_MINUTES } from '#shared/constants.ts';

export const TERMS_PAGE = '/more/terms-and-conditions';
export const PRIVACY_PAGE = '/more/privacy-policy';
export const TAXES_PAGE = '/more/taxes';

/** A version's name: short, plain (it is shown, mailed, and stored on orders), e.g. "2026-11" or "v3". */
export const TERMS_VERSION = /^[A-Za-z0-9][A-Za-z0-9._-]{0,39}$/;

export const TERMS_MESSAGES = {
  badVersion: 'the version is 1 to 40 letters, digits, dots, dashes or underscores',
  badDate: 'the effective date is a date (YYYY-MM-DD)',
  noSummary: 'write a summary of what changed',
  versionTaken: 'this version was already published',
  /** The checkout was started from a page showing terms that were never published. */
  unknownVersion: 'the terms changed. please reload the page and read them again.',
} as const;

/**
 * What the terms say of reserving a piece: what the checkout does. Starting to pay holds the piece
 * for HOLD_MINUTES, the countdown the checkout shows ("this piece is reserved for you for mm:ss");
 * a payment not completed by then releases it.
 */
export const TERMS_RESERVATION =
  `When you go to payment, the product is held for you for ${HOLD_MINUTES} minutes while you pay: ` +
  'the checkout shows the time left, and nobody else can buy it meanwhile. If your payment is not ' +
  'completed within that time, the hold ends and the product may be bought by someone else. It is ' +
  'yours once your payment is complete.';

/**
 * What the terms say of a release draw (issue 45): what functions/draws does with an entry's
 * payment (docs/draw.md): authorised at entry, charged only on a win, released otherwise.
 */
export const TERMS_DRAW =
  'Some products are released by draw, open to members only. When you enter a draw, your card or ' +
  'PayPal account is asked to authorise the full amount of the order (the price, shipping and any ' +
  'tax): the amount is held, not charged. Only if you win is the held amount charged, when the draw ' +
  'is settled, and the product is yours. If you do not win, withdraw before entries close, or your ' +
  'entry is refused or not completed, the hold is released and nothing is charged. One entry per ' +
  'person, e-mail address, shipping address and card. The winner follows from the published list ' +
  'of entries and public randomness, as the draw’s page explains, so every entrant can check it.';
