/** What checkout and the draws use of payments: the provider interface and its registry, the only door. */

export { paymentKind } from './kinds.ts';
export type {
  CancelOutcome,
  CaptureOutcome,
  Confirmation,
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
export { inPagePaymentSetup, paymentProvider } from './registry.ts';
