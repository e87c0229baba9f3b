/**
 * Money in whole cents. Every amount of a quote is computed as an integer number of cents and
 * rounded once, half up, at the cent (001 §9: "the payment amount has 2 decimals"); USD amounts
 * only turn back into dollars at the edge (`fromCents`).
 */

/** Why a quote cannot be made; the server answers 400 with the message. */
export type PricingErrorCode = 'unknown-country' | 'missing-region' | 'unknown-region' | 'bad-amount';

export class PricingError extends Error {
  readonly code: PricingErrorCode;

  constructor(code: PricingErrorCode, message: string) {
    super(message);
    this.name = 'PricingError';
    this.code = code;
  }
}

/**
 * Dollars → cents, rounded half up at the cent. `toPrecision(15)` first removes the binary
 * noise of the multiplication (1.005 * 100 is 100.49999999999999, and is meant as 100.5).
 */
export function toCents(dollars: number): number {
  if (!Number.isFinite(dollars) || dollars < 0) {
    throw new PricingError('bad-amount', 'an amount must be a number of dollars, 0 or more');
  }
  return Math.round(Number((dollars * 100).toPrecision(15)));
}

/**
 * Does the number have at most `places` decimals (19.99 for 2: yes; 12.345: no)? Entered prices
 * and percents must: whatever a form sends is stored as it came, and DynamoDB refuses numbers
 * whose magnitude is below 1e-130 (5e-324 is a valid JSON number), so those are refused here.
 */
export function hasAtMostDecimals(value: number, places: number): boolean {
  return Number.isFinite(value) && Math.abs(value) < 1e21 && Number(value.toFixed(places)) === value;
}

/** Cents → dollars (a whole number of cents divided by 100 prints with at most 2 decimals). */
export function fromCents(cents: number): number {
  return cents / 100;
}

/** Rates and percents are held as integer parts per 100 000 (0.14975 → 14975): exact arithmetic. */
const PARTS = 100_000;

/** A fraction (0.13) as parts per 100 000; rates of the tables have at most 5 decimals. */
export function fractionToParts(fraction: number): number {
  return Math.round(Number((fraction * PARTS).toPrecision(15)));
}

/**
 * `cents × parts / 100 000`, rounded half up to a whole cent. Integer arithmetic only (the
 * remainder is taken off before dividing, so the division is exact): the product stays below
 * 2^53 for any amount under 90 million dollars, far above any piece the shop sells.
 */
export function applyParts(cents: number, parts: number): number {
  const scaled = cents * parts + PARTS / 2;
  if (!Number.isSafeInteger(scaled) || scaled < 0) {
    throw new PricingError('bad-amount', 'the amount is out of range');
  }
  return (scaled - (scaled % PARTS)) / PARTS;
}

/** `cents × fraction`, rounded half up to a whole cent (fraction at most 5 decimals). */
export function centsTimes(cents: number, fraction: number): number {
  return applyParts(cents, fractionToParts(fraction));
}
