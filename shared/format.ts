/** Prices are shown as a whole number if integer, otherwise with 2 decimals (000 §9, 001 §9). */
export function formatPrice(amount: number): string {
  return Number.isInteger(amount) ? String(amount) : amount.toFixed(2);
}

/** Payment amounts always carry 2 decimals (001 §9). */
export function paymentAmount(amount: number): string {
  return amount.toFixed(2);
}
