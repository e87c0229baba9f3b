import type { PublicAnswer } from '../../lib/api-types.ts';

type Started = PublicAnswer<'/secret', 'post'>;

/** The amounts of a started payment as the server computed them: the ones charged (or held). */
export type ServerAmounts = Started['amounts'];

/**
 * What the card step needs of a start: a checkout's, or a draw entry's (an authorisation held, not
 * captured). The client secret when the payment exists already; a held checkout has none yet (its
 * pay click creates the payment: PaymentStep's `intent`).
 */
export type CardSession = Pick<Started, 'publishableKey' | 'paymentsMode' | 'amounts'> &
  Partial<Pick<Started, 'client_secret'>>;

/** A payment done: charged, on its way, or (`hold`) authorised and held for a later capture. */
export const paymentDone = (status: string | undefined, hold: boolean) =>
  status === 'succeeded' || status === 'processing' || (hold && status === 'requires_capture');
