import type { PaymentFlow, PaymentKind, PaymentKindInfo, PaymentTypeCode } from './provider.ts';

/**
 * The providers as the shop names and stores them, apart from their operations (providers/), so
 * what only shows or stores a provider's words (a mail, an order's type) bundles no provider
 * client.
 */

export const STRIPE: PaymentKindInfo = {
  kind: 'stripe',
  typeCode: 1,
  flow: 'in-page',
  displayName: 'your bank',
  paymentWords: 'card',
  payerWords: (payer) => {
    if (payer?.brand === 'Link') return 'your Link account';
    if (!payer?.last4) return 'your card';
    const card = `your ${payer.brand} card ending ${payer.last4}`;
    return payer.wallet ? `${card} in ${payer.wallet}` : card;
  },
};

export const PAYPAL: PaymentKindInfo = {
  kind: 'paypal',
  typeCode: 2,
  flow: 'redirect',
  displayName: 'PayPal',
  paymentWords: 'PayPal',
  payerWords: () => 'your PayPal account',
};

export type StoredPayment = PaymentKind | PaymentTypeCode | PaymentFlow;

/** What the shop says and stores of the provider an order's type code, an entry's kind or a flow names. */
export function paymentKind(stored: StoredPayment): PaymentKindInfo {
  const found = [STRIPE, PAYPAL].find((p) => p.kind === stored || p.typeCode === stored || p.flow === stored);
  if (!found) throw new Error(`no payment provider for ${String(stored)}`);
  return found;
}
