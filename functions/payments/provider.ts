/**
 * The one door to a payment provider: what checkout and the draws ask of any provider, in the
 * shop's words. Each provider (providers/) answers its expected states as typed results; only a
 * call the provider could not answer (its 5xx, the network, a refused key) is `failed` or throws,
 * which is safe to try again.
 */

/** Which provider holds a payment, as an entry and a provider event store it. */
export type PaymentKind = 'stripe' | 'paypal';
/** The same, as an order and the checkout form store it. */
export type PaymentTypeCode = 1 | 2;
/** How the payer confirms: in the shop's page, or away at the provider, which sends them back. */
export type PaymentFlow = 'in-page' | 'redirect';
/** Taken when confirmed, or authorised now and captured later (a draw entry). */
export type CaptureMode = 'now' | 'manual';

/** A payment the shop made, as it keeps it: the provider's id and how it is captured. */
export interface PaymentRef {
  id: string;
  capture: CaptureMode;
  /** A manual payment's own authorisation, once the provider gave one. */
  authorizationId?: string;
}

export interface PaymentStart {
  /** Computed by the server, never taken from the browser. */
  amountCents: number;
  /** ISO 4217, lower case ('usd'). */
  currency: string;
  capture: CaptureMode;
  description: string;
  /** The same key gives the same payment back (a retried start); a new one a new payment. */
  idempotencyKey: string;
  /** Ours, carried on the provider's notices where it carries one field of ours. */
  reference: string;
  /** Ours, kept with the payment where the provider keeps a set of fields. */
  metadata: Record<string, string>;
  email?: string;
  /** Where a redirecting provider sends the payer back, approved or cancelled (it needs both). */
  returnUrl?: string;
  cancelUrl?: string;
}

/** How the browser goes on: it confirms in the page with a secret, or is sent to approve. */
export type StartedPayment = { paymentRef: string } & (
  | {
      clientSecret: string;
      /** What the page's payment step needs beside the secret. */
      page: { publishableKey?: string; paymentsMode: 'local' | 'stripe' };
    }
  | { approveUrl: string }
);

/** Money the provider took: what completes an order. */
export interface TakenPayment {
  /** The provider's id of what took the money (refunds name it). */
  paymentRef: string;
  amountCents: number;
  currency: string;
  /** The id of the provider's own notice of it, where it can be known from the payment. */
  eventId?: string;
}

/** A payment that took money, as its provider lists it (the restore's reconciliation). */
export interface PaidPayment extends TakenPayment {
  /** Ours: the reference the payment was started with (PaymentStart.reference: the checkout code). */
  reference: string;
  /** When the money was taken, epoch ms. */
  takenAt: number;
}

/** Who authorised a payment, as one entry per person counts it. */
export interface Payer {
  fingerprint: string;
  brand: string;
  last4: string;
  /** The wallet the card was paid from ("Apple Pay", "Google Pay"), where one was. */
  wallet?: string;
}

export type Confirmation =
  | { outcome: 'paid'; taken: TakenPayment }
  | { outcome: 'authorised'; amountCents: number; payer: Payer; authorizationId?: string }
  | { outcome: 'not-confirmed' };

export interface PaymentState {
  status: 'awaiting-payer' | 'approved' | 'processing' | 'authorised' | 'paid' | 'canceled';
  /** The provider's own word for it, for the logs. */
  providerStatus: string;
  /** Its last change (the money taken, an approval), epoch ms, where the provider says. */
  changedAt?: number;
  /** An authorised payment: until when the provider holds the money, epoch ms. */
  authorisedUntil?: number;
  taken?: TakenPayment;
}

export type CaptureOutcome =
  | { outcome: 'captured' | 'already-captured'; amountCents: number }
  | { outcome: 'cannot-capture'; reason: string }
  | { outcome: 'failed'; message: string };

export type CancelOutcome =
  | { outcome: 'canceled' }
  /** Canceled before, or lapsed on its own: nothing of it holds money. */
  | { outcome: 'already-canceled' }
  | { outcome: 'cannot-cancel'; reason: 'captured' | 'processing' }
  | { outcome: 'failed'; message: string };

/** A webhook delivery, once its signature is checked. */
export type WebhookNotice =
  | { verified: false; message: string }
  | {
      verified: true;
      id: string;
      type: string;
      /** A payment that took money, with our reference when the payment carried one. */
      paid?: TakenPayment & { eventId: string; reference?: string };
    };

/** What the shop says and stores of a provider: no call to it (kinds.ts). */
export interface PaymentKindInfo {
  readonly kind: PaymentKind;
  readonly typeCode: PaymentTypeCode;
  readonly flow: PaymentFlow;
  /** Who the payer is told confirms the payment ("Confirming your payment with …"). */
  readonly displayName: string;
  /** How staff call the way an order was paid ("card", "PayPal"). */
  readonly paymentWords: string;
  /** The payer's means in a mail ("your Visa card ending 4242"). */
  payerWords(payer: Payer | undefined): string;
}

/** What the shop asks of a provider: one implementation of these per provider (providers/). */
export interface PaymentOperations {
  start(input: PaymentStart): Promise<StartedPayment>;
  /**
   * Whether the payer's confirmation took or authorised the money. For a redirect it is the
   * shop's own call that does (capture now, or authorise), so it is made once the payer is back;
   * `expected` fields must be the payment's own (a payment of another entry is not confirmed).
   */
  confirm(ref: PaymentRef, expected?: Record<string, string>): Promise<Confirmation>;
  /** Takes an authorised payment (all of it, or `amountCents`); the rest is released. */
  capture(ref: PaymentRef, amountCents: number): Promise<CaptureOutcome>;
  /** Cancels a payment nobody will pay now, or voids an authorisation. */
  cancel(ref: PaymentRef): Promise<CancelOutcome>;
  /** Gives back all of a taken payment, once however often asked with the same key. */
  refund(taken: { paymentRef: string; idempotencyKey: string }): Promise<void>;
  read(ref: PaymentRef): Promise<PaymentState>;
  listPaid(range: { since: number; until: number }): Promise<PaidPayment[]>;
  /** Checks a delivery's signature (raw body, headers as received); an error when it cannot be checked now. */
  verifyWebhook(headers: Record<string, string | undefined>, body: string | Buffer): Promise<WebhookNotice>;
  /** Whether a start failed because a twin of it is talking to the provider right now. */
  isConcurrentStart(error: unknown): boolean;
}

/** A provider: its words and its operations, as the registry gives it. */
export type PaymentProvider = PaymentKindInfo & PaymentOperations;
