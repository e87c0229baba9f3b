import { createHash, timingSafeEqual } from 'node:crypto';

/** 001 §8: what the shopper reads when the check cannot be made (here: too many tries). */
export const DISCOUNT_CHECK_FAILED = 'Error validating discount code. Please try again.';

/**
 * Guessing a code is limited per client address: 20 checks per 10 minutes is far more than a
 * shopper typing a code (001 §4: a code is applied once per checkout), far too few to guess one.
 */
export const DISCOUNT_CHECK_LIMIT = { name: 'type-discount', max: 20, windowSeconds: 10 * 60 } as const;

/** The fields of a collection the check reads (the projection of its one GetItem). */
export const DISCOUNT_FIELDS = ['id', 'discount', 'discountCode', 'discountAmount'] as const;

export interface DiscountSource {
  discount?: boolean | undefined;
  discountCode?: string | undefined;
  /** Percent (001 §3, §9). */
  discountAmount?: number | undefined;
}

export interface DiscountCheck {
  isCodeValid: boolean;
  /** The percent off when the code is valid, else 0. Never the code itself. */
  discountAmount: number;
}

/** Codes compare trimmed and case-insensitively: " maison10 " is MAISON10. */
export function normalizeCode(code: string): string {
  return code.normalize('NFKC').trim().toUpperCase();
}

/** Compares digests of equal length, so the time taken says nothing about the stored code. */
function sameCode(entered: string, stored: string): boolean {
  const digest = (text: string) => createHash('sha256').update(normalizeCode(text)).digest();
  return timingSafeEqual(digest(entered), digest(stored));
}

const INVALID: DiscountCheck = { isCodeValid: false, discountAmount: 0 };

/**
 * 001 §7 GET type-discount: whether the code a shopper typed is the collection's, and its
 * percent. A collection with `discount: false` never validates (its stored code may be an old
 * one); nor does a collection with no code, a blank code, or a percent outside (0, 100].
 */
export function checkDiscountCode(collection: DiscountSource, entered: string): DiscountCheck {
  const { discount, discountCode, discountAmount } = collection;
  if (discount !== true || !discountCode || normalizeCode(discountCode) === '') return INVALID;
  if (typeof discountAmount !== 'number' || !(discountAmount > 0 && discountAmount <= 100)) return INVALID;
  if (normalizeCode(entered) === '' || !sameCode(entered, discountCode)) return INVALID;
  return { isCodeValid: true, discountAmount };
}
