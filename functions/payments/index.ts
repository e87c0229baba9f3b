/** What checkout and the draws use of payments: the provider interface and its registry, the only door. */

export { paymentKind } from './kinds.ts';
export type {
  CancelOutcome,
  CaptureOutcome,
  Confirmation,
  PaidPayment,
  Payer,
  PaymentKind,
  PaymentKindInfo,
  PaymentOperations,
  PaymentProvider,
  PaymentRef,
  PaymentStart,
  PaymentState,
  PaymentTypeCode,
  StartedPayment,
  TakenPayment,
  WebhookNotice,
} from './provider.ts';
export { inPagePaymentSetup, paymentProvider, paymentProviders } from './registry.ts';
