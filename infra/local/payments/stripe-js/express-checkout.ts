import type {
  ClickResolveDetails,
  ExpressCheckoutAddress,
  ExpressPaymentType,
  LineItem,
  ShippingRate,
  StripeExpressCheckoutElement,
  StripeExpressCheckoutElementClickEvent,
  StripeExpressCheckoutElementConfirmEvent,
  StripeExpressCheckoutElementOptions,
  StripeExpressCheckoutElementShippingAddressChangeEvent,
} from '@stripe/stripe-js';
import { WALLET_CONTACT } from './wallet-card.ts';

/*
 * The stand-in's Express Checkout Element (Apple Pay, Google Pay, Link): its buttons in the page,
 * and for the wallet's own payment sheet a modal dialog of the stand-in. As Stripe's: a press
 * emits 'click' and the sheet opens only if the page calls `resolve` (it may refuse); each
 * address chosen in the sheet emits 'shippingaddresschange' (the page answers the amounts or
 * rejects the address); Pay emits 'confirm' with the wallet's contact and address; Cancel
 * emits 'cancel'. `stripe.confirmPayment` then pays with the wallet's card (stand-in.ts).
 */

/** Stripe's limit: "You must call this function within 1 second if you handle the click event." */
const CLICK_RESOLVE_LIMIT_MS = 1000;

/** The Elements group's part the element reads: the amount and currency the page gave. */
export interface ExpressGroup {
  options: { amount?: number; currency?: string };
}

/** What the buyer confirmed in the sheet: what `confirmPayment` pays with. */
export interface ExpressConfirmed {
  type: ExpressPaymentType;
  email: string;
  name: string;
}

export interface ExpressCheckout {
  element: StripeExpressCheckoutElement;
  /** The sheet's confirmed wallet, until confirmPayment has answered. */
  confirmed(): ExpressConfirmed | undefined;
  /** confirmPayment has answered: the sheet closes. */
  done(): void;
}

const WALLETS: { type: ExpressPaymentType; label: string; key: 'applePay' | 'googlePay' | 'link' }[] = [
  { type: 'apple_pay', label: 'Apple Pay', key: 'applePay' },
  { type: 'google_pay', label: 'Google Pay', key: 'googlePay' },
  { type: 'link', label: 'Link', key: 'link' },
];

/** The wallet's saved addresses (a test wallet's). */
export const WALLET_ADDRESSES: (ExpressCheckoutAddress & { label: string })[] = [
  {
    label: 'Toronto, ON',
    line1: '1 King Street West',
    line2: null,
    city: 'Toronto',
    state: 'ON',
    postal_code: 'M5H 1A1',
    country: 'CA',
  },
  {
    label: 'Los Angeles, CA',
    line1: '200 N Spring Street',
    line2: null,
    city: 'Los Angeles',
    state: 'CA',
    postal_code: '90012',
    country: 'US',
  },
  {
    label: 'Paris, France',
    line1: '5 Rue de Rivoli',
    line2: null,
    city: 'Paris',
    state: '',
    postal_code: '75001',
    country: 'FR',
  },
  {
    label: 'Tokyo, Japan',
    line1: '1-1 Marunouchi',
    line2: null,
    city: 'Chiyoda-ku',
    state: 'Tokyo',
    postal_code: '100-0005',
    country: 'JP',
  },
];

const CONTACT = WALLET_CONTACT;

const money = (cents: number, currency = 'usd') =>
  `${currency.toUpperCase()} ${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;

function node<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Partial<HTMLElementTagNameMap[K]> = {},
  style: Partial<CSSStyleDeclaration> = {},
  children: (Node | string)[] = [],
): HTMLElementTagNameMap[K] {
  const n = document.createElement(tag);
  Object.assign(n, props);
  Object.assign(n.style, style);
  n.append(...children);
  return n;
}

const BUTTON_LOOK: Record<string, Partial<CSSStyleDeclaration>> = {
  apple_pay: { background: '#000', color: '#fff', border: '1px solid #000' },
  google_pay: { background: '#000', color: '#fff', border: '1px solid #000' },
  link: { background: '#00d66f', color: '#011e0f', border: '1px solid #00d66f' },
};

export function createExpressCheckoutElement(
  group: ExpressGroup,
  options: StripeExpressCheckoutElementOptions | undefined,
  onDestroy: () => void,
): ExpressCheckout {
  const listeners = new Map<string, Set<(event: never) => unknown>>();
  let settings: StripeExpressCheckoutElementOptions = { ...options };
  let mounted: HTMLElement | undefined;
  let root: HTMLElement | undefined;
  let sheet: HTMLElement | undefined;
  let confirmed: ExpressConfirmed | undefined;
  let closeSheet: (() => void) | undefined;
  const emit = (type: string, event: unknown) => {
    for (const handler of listeners.get(type) ?? []) (handler as (e: unknown) => unknown)(event);
  };
  const height = () => settings.buttonHeight ?? 44;

  const render = () => {
    if (!mounted) return;
    root?.remove();
    root = node(
      'div',
      { className: 'stand-in-express-checkout' },
      // One row when the page asks for it (layout.maxRows: 1), as Stripe lays the buttons out.
      { display: 'flex', flexWrap: settings.layout?.maxRows === 1 ? 'nowrap' : 'wrap', gap: '8px' },
    );
    for (const wallet of WALLETS) {
      if (settings.paymentMethods?.[wallet.key] === 'never') continue;
      const button = node(
        'button',
        { type: 'button', textContent: wallet.label },
        {
          flex: '1 1 0',
          minWidth: '0',
          height: `${height()}px`,
          padding: '0 6px',
          whiteSpace: 'nowrap',
          overflow: 'hidden',
          textOverflow: 'ellipsis',
          font: '600 14px system-ui, sans-serif',
          borderRadius: '4px',
          cursor: 'pointer',
          ...BUTTON_LOOK[wallet.type],
        },
      );
      button.setAttribute('aria-label', `Pay with ${wallet.label}`);
      button.addEventListener('click', () => press(wallet.type));
      root.append(button);
    }
    mounted.append(root);
  };

  const press = (type: ExpressPaymentType) => {
    if (sheet) return;
    let answered = false;
    const pressedAt = performance.now();
    const event: StripeExpressCheckoutElementClickEvent = {
      elementType: 'expressCheckout',
      expressPaymentType: type,
      resolve: (details) => {
        if (answered) return;
        answered = true;
        // As Stripe's: a page that answers the press later than a second opens no sheet.
        if (performance.now() - pressedAt > CLICK_RESOLVE_LIMIT_MS) {
          console.error('IntegrationError: resolve was not called within 1 second of the click event.');
          return;
        }
        openSheet(type, { ...settings, ...details });
      },
      reject: () => {
        answered = true;
      },
    };
    // Without a 'click' handler Stripe opens the sheet with the element's options.
    if (!listeners.get('click')?.size) event.resolve();
    else emit('click', event);
  };

  const openSheet = (type: ExpressPaymentType, details: ClickResolveDetails) => {
    const label = WALLETS.find((w) => w.type === type)?.label ?? type;
    let lineItems: LineItem[] = details.lineItems ?? [];
    let rates: ShippingRate[] = details.shippingRates ?? [];
    let chosen = 0;
    let state: 'asking' | 'ready' | 'refused' | 'paying' = 'asking';
    const allowed = details.allowedShippingCountries?.map((c) => c.toUpperCase());

    const title = node(
      'h2',
      { id: 'stand-in-express-title', textContent: `${label} (test)` },
      { margin: '0 0 4px', fontSize: '20px', fontWeight: '600' },
    );
    const items = node('dl', {}, { margin: '12px 0', display: 'grid', gap: '4px' });
    const status = node('p', { role: 'status' }, { margin: '8px 0', minHeight: '1.2em', fontSize: '14px' });
    const pay = node(
      'button',
      { type: 'button' },
      {
        flex: '1',
        padding: '12px',
        font: '600 16px system-ui, sans-serif',
        color: '#fff',
        background: '#000',
        border: '1px solid #000',
        borderRadius: '6px',
        cursor: 'pointer',
      },
    );
    const cancel = node(
      'button',
      { type: 'button', textContent: 'Cancel' },
      {
        padding: '12px 16px',
        font: '16px system-ui, sans-serif',
        color: '#000',
        background: '#fff',
        border: '1px solid #999',
        borderRadius: '6px',
        cursor: 'pointer',
      },
    );
    const email = node(
      'input',
      { type: 'email', value: CONTACT.email, id: 'stand-in-express-email' },
      {
        width: '100%',
        boxSizing: 'border-box',
        padding: '8px',
        font: '15px system-ui, sans-serif',
        marginTop: '2px',
      },
    );
    const addresses = node('fieldset', {}, { border: '0', padding: '0', margin: '8px 0' }, [
      node('legend', { textContent: 'Ship to' }, { fontWeight: '600', padding: '0', marginBottom: '4px' }),
    ]);
    WALLET_ADDRESSES.forEach((address, index) => {
      const id = `stand-in-express-address-${index}`;
      const radio = node(
        'input',
        { type: 'radio', name: 'stand-in-express-address', id, checked: index === 0 },
        // The page's own input rules (width, padding) do not reach the sheet's radios.
        { appearance: 'auto', width: '18px', height: '18px', margin: '0', padding: '0', flex: '0 0 auto' },
      );
      radio.addEventListener('change', () => {
        if (radio.checked) choose(index);
      });
      addresses.append(
        node('div', {}, { display: 'flex', alignItems: 'center', gap: '8px', margin: '6px 0' }, [
          radio,
          node('label', { htmlFor: id, textContent: `${CONTACT.name}, ${address.label}` }),
        ]),
      );
    });

    const draw = () => {
      const currency = group.options.currency ?? 'usd';
      items.replaceChildren();
      const row = (name: string, value: string, strong = false) => {
        items.append(
          node('div', {}, { display: 'flex', justifyContent: 'space-between', gap: '12px' }, [
            node('dt', { textContent: name }, { fontWeight: strong ? '600' : 'normal' }),
            node('dd', { textContent: value }, { margin: '0', fontWeight: strong ? '600' : 'normal' }),
          ]),
        );
      };
      for (const item of lineItems) row(item.name, money(item.amount, currency));
      const rate = rates[0];
      if (rate && !lineItems.some((i) => i.name.toLowerCase().startsWith('shipping')))
        row(rate.displayName, money(rate.amount, currency));
      row('Total', money(group.options.amount ?? 0, currency), true);
      pay.textContent =
        state === 'paying' ? 'Processing…' : `Pay ${money(group.options.amount ?? 0, currency)}`;
      pay.disabled = state !== 'ready';
      pay.style.opacity = pay.disabled ? '0.5' : '1';
      status.textContent =
        state === 'refused'
          ? `${label} cannot ship there. Choose another address.`
          : state === 'asking'
            ? 'Updating the amounts…'
            : '';
    };

    const choose = (index: number) => {
      chosen = index;
      const address = WALLET_ADDRESSES[index];
      if (!address) return;
      state = 'asking';
      draw();
      if (allowed && !allowed.includes(address.country)) {
        state = 'refused';
        draw();
        return;
      }
      if (!details.shippingAddressRequired || !listeners.get('shippingaddresschange')?.size) {
        state = 'ready';
        draw();
        return;
      }
      let answered = false;
      const event: StripeExpressCheckoutElementShippingAddressChangeEvent = {
        name: CONTACT.name,
        address: {
          city: address.city,
          state: address.state,
          postal_code: address.postal_code,
          country: address.country,
        },
        resolve: (update) => {
          if (answered || chosen !== index) return;
          answered = true;
          if (update?.lineItems) lineItems = update.lineItems;
          if (update?.shippingRates) rates = update.shippingRates;
          state = 'ready';
          draw();
        },
        reject: () => {
          if (answered || chosen !== index) return;
          answered = true;
          state = 'refused';
          draw();
        },
      };
      emit('shippingaddresschange', event);
    };

    const close = () => {
      overlay.remove();
      sheet = undefined;
      closeSheet = undefined;
      document.removeEventListener('keydown', onKey);
    };
    closeSheet = close;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && state !== 'paying') cancelSheet();
    };
    const cancelSheet = () => {
      close();
      emit('cancel', { elementType: 'expressCheckout' });
    };
    cancel.addEventListener('click', cancelSheet);
    pay.addEventListener('click', () => {
      const address = WALLET_ADDRESSES[chosen];
      if (state !== 'ready' || !address) return;
      state = 'paying';
      draw();
      cancel.disabled = true;
      const { label: _label, ...full } = address;
      confirmed = { type, email: email.value.trim(), name: CONTACT.name };
      const event: StripeExpressCheckoutElementConfirmEvent = {
        expressPaymentType: type,
        billingDetails: {
          name: CONTACT.name,
          ...(details.emailRequired ? { email: email.value.trim() } : {}),
          ...(details.phoneNumberRequired ? { phone: CONTACT.phone } : {}),
          address: full,
        },
        ...(details.shippingAddressRequired
          ? { shippingAddress: { name: CONTACT.name, address: full } }
          : {}),
        ...(rates[0] ? { shippingRate: rates[0] } : {}),
        paymentFailed: (payload) => {
          confirmed = undefined;
          close();
          if (payload?.message) console.info(`stand-in Stripe.js: payment failed: ${payload.message}`);
        },
      };
      emit('confirm', event);
    });

    const body: (Node | string)[] = [
      title,
      node(
        'p',
        { textContent: 'test mode: this stands in for the wallet’s own payment sheet.' },
        {
          margin: '0',
          fontSize: '13px',
          opacity: '0.75',
        },
      ),
      items,
    ];
    if (details.emailRequired || details.phoneNumberRequired) {
      body.push(
        node('div', {}, { margin: '8px 0' }, [
          node('label', { htmlFor: email.id, textContent: 'Email' }, { fontWeight: '600' }),
          email,
          ...(details.phoneNumberRequired
            ? [node('p', { textContent: `Phone ${CONTACT.phone}` }, { margin: '4px 0 0', fontSize: '14px' })]
            : []),
        ]),
      );
    }
    if (details.shippingAddressRequired) body.push(addresses);
    body.push(status, node('div', {}, { display: 'flex', gap: '8px' }, [cancel, pay]));
    const dialog = node(
      'div',
      { role: 'dialog' },
      {
        background: '#fff',
        color: '#111',
        font: '15px system-ui, sans-serif',
        padding: '20px',
        borderRadius: '12px 12px 0 0',
        width: '100%',
        maxWidth: '440px',
        maxHeight: '100%',
        overflowY: 'auto',
        boxSizing: 'border-box',
        boxShadow: '0 -8px 40px rgba(0,0,0,0.3)',
      },
      body,
    );
    dialog.setAttribute('aria-modal', 'true');
    dialog.setAttribute('aria-labelledby', title.id);
    const overlay = node(
      'div',
      {},
      {
        position: 'fixed',
        inset: '0',
        background: 'rgba(0,0,0,0.45)',
        display: 'flex',
        alignItems: 'flex-end',
        justifyContent: 'center',
        zIndex: '2147483647',
      },
      [dialog],
    );
    sheet = overlay;
    document.body.append(overlay);
    document.addEventListener('keydown', onKey);
    draw();
    pay.focus();
    // As the wallets do: the saved address is the first change the page hears of.
    choose(0);
  };

  const listen = (type: string, handler: (event: never) => unknown) => {
    const set = listeners.get(type) ?? new Set();
    set.add(handler);
    listeners.set(type, set);
    return element;
  };
  const element = {
    mount(target: string | HTMLElement) {
      const n = typeof target === 'string' ? document.querySelector<HTMLElement>(target) : target;
      if (!n) throw new Error(`stand-in Stripe.js: nothing to mount on at ${String(target)}`);
      mounted = n;
      render();
      queueMicrotask(() => {
        const on = (key: 'applePay' | 'googlePay' | 'link') => settings.paymentMethods?.[key] !== 'never';
        emit('ready', {
          elementType: 'expressCheckout',
          availablePaymentMethods: {
            applePay: on('applePay'),
            googlePay: on('googlePay'),
            link: on('link'),
            paypal: false,
            amazonPay: false,
            klarna: false,
          },
        });
      });
    },
    unmount() {
      root?.remove();
      mounted = undefined;
    },
    destroy() {
      element.unmount();
      closeSheet?.();
      onDestroy();
    },
    blur: () => undefined,
    focus: () => root?.querySelector('button')?.focus(),
    update(update: Partial<StripeExpressCheckoutElementOptions>) {
      settings = { ...settings, ...update };
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
  } as unknown as StripeExpressCheckoutElement;

  return {
    element,
    confirmed: () => confirmed,
    done() {
      confirmed = undefined;
      closeSheet?.();
    },
  };
}
