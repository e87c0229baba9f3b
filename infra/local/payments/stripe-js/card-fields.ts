/** The card fields of the stand-in's Payment Element: their formatting and Stripe's own messages. */

export interface CardInput {
  number: string;
  /** "MM / YY" as typed. */
  expiry: string;
  cvc: string;
}

export const fieldOrder = ['number', 'expiry', 'cvc'] as const;

/** Groups of four as the payer types (Stripe's field does the same). */
export function formatCardNumber(text: string): string {
  return text
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** "1234" → "12 / 34" as the payer types. */
export function formatExpiry(text: string): string {
  const digits = text.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)} / ${digits.slice(2)}` : digits;
}

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/**
 * What `elements.submit()` says of the card fields, by field, in Stripe's words; empty when
 * complete. `now` decides what is expired.
 */
export function cardErrors(
  card: CardInput,
  now = new Date(),
): Partial<Record<(typeof fieldOrder)[number], string>> {
  const errors: Partial<Record<(typeof fieldOrder)[number], string>> = {};
  const digits = card.number.replace(/\D/g, '');
  if (!digits) errors.number = 'Your card number is incomplete.';
  else if (digits.length < 13 || !luhn(digits)) errors.number = 'Your card number is invalid.';
  const match = /^(\d{2}) \/ (\d{2})$/.exec(card.expiry);
  if (!card.expiry || !match) errors.expiry = "Your card's expiration date is incomplete.";
  else {
    const month = Number(match[1]);
    const year = 2000 + Number(match[2]);
    if (month < 1 || month > 12) errors.expiry = "Your card's expiration date is invalid.";
    else if (year * 12 + month < now.getFullYear() * 12 + now.getMonth() + 1)
      errors.expiry = "Your card's expiration year is in the past.";
  }
  if (!/^\d{3,4}$/.test(card.cvc)) errors.cvc = "Your card's security code is incomplete.";
  return errors;
}
