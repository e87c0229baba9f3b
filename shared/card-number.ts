import { LIMITS } from '#shared/constants.ts';
import * as z from '#shared/zod.ts';

/**
 * The one rule for the number engraved on a piece's steel authenticity card (000 §9: 16
 * digits; 001 §9: shown in groups of 4). Staff enter it in the admin, owners type it in the
 * portal: both go through this file, so a number the admin accepts is one the portal opens.
 * Spaces and dashes between groups may be typed or pasted; the number is kept as digits only.
 */
export const CARD_NUMBER_DIGITS = LIMITS.cardNumberDigits;

const CARD_NUMBER = new RegExp(`^\\d{${CARD_NUMBER_DIGITS}}$`);

/** What staff are told when a number is not one: the admin's words for the rule. */
export const CARD_NUMBER_RULE = `the card number is the ${CARD_NUMBER_DIGITS} digits engraved on the steel card (spaces between groups of 4 are fine)`;

/** "1234 5678-9012 3456" → "1234567890123456": the spaces and dashes between groups dropped. */
export function cardDigits(text: string): string {
  return text.replace(/[\s-]+/g, '');
}

/** Exactly 16 digits, nothing else. */
export function isCardNumber(digits: string): boolean {
  return CARD_NUMBER.test(digits);
}

/** "1234567890123456" → "1234 5678 9012 3456", as the number is engraved on the card. */
export function groupCardNumber(digits: string): string {
  return digits.replace(/(.{4})(?=.)/g, '$1 ');
}

/** A card number as typed (groups of 4 allowed), parsed to its 16 digits; any fault is `message`. */
export const cardNumberSchema = (message: string) =>
  z.pipe(
    z.pipe(z.string({ error: message }), z.transform(cardDigits)),
    z.string().check(z.regex(CARD_NUMBER, { error: message })),
  );
