import { inject } from 'vitest';
import type { ProductEntity } from '#catalog/entities/product.ts';
import { api, freshClientAddress, newCheckoutKey } from './api.ts';
import { torontoCheckout } from './checkout-form.ts';
import { mailTo } from './stack-env.ts';

/** The body of a checkout start (POST /secret, POST /paypal/orders): a Toronto address, the key given. */
export function checkoutBody(
  product: Pick<ProductEntity, 'id' | 'typeId'>,
  checkoutKey: string,
  extra: Record<string, string> = {},
): Record<string, string> {
  return {
    ...torontoCheckout({ checkoutKey, id: product.id, typeId: product.typeId, email: 'ada@example.com' }),
    ...extra,
  };
}

/** Another shopper starts a checkout of the piece (from another address), which holds it. */
export function holdAsSomeoneElse(p: Pick<ProductEntity, 'id' | 'typeId'>) {
  return api('/secret', {
    method: 'POST',
    json: {
      checkoutKey: newCheckoutKey(),
      id: p.id,
      typeId: p.typeId,
      name: 'Someone Else',
      phone: '+1 604 555 0199',
      email: 'someone@example.com',
      address1: '9 Granville Street',
      city: 'Vancouver',
      state: 'BC',
      country: 'CA',
    },
    from: freshClientAddress(),
  });
}

/**
 * A real card purchase over HTTP, as a shopper makes it: the checkout start, the card
 * confirmed at the local Stripe stand-in, the signed webhook that sells the piece and sends
 * the mails. Answers the portal password the buyer was mailed.
 */
export async function buyWithCard(product: ProductEntity, email: string): Promise<{ password: string }> {
  await payWithTestCard(checkoutBody(product, newCheckoutKey(), { email }));
  return { password: await mailedPassword(email, 'Your authenticity portal password') };
}

/**
 * Starts a card checkout with this body (POST /secret, from a fresh client address) and confirms
 * the payment with the card that succeeds (4242…) at the local Stripe stand-in, whose signed
 * webhook then sells the piece. Answers the order's checkout code.
 */
export async function payWithTestCard(form: Record<string, string>): Promise<string> {
  const started = await api<{ client_secret: string; publishableKey: string; checkoutCode: string }>(
    '/secret',
    {
      method: 'POST',
      json: form,
      from: freshClientAddress(),
    },
  );
  if (started.status !== 200) throw new Error(`checkout did not start: ${started.text}`);
  const intent = started.body.client_secret.split('_secret_')[0];
  const confirm = await fetch(`${inject('baseUrl')}/__payments/v1/payment_intents/${intent}/confirm`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      key: started.body.publishableKey,
      client_secret: started.body.client_secret,
      'payment_method_data[type]': 'card',
      'payment_method_data[card][number]': '4242424242424242',
    }).toString(),
  });
  if (confirm.status !== 200) throw new Error(`card not confirmed: ${await confirm.text()}`);
  return started.body.checkoutCode;
}

/** The password in the latest mail to `email` whose subject starts with `subject`. */
export async function mailedPassword(email: string, subject: string, after = 0): Promise<string> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const mails = (await mailTo(email)).filter((m) => m.subject.startsWith(subject));
    const text = mails.length > after ? mails[mails.length - 1]?.body.text : undefined;
    const password = text?.match(/^ {4}(\S{16})$/m)?.[1];
    if (password) return password;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no mail "${subject}" to ${email}`);
}

/** The shop link in the latest mail to `email` whose subject starts with `subject`. */
export async function mailedLink(email: string, subject: string): Promise<string> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const mails = (await mailTo(email)).filter((m) => m.subject.startsWith(subject));
    const link = mails.at(-1)?.body.text?.match(/^ {4}(https?:\/\/\S+)$/m)?.[1];
    if (link) return link;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no mail "${subject}" with a link to ${email}`);
}
