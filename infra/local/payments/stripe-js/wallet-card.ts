/*
 * A wallet's payment, as the stand-in's wallets make it: Apple Pay and Google Pay pay with the
 * wallet's saved test card and say which wallet it came from (Stripe.js's own wallet tokens carry
 * `card.wallet.type`, which the emulator records on the PaymentMethod). One place for both ways a
 * wallet pays: the Express Checkout Element's buttons (express-checkout.ts) and the Payment
 * Element's wallet tab (stand-in.ts).
 */

/** The test wallet's holder: the sheet's contact and the payment's billing details. */
export const WALLET_CONTACT = {
  name: 'Ada Lovelace',
  phone: '+1 416 555 0100',
  email: 'ada.wallet@example.com',
};

/** The card every test wallet holds. */
export const WALLET_CARD = '4242424242424242';

export type CardWallet = 'apple_pay' | 'google_pay';

/** The confirm's `payment_method_data` of a wallet's payment (form fields, as Stripe.js posts them). */
export function walletCardData(wallet: {
  type: CardWallet;
  name: string;
  email: string;
}): Record<string, string> {
  return {
    'payment_method_data[type]': 'card',
    'payment_method_data[card][number]': WALLET_CARD,
    'payment_method_data[card][exp_month]': '12',
    'payment_method_data[card][exp_year]': String(new Date().getFullYear() + 3),
    'payment_method_data[card][wallet][type]': wallet.type,
    'payment_method_data[billing_details][name]': wallet.name,
    'payment_method_data[billing_details][email]': wallet.email,
  };
}
