import type {
  BaseInstance,
  Components,
  CreateInstanceOptions,
  EligiblePaymentMethodsOutput,
  OnErrorData,
  OneTimePaymentSession,
  PayPalOneTimePaymentSessionOptions,
  PayPalPaymentsInstance,
  PayPalPresentationModeOptions,
  PayPalV6Namespace,
  SdkInstance,
} from '@paypal/paypal-js/sdk-v6';

/*
 * The local stand-in of PayPal's JavaScript SDK v6 core script (https://www.paypal.com/web-sdk/v6/core),
 * served by the payments emulator at /web-sdk/v6/core. It is typed by the SDK's own definitions
 * (@paypal/paypal-js/sdk-v6), so the compiler holds it to the interface the shop codes against:
 * `window.paypal.createInstance({ clientId, components: ['paypal-payments'] })`, eligibility, and
 * a one-time payment session whose `start` opens the emulator's approval page in a popup, waits
 * for the order the shop's server created, and calls `onApprove` / `onCancel` / `onError` as the
 * real SDK does. The emulator writes its own address into the script it serves (EMULATOR_ORIGIN).
 */

declare const EMULATOR_ORIGIN: string;

/** What the approval page (popup mode) posts to its opener. */
interface PopupAnswer {
  source: 'paypal-local-stand-in';
  orderId: string;
  outcome: 'approved' | 'cancelled';
  payerId?: string;
}

class StandInError extends Error implements OnErrorData {
  code: string;
  isRecoverable: boolean;
  constructor(code: string, message: string, isRecoverable = true) {
    super(message);
    this.name = 'PayPalError';
    this.code = code;
    this.isRecoverable = isRecoverable;
  }
}

const notHere = (what: string) => () => {
  throw new StandInError('NOT_IN_STAND_IN', `${what} is not part of the local PayPal stand-in`, false);
};

const eligibility: EligiblePaymentMethodsOutput = {
  isEligible: (method) => method === 'paypal',
  getDetails: notHere('getDetails') as EligiblePaymentMethodsOutput['getDetails'],
};

function isAnswer(data: unknown, orderId: string): data is PopupAnswer {
  const answer = data as Partial<PopupAnswer> | null;
  return answer?.source === 'paypal-local-stand-in' && answer.orderId === orderId;
}

function oneTimePaymentSession(options: PayPalOneTimePaymentSessionOptions): OneTimePaymentSession {
  let popup: Window | null = null;
  let stop: (() => void) | undefined;
  const fail = (code: string, message: string) => {
    options.onError?.(new StandInError(code, message));
    options.onComplete?.({ paymentSessionState: 'error' });
  };

  const start = async (
    _mode: PayPalPresentationModeOptions = { presentationMode: 'auto' },
    order?: Promise<{ orderId: string }>,
  ): Promise<void> => {
    // As PayPal's: the window opens at once, in the click, before the order exists.
    popup = window.open('about:blank', 'paypal-local-stand-in', 'popup,width=450,height=640');
    if (!popup) return fail('ERR_DEV_UNABLE_TO_OPEN_POPUP', 'the browser blocked the PayPal window');
    let orderId: string;
    try {
      orderId = (await (order ?? Promise.resolve({ orderId: options.orderId ?? '' }))).orderId;
      if (!orderId) throw new Error('no order id');
    } catch (error) {
      popup.close();
      popup = null;
      // The shop's own error (its order could not be made) is the shop's to tell.
      throw error;
    }
    const url = new URL('/paypal/approve', EMULATOR_ORIGIN);
    url.searchParams.set('token', orderId);
    url.searchParams.set('popup', window.location.origin);
    popup.location.href = url.toString();
    const opened = popup;

    await new Promise<void>((resolve) => {
      const done = () => {
        window.removeEventListener('message', onMessage);
        clearInterval(watch);
        stop = undefined;
        popup = null;
        resolve();
      };
      const onMessage = (event: MessageEvent) => {
        if (event.origin !== EMULATOR_ORIGIN || event.source !== opened || !isAnswer(event.data, orderId))
          return;
        const answer = event.data;
        done();
        if (answer.outcome === 'approved') {
          void (
            options.onApprove?.({ orderId, payerId: answer.payerId ?? '', fundingSource: 'paypal' }) ??
            Promise.resolve()
          )
            .then(() => options.onComplete?.({ paymentSessionState: 'approved' }))
            .catch((error: unknown) =>
              fail('ERR_ON_APPROVE', error instanceof Error ? error.message : 'onApprove failed'),
            );
        } else {
          options.onCancel?.({ orderId });
          options.onComplete?.({ paymentSessionState: 'canceled' });
        }
      };
      // Closed without an answer: PayPal calls it a cancel.
      const watch = setInterval(() => {
        if (!opened.closed) return;
        done();
        options.onCancel?.({ orderId });
        options.onComplete?.({ paymentSessionState: 'canceled' });
      }, 300);
      stop = () => {
        done();
        opened.close();
      };
      window.addEventListener('message', onMessage);
    });
  };

  return {
    start,
    cancel: () => stop?.(),
    destroy: () => stop?.(),
    hasReturned: () => false,
    resume: async () => undefined,
  };
}

const payments: PayPalPaymentsInstance = {
  createPayPalOneTimePaymentSession: oneTimePaymentSession,
  createPayPalSavePaymentSession: notHere('createPayPalSavePaymentSession'),
  createPayLaterOneTimePaymentSession: notHere('createPayLaterOneTimePaymentSession'),
  createPayPalCreditOneTimePaymentSession: notHere('createPayPalCreditOneTimePaymentSession'),
  createPayPalCreditSavePaymentSession: notHere('createPayPalCreditSavePaymentSession'),
};

async function createInstance<T extends readonly Components[]>(
  options: CreateInstanceOptions<T>,
): Promise<SdkInstance<T>> {
  if (!options.clientId && !options.clientToken)
    throw new StandInError('ERR_INVALID_CLIENT', 'createInstance needs a clientId or a clientToken', false);
  for (const component of options.components)
    if (component !== 'paypal-payments')
      throw new StandInError('NOT_IN_STAND_IN', `the local stand-in has no ${component}`, false);
  const base: BaseInstance = {
    findEligibleMethods: async () => eligibility,
    hydrateEligibleMethods: () => eligibility,
    updateLocale: () => undefined,
    updateClientToken: () => undefined,
  };
  // Checked against the SDK's own type of an instance made with ['paypal-payments'], the only component above.
  const instance: SdkInstance<['paypal-payments']> = { ...base, ...payments };
  return instance as unknown as SdkInstance<T>;
}

const namespace: PayPalV6Namespace = { createInstance, version: '6.0.0' };
(window as unknown as { paypal: PayPalV6Namespace }).paypal = namespace;
