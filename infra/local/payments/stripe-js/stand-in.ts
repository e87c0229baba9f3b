import type {
  Appearance,
  PaymentIntent,
  PaymentIntentResult,
  Stripe,
  StripeElements,
  StripeElementsOptionsMode,
  StripeElementsUpdateOptions,
  StripeError,
  StripeExpressCheckoutElement,
  StripeExpressCheckoutElementOptions,
  StripePaymentElement,
  StripePaymentElementChangeEvent,
  StripePaymentElementOptions,
} from '@stripe/stripe-js';
import { type CardInput, cardErrors, fieldOrder, formatCardNumber, formatExpiry } from './card-fields.ts';
import { createExpressCheckoutElement, type ExpressCheckout } from './express-checkout.ts';
import { WALLET_CARD, WALLET_CONTACT, walletCardData } from './wallet-card.ts';

/*
 * The local stand-in for Stripe.js v3 (https://js.stripe.com/v3), served by the payments emulator
 * at /v3/stripe.js and bundled by esbuild. Like the real script it sets `window.Stripe`; the shop's
 * production component (web/src/components/payment/payment-step.tsx) drives it through the same
 * calls it makes on Stripe.js, which @stripe/stripe-js's own types hold this file to: the Payment
 * Element (card fields, Google Pay paying with its test card, Link), `elements.submit()`, `elements.update()`, `stripe.confirmPayment`
 * with `redirect: 'if_required'` (posting to the emulator's confirm as Stripe.js posts to
 * api.stripe.com) and, for `requires_action`, a 3-D Secure challenge in a modal, answered through
 * the emulator's /authenticate. The fields live in the page's DOM (the real ones are in Stripe's
 * iframe): a stand-in for tests, never shipped.
 */

/** What the shop's component calls on Stripe.js, with Stripe's own signatures. */
export type StandInStripe = Pick<Stripe, 'retrievePaymentIntent'> & {
  elements(options: StripeElementsOptionsMode): StandInElements;
  confirmPayment(options: {
    elements: StandInElements | StripeElements;
    clientSecret: string;
    confirmParams?: { return_url?: string };
    redirect: 'if_required';
  }): Promise<PaymentIntentResult>;
};

/** The Elements group's calls the shop makes. */
export type StandInElements = Pick<StripeElements, 'submit' | 'update' | 'fetchUpdates'> & {
  create(type: 'payment', options?: StripePaymentElementOptions): StripePaymentElement;
  create(
    type: 'expressCheckout',
    options?: StripeExpressCheckoutElementOptions,
  ): StripeExpressCheckoutElement;
  getElement(type: 'payment'): StripePaymentElement | null;
  getElement(type: 'expressCheckout'): StripeExpressCheckoutElement | null;
};

/** The Payment Element's tabs: the card, Google Pay (the wallet Chromium has), Link. */
type Method = 'card' | 'google_pay' | 'link';

const intentIdOf = (clientSecret: string) => clientSecret.split('_secret_')[0] ?? '';

/** Where this script was served from: the emulator (or the gateway's /__payments in front of it). */
function apiBase(): string {
  const script = document.currentScript as HTMLScriptElement | null;
  const source = script?.src ?? [...document.scripts].find((s) => s.src.endsWith('/v3/stripe.js'))?.src ?? '';
  return source.replace(/\/v3\/stripe\.js.*$/, '');
}

const BASE = apiBase();

function stripeError(body: unknown, fallback: string): StripeError {
  const error = (body as { error?: Partial<StripeError> } | null)?.error;
  return {
    type: error?.type ?? 'api_error',
    message: error?.message ?? fallback,
    ...(error?.code ? { code: error.code } : {}),
    ...(error?.decline_code ? { decline_code: error.decline_code } : {}),
    ...(error?.payment_intent ? { payment_intent: error.payment_intent } : {}),
  } as StripeError;
}

async function call(
  method: 'GET' | 'POST',
  path: string,
  fields: Record<string, string>,
): Promise<PaymentIntentResult> {
  const form = new URLSearchParams(fields).toString();
  let response: Response;
  try {
    response =
      method === 'GET'
        ? await fetch(`${BASE}${path}?${form}`)
        : await fetch(`${BASE}${path}`, {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: form,
          });
  } catch {
    return {
      error: { type: 'api_connection_error', message: 'Stripe could not be reached.' } as StripeError,
    };
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    return { error: stripeError(undefined, 'Stripe did not answer.') };
  }
  if (!response.ok) return { error: stripeError(body, 'The payment was refused.') };
  return { paymentIntent: body as PaymentIntent };
}

// ---- the look: the shop's appearance variables, as the Payment Element takes them ----------

function themed(appearance: Appearance | undefined) {
  const v = appearance?.variables ?? {};
  return {
    font: v.fontFamily ?? 'system-ui, sans-serif',
    text: v.colorText ?? '#30313d',
    primary: v.colorPrimary ?? '#0570de',
    background: v.colorBackground ?? '#ffffff',
    danger: v.colorDanger ?? '#df1b41',
    radius: v.borderRadius ?? '4px',
    size: v.fontSizeBase ?? '16px',
  };
}

type Theme = ReturnType<typeof themed>;

function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Partial<HTMLElementTagNameMap[K]> = {},
  style: Partial<CSSStyleDeclaration> = {},
  children: (Node | string)[] = [],
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  Object.assign(node, props);
  Object.assign(node.style, style);
  node.append(...children);
  return node;
}

let uid = 0;

/** One labelled input of the element, with its error line under it. */
function field(theme: Theme, label: string, input: Partial<HTMLInputElement>) {
  uid += 1;
  const id = `stand-in-stripe-${uid}`;
  const control = el(
    'input',
    { id, ...input },
    {
      display: 'block',
      width: '100%',
      boxSizing: 'border-box',
      padding: '10px 12px',
      marginTop: '4px',
      font: `${theme.size} ${theme.font}`,
      color: theme.text,
      background: theme.background,
      border: '1px solid #d8d4cc',
      borderRadius: theme.radius,
    },
  );
  const error = el('p', {}, { color: theme.danger, margin: '4px 0 0', fontSize: '14px', minHeight: '0' });
  const box = el('div', {}, { flex: '1 1 140px', marginBottom: '12px' }, [
    el('label', { htmlFor: id }, { fontSize: '14px' }, [label]),
    control,
    error,
  ]);
  const setError = (text: string) => {
    error.textContent = text;
    control.setAttribute('aria-invalid', text ? 'true' : 'false');
    control.style.borderColor = text ? theme.danger : '#d8d4cc';
  };
  return { box, control, setError };
}

// ---- the Payment Element -------------------------------------------------------------------

interface PaymentState {
  method: Method;
  card: CardInput;
  link: { email: string; code: string; codeSent: boolean };
  /** Shows the element's own validation errors (after submit). */
  show(errors: Partial<Record<string, string>>): void;
}

function createPaymentElement(group: ElementsGroup, options: StripePaymentElementOptions | undefined) {
  const listeners = new Map<string, Set<(event: never) => unknown>>();
  let mounted: HTMLElement | undefined;
  let root: HTMLElement | undefined;
  const state: PaymentState = {
    method: 'card',
    card: { number: '', expiry: '', cvc: '' },
    link: { email: options?.defaultValues?.billingDetails?.email ?? '', code: '', codeSent: false },
    show: () => undefined,
  };
  const emit = (type: string, event: unknown) => {
    for (const handler of listeners.get(type) ?? []) (handler as (e: unknown) => unknown)(event);
  };
  const changed = () => {
    const complete =
      state.method === 'card'
        ? Object.keys(cardErrors(state.card)).length === 0
        : state.method === 'google_pay' || (state.link.codeSent && state.link.code === '000000');
    const event: StripePaymentElementChangeEvent = {
      elementType: 'payment',
      empty:
        state.method === 'card'
          ? !state.card.number && !state.card.expiry && !state.card.cvc
          : state.method === 'link' && !state.link.email,
      complete,
      collapsed: false,
      value: { type: state.method },
    };
    emit('change', event);
  };

  const render = () => {
    if (!mounted) return;
    const theme = themed(group.options.appearance);
    root?.remove();
    root = el(
      'div',
      { className: 'stand-in-payment-element' },
      { font: `${theme.size} ${theme.font}`, color: theme.text },
    );
    const tabs = el('div', { role: 'radiogroup' }, { display: 'flex', gap: '8px', marginBottom: '14px' });
    tabs.setAttribute('aria-label', 'Payment method');
    // As Stripe shows them in Chromium with `wallets` 'auto' (its default): Google Pay beside the
    // card (Apple Pay is Safari's), unless the page said `wallets: { googlePay: 'never' }`.
    const methods: [Method, string][] = [['card', 'Card']];
    if (options?.wallets?.googlePay !== 'never') methods.push(['google_pay', 'Google Pay']);
    methods.push(['link', 'Link']);
    for (const [method, label] of methods) {
      const tab = el(
        'button',
        { type: 'button', textContent: label },
        {
          flex: '1',
          padding: '10px',
          font: `${theme.size} ${theme.font}`,
          color: theme.text,
          background: theme.background,
          border: `${state.method === method ? 2 : 1}px solid ${state.method === method ? theme.primary : '#d8d4cc'}`,
          borderRadius: theme.radius,
          cursor: 'pointer',
        },
      );
      tab.setAttribute('role', 'radio');
      tab.setAttribute('aria-checked', String(state.method === method));
      tab.addEventListener('click', () => {
        state.method = method;
        render();
        changed();
      });
      tabs.append(tab);
    }
    root.append(tabs);
    if (state.method === 'card') {
      const number = field(theme, 'Card number', {
        inputMode: 'numeric',
        autocomplete: 'cc-number',
        placeholder: '1234 1234 1234 1234',
        value: state.card.number,
      });
      const expiry = field(theme, 'Expiration date', {
        inputMode: 'numeric',
        autocomplete: 'cc-exp',
        placeholder: 'MM / YY',
        value: state.card.expiry,
      });
      const cvc = field(theme, 'Security code', {
        inputMode: 'numeric',
        autocomplete: 'cc-csc',
        placeholder: 'CVC',
        value: state.card.cvc,
      });
      number.control.addEventListener('input', () => {
        number.control.value = formatCardNumber(number.control.value);
        state.card.number = number.control.value;
        changed();
      });
      expiry.control.addEventListener('input', () => {
        expiry.control.value = formatExpiry(expiry.control.value);
        state.card.expiry = expiry.control.value;
        changed();
      });
      cvc.control.addEventListener('input', () => {
        cvc.control.value = cvc.control.value.replace(/\D/g, '').slice(0, 4);
        state.card.cvc = cvc.control.value;
        changed();
      });
      const setters: Record<string, (text: string) => void> = {
        number: number.setError,
        expiry: expiry.setError,
        cvc: cvc.setError,
      };
      state.show = (errors) => {
        for (const name of fieldOrder) setters[name]?.(errors[name] ?? '');
      };
      root.append(
        number.box,
        el('div', {}, { display: 'flex', gap: '12px', flexWrap: 'wrap' }, [expiry.box, cvc.box]),
      );
    } else if (state.method === 'google_pay') {
      state.show = () => undefined;
      root.append(
        el('p', {}, { margin: '0 0 8px', fontSize: '15px' }, [
          'Google Pay selected. Your card in Google Pay pays when you press the button below.',
        ]),
        el('p', {}, { margin: '0 0 10px', fontSize: '13px', opacity: '0.75' }, [
          `test mode: this Google Pay holds the card ending ${WALLET_CARD.slice(-4)} of ${WALLET_CONTACT.name}.`,
        ]),
      );
    } else {
      const email = field(theme, 'Email', { type: 'email', autocomplete: 'email', value: state.link.email });
      email.control.addEventListener('input', () => {
        state.link.email = email.control.value.trim();
        state.link.codeSent = false;
        changed();
      });
      root.append(
        el('p', {}, { margin: '0 0 10px', fontSize: '14px' }, [
          'Pay faster with Link: sign in with your e-mail and the code Link sends you.',
        ]),
        email.box,
      );
      const setters: Record<string, (text: string) => void> = { email: email.setError };
      if (state.link.codeSent) {
        const code = field(theme, 'Verification code', {
          inputMode: 'numeric',
          autocomplete: 'one-time-code',
          value: state.link.code,
        });
        code.control.addEventListener('input', () => {
          state.link.code = code.control.value.replace(/\D/g, '').slice(0, 6);
          changed();
        });
        setters.code = code.setError;
        root.append(
          code.box,
          el('p', {}, { margin: '0 0 10px', fontSize: '13px', opacity: '0.75' }, [
            'test mode: the code is 000000.',
          ]),
        );
      } else {
        const send = el(
          'button',
          { type: 'button', textContent: 'Send code' },
          {
            padding: '8px 14px',
            font: `14px ${theme.font}`,
            color: theme.text,
            background: theme.background,
            border: `1px solid ${theme.primary}`,
            borderRadius: theme.radius,
            cursor: 'pointer',
          },
        );
        send.addEventListener('click', () => {
          if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(state.link.email)) {
            email.setError('Your email address is invalid.');
            return;
          }
          state.link.codeSent = true;
          render();
        });
        root.append(send);
      }
      state.show = (errors) => {
        for (const [name, set] of Object.entries(setters)) set(errors[name] ?? '');
      };
    }
    mounted.append(root);
  };

  const listen = (type: string, handler: (event: never) => unknown) => {
    const set = listeners.get(type) ?? new Set();
    set.add(handler);
    listeners.set(type, set);
    return element;
  };
  const element: StripePaymentElement = {
    mount(target: string | HTMLElement) {
      const node = typeof target === 'string' ? document.querySelector<HTMLElement>(target) : target;
      if (!node) throw new Error(`stand-in Stripe.js: nothing to mount on at ${String(target)}`);
      mounted = node;
      render();
      queueMicrotask(() => emit('ready', { elementType: 'payment' }));
    },
    unmount() {
      root?.remove();
      mounted = undefined;
    },
    destroy() {
      element.unmount();
      group.payment = undefined;
    },
    blur: () => undefined,
    focus: () => root?.querySelector('input')?.focus(),
    clear() {
      state.card = { number: '', expiry: '', cvc: '' };
      render();
    },
    collapse: () => element,
    update() {
      render();
      return element;
    },
    on: (type: string, handler: (event: never) => unknown) => listen(type, handler),
    once(type: string, handler: (event: never) => unknown) {
      const wrapped = (event: never) => {
        listeners.get(type)?.delete(wrapped);
        return handler(event);
      };
      return listen(type, wrapped);
    },
    off(type: string, handler?: (event: never) => unknown) {
      if (handler) listeners.get(type)?.delete(handler);
      else listeners.delete(type);
      return element;
    },
  };
  return { element, state, rerender: render };
}

class ElementsGroup implements StandInElements {
  options: StripeElementsOptionsMode;
  payment: ReturnType<typeof createPaymentElement> | undefined;
  /** The Express Checkout Element (express-checkout.ts). */
  express: ExpressCheckout | undefined;
  constructor(options: StripeElementsOptionsMode) {
    this.options = options;
  }

  create(type: 'payment', options?: StripePaymentElementOptions): StripePaymentElement;
  create(
    type: 'expressCheckout',
    options?: StripeExpressCheckoutElementOptions,
  ): StripeExpressCheckoutElement;
  create(
    type: 'payment' | 'expressCheckout',
    options?: StripePaymentElementOptions | StripeExpressCheckoutElementOptions,
  ): StripePaymentElement | StripeExpressCheckoutElement {
    if (type === 'expressCheckout') {
      if (this.express) throw new Error('Can only create one Element of type expressCheckout.');
      this.express = createExpressCheckoutElement(
        this,
        options as StripeExpressCheckoutElementOptions | undefined,
        () => {
          this.express = undefined;
        },
      );
      return this.express.element;
    }
    if (type !== 'payment') throw new Error(`stand-in Stripe.js: no Element of type ${String(type)}`);
    if (this.payment) throw new Error('Can only create one Element of type payment.');
    this.payment = createPaymentElement(this, options as StripePaymentElementOptions | undefined);
    return this.payment.element;
  }

  getElement(type: 'payment'): StripePaymentElement | null;
  getElement(type: 'expressCheckout'): StripeExpressCheckoutElement | null;
  getElement(
    type: 'payment' | 'expressCheckout',
  ): StripePaymentElement | StripeExpressCheckoutElement | null {
    if (type === 'expressCheckout') return this.express?.element ?? null;
    return this.payment?.element ?? null;
  }

  /** Validates the element's fields as Stripe does before the intent is created. */
  async submit(): ReturnType<StripeElements['submit']> {
    const payment = this.payment;
    if (!payment) {
      return {
        error: { type: 'validation_error', message: 'Mount a Payment Element before calling submit.' },
      };
    }
    let errors: Record<string, string>;
    if (payment.state.method === 'card') errors = cardErrors(payment.state.card);
    else if (payment.state.method === 'google_pay') errors = {};
    else {
      const { email, code, codeSent } = payment.state.link;
      errors = {};
      if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) errors.email = 'Your email address is invalid.';
      else if (!codeSent) errors.email = 'Send the code Link e-mails you, then enter it.';
      else if (code !== '000000') errors.code = 'That code is incorrect.';
    }
    payment.state.show(errors);
    const first = Object.values(errors)[0];
    if (first) return { error: { type: 'validation_error', message: first } };
    return { selectedPaymentMethod: payment.state.method };
  }

  async update(options: StripeElementsUpdateOptions): Promise<void> {
    this.options = { ...this.options, ...options } as StripeElementsOptionsMode;
    this.payment?.rerender();
  }

  async fetchUpdates(): Promise<{ error?: { message: string; status?: string } }> {
    return {};
  }
}

// ---- 3-D Secure: the bank's challenge, in a modal over the page ------------------------------

function challenge(intent: PaymentIntent, theme: Theme): Promise<'approve' | 'fail'> {
  return new Promise((resolve) => {
    const amount = `${intent.currency.toUpperCase()} ${(intent.amount / 100).toLocaleString('en-US', {
      minimumFractionDigits: 2,
    })}`;
    const title = el(
      'h2',
      { id: 'stand-in-3ds-title', textContent: 'Authenticate this payment' },
      { margin: '0 0 12px', fontSize: '20px', fontWeight: 'normal' },
    );
    const choose = (outcome: 'approve' | 'fail') => {
      overlay.remove();
      resolve(outcome);
    };
    const button = (label: string, outcome: 'approve' | 'fail', primary: boolean) => {
      const b = el(
        'button',
        { type: 'button', textContent: label },
        {
          padding: '10px 16px',
          font: `15px ${theme.font}`,
          color: primary ? theme.background : theme.text,
          background: primary ? theme.primary : theme.background,
          border: `1px solid ${theme.primary}`,
          borderRadius: theme.radius,
          cursor: 'pointer',
        },
      );
      b.addEventListener('click', () => choose(outcome));
      return b;
    };
    const dialog = el(
      'div',
      { role: 'dialog' },
      {
        background: '#fff',
        color: '#1a1a1a',
        font: `16px ${theme.font}`,
        padding: '24px',
        borderRadius: '8px',
        maxWidth: '380px',
        width: 'calc(100% - 32px)',
        boxSizing: 'border-box',
        boxShadow: '0 10px 40px rgba(0,0,0,0.3)',
      },
      [
        title,
        el('p', {}, { margin: '0 0 8px' }, [`Your bank asks you to confirm a payment of ${amount}.`]),
        el('p', {}, { margin: '0 0 16px', fontSize: '13px', opacity: '0.75' }, [
          "test mode: this stands in for your bank's 3-D Secure page.",
        ]),
        el('div', {}, { display: 'flex', gap: '10px' }, [
          button('Complete authentication', 'approve', true),
          button('Fail authentication', 'fail', false),
        ]),
      ],
    );
    dialog.setAttribute('aria-modal', 'true');
    dialog.setAttribute('aria-labelledby', title.id);
    const overlay = el(
      'div',
      {},
      {
        position: 'fixed',
        inset: '0',
        background: 'rgba(0,0,0,0.45)',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        zIndex: '2147483647',
      },
      [dialog],
    );
    document.body.append(overlay);
    dialog.querySelector('button')?.focus();
  });
}

// ---- Stripe(pk) ----------------------------------------------------------------------------

function paymentMethodData(group: ElementsGroup): Record<string, string> {
  const wallet = group.express?.confirmed();
  if (wallet?.type === 'link') {
    return {
      'payment_method_data[type]': 'link',
      'payment_method_data[billing_details][email]': wallet.email,
    };
  }
  // A wallet pays with its saved test card (Link with its e-mail): the Express Checkout Element's…
  if (wallet && (wallet.type === 'apple_pay' || wallet.type === 'google_pay'))
    return walletCardData({ ...wallet, type: wallet.type });
  const state = group.payment?.state;
  // …and the Payment Element's wallet tab, the wallet's own holder.
  if (state?.method === 'google_pay') return walletCardData({ type: 'google_pay', ...WALLET_CONTACT });
  if (state?.method === 'link') {
    return {
      'payment_method_data[type]': 'link',
      'payment_method_data[billing_details][email]': state.link.email,
    };
  }
  const card = state?.card ?? { number: '', expiry: '', cvc: '' };
  const [month = '', year = ''] = card.expiry.split('/').map((p) => p.trim());
  return {
    'payment_method_data[type]': 'card',
    'payment_method_data[card][number]': card.number.replace(/\s/g, ''),
    'payment_method_data[card][exp_month]': month,
    'payment_method_data[card][exp_year]': year,
    'payment_method_data[card][cvc]': card.cvc,
  };
}

export function standInStripe(publishableKey: string): StandInStripe {
  if (!publishableKey.startsWith('pk_')) {
    throw new Error(
      'IntegrationError: Invalid value for Stripe(): apiKey should be a publishable key (pk_…).',
    );
  }
  const retrievePaymentIntent = (clientSecret: string) =>
    call('GET', `/v1/payment_intents/${encodeURIComponent(intentIdOf(clientSecret))}`, {
      key: publishableKey,
      client_secret: clientSecret,
    });
  return {
    elements: (options) => new ElementsGroup(options),
    retrievePaymentIntent,
    async confirmPayment(options) {
      const group = options.elements as ElementsGroup;
      try {
        return await confirm(options);
      } finally {
        // The wallet's sheet closes once the payment is answered (an express confirm).
        group.express?.done();
      }
    },
  };
  async function confirm({
    elements,
    clientSecret,
    confirmParams,
  }: Parameters<StandInStripe['confirmPayment']>[0]): Promise<PaymentIntentResult> {
    const group = elements as ElementsGroup;
    const id = encodeURIComponent(intentIdOf(clientSecret));
    const confirmed = await call('POST', `/v1/payment_intents/${id}/confirm`, {
      key: publishableKey,
      client_secret: clientSecret,
      ...paymentMethodData(group),
      ...(confirmParams?.return_url ? { return_url: confirmParams.return_url } : {}),
      use_stripe_sdk: 'true',
    });
    if (confirmed.error || confirmed.paymentIntent.status !== 'requires_action') return confirmed;
    const outcome = await challenge(confirmed.paymentIntent, themed(group.options.appearance));
    const answered = await call('POST', `/v1/payment_intents/${id}/authenticate`, {
      key: publishableKey,
      client_secret: clientSecret,
      outcome,
    });
    if (answered.error) return answered;
    // As Stripe.js: a failed authentication is an error, the intent back to requires_payment_method.
    const failure = answered.paymentIntent.last_payment_error;
    if (answered.paymentIntent.status === 'requires_payment_method' && failure) {
      return {
        error: {
          type: 'invalid_request_error',
          code: failure.code,
          message: failure.message ?? 'We are unable to authenticate your payment method.',
          payment_intent: answered.paymentIntent,
        } as StripeError,
      };
    }
    return answered;
  }
}

// Like the real script: `Stripe(pk)` is global once it ran.
(window as unknown as { Stripe: typeof standInStripe }).Stripe = standInStripe;
