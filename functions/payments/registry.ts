import { paymentKind, type StoredPayment } from './kinds.ts';
import type { PaymentKind, PaymentOperations, PaymentProvider } from './provider.ts';
import { paypalOperations } from './providers/paypal.ts';
import { stripeOperations, stripePage } from './providers/stripe.ts';

const OPERATIONS: Record<PaymentKind, PaymentOperations> = {
  stripe: stripeOperations,
  paypal: paypalOperations,
};

/**
 * The provider of a payment, by the kind its order (type code) or entry (kind) stored, or by
 * how a new payment's payer confirms (a route of its own for each flow).
 */
export function paymentProvider(stored: StoredPayment): PaymentProvider {
  const kind = paymentKind(stored);
  return { ...kind, ...OPERATIONS[kind.kind] };
}

/** Every provider the shop pays through, each once (the restore's reconciliation asks them all). */
export function paymentProviders(): PaymentProvider[] {
  return (Object.keys(OPERATIONS) as PaymentKind[]).map((kind) => paymentProvider(kind));
}

/**
 * What a page loads the in-page provider's script with before any payment exists (the wallet
 * buttons of a piece's page): its publishable key and whether it is the local stand-in.
 */
export function inPagePaymentSetup(): { publishableKey?: string; paymentsMode: 'local' | 'stripe' } {
  return stripePage();
}
