import { randomBytes, randomUUID } from 'node:crypto';
import { ADMIN_REQUEST_HEADER } from '#shared/admin.ts';
import { addAdmin } from '#staff/admin-auth.ts';
import { torontoCheckout } from '../../support/checkout-form.ts';
import { randomCheckoutKey } from '../../support/checkout-key.ts';
import { type Answer, type Item, type PrivateStack, send } from './private-stack.ts';

/** Staff, buyers and owners of a private stack, made over HTTP as the browser makes them. */

export const loopback = () => {
  const [a = 1, b = 1, c = 2] = randomBytes(3);
  return `127.${(a % 250) + 1}.${b}.${(c % 250) + 2}`;
};

export function cookiesOf(answer: Answer): string[] {
  const set = answer.headers['set-cookie'];
  return Array.isArray(set) ? set : set ? [set] : [];
}

/** `name=value` of the first Set-Cookie of an answer. */
export const cookiePair = (answer: Answer) => (cookiesOf(answer)[0] ?? '').split(';')[0] ?? '';

export function json(method: string, path: string, body: unknown, headers: Record<string, string> = {}) {
  return {
    method,
    path,
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
    from: loopback(),
  };
}

export interface Staff {
  username: string;
  password: string;
  cookie: string;
  /** Cookie and admin request header, as the admin app sends them on state changes. */
  headers: Record<string, string>;
}

/** A new staff account (in the process's table: the private stack's) logged in over HTTP. */
export async function staff(stack: PrivateStack): Promise<Staff> {
  const username = `fuzz-${randomUUID().slice(0, 8)}`;
  const password = `pw-${randomUUID()}`;
  await addAdmin(username, password);
  const login = await send(stack.url, json('POST', '/admin', { user: username, pass: password }));
  if (login.status !== 200) throw new Error(`admin login failed: ${login.text}`);
  const cookie = cookiePair(login);
  return { username, password, cookie, headers: { cookie, [ADMIN_REQUEST_HEADER]: '1' } };
}

export interface Mail {
  destination: { to: string[] };
  subject: string;
  body: { text?: string; html?: string };
}

export async function mailsTo(stack: PrivateStack, address: string): Promise<Mail[]> {
  const store = (await (await fetch(`${stack.sesUrl}/store`)).json()) as { emails: Mail[] };
  return store.emails.filter((m) => m.destination.to.includes(address));
}

/** The 16-character password in the latest mail to `address` whose subject starts with `subject`. */
export async function mailedPassword(stack: PrivateStack, address: string, subject: string): Promise<string> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const mails = (await mailsTo(stack, address)).filter((m) => m.subject.startsWith(subject));
    const password = mails.at(-1)?.body.text?.match(/^ {4}(\S{16})$/m)?.[1];
    if (password) return password;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no mail "${subject}" to ${address}`);
}

/** The token of the latest portal reset link mailed to `address`. */
export async function mailedResetToken(stack: PrivateStack, address: string): Promise<string> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const mails = (await mailsTo(stack, address)).filter((m) =>
      m.subject.startsWith('Reset your authenticity portal password'),
    );
    const token = mails.at(-1)?.body.text?.match(/\/authenticity\/reset\?token=([A-Za-z0-9_-]+)/)?.[1];
    if (token) return token;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no reset link mailed to ${address}`);
}

/** The token of the latest one-time login link mailed to `address`. */
export async function mailedLoginLinkToken(stack: PrivateStack, address: string): Promise<string> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const mails = (await mailsTo(stack, address)).filter((m) =>
      m.subject.startsWith('Your one-time login link'),
    );
    const token = mails.at(-1)?.body.text?.match(/\/authenticity\/link\?token=([A-Za-z0-9_-]+)/)?.[1];
    if (token) return token;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no login link mailed to ${address}`);
}

export interface Purchase {
  product: Item;
  email: string;
  checkoutCode: string;
  /** The portal password the buyer was mailed. */
  password: string;
  /** Every answer of the purchase, for tests that look into them. */
  answers: Answer[];
}

/** A card purchase of an available piece, as a shopper makes it, up to the mailed password. */
export async function buy(
  stack: PrivateStack,
  product: Item,
  email = `buyer-${randomUUID().slice(0, 8)}@example.com`,
) {
  const form = torontoCheckout({
    checkoutKey: randomCheckoutKey(),
    id: String(product.id),
    typeId: String(product.typeId),
    email,
  });
  const started = await send(stack.url, json('POST', '/secret', form));
  if (started.status !== 200) throw new Error(`checkout did not start: ${started.text}`);
  const { client_secret: secret, publishableKey, checkoutCode } = started.json as Record<string, string>;
  const intent = String(secret).split('_secret_')[0];
  const confirm = await fetch(`${stack.paymentsUrl}/v1/payment_intents/${intent}/confirm`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      key: String(publishableKey),
      client_secret: String(secret),
      'payment_method_data[type]': 'card',
      'payment_method_data[card][number]': '4242424242424242',
    }).toString(),
  });
  if (confirm.status !== 200) throw new Error(`card not confirmed: ${await confirm.text()}`);
  const password = await mailedPassword(stack, email, 'Your authenticity portal password');
  const order = await send(stack.url, { method: 'GET', path: `/orders/${checkoutCode}`, from: loopback() });
  return {
    product,
    email,
    checkoutCode: String(checkoutCode),
    password,
    answers: [started, order],
  } satisfies Purchase;
}

/** Logs the owner of a card in to the portal; answers the login and its session cookie. */
export async function portalLogin(stack: PrivateStack, cardNumber: string, password: string) {
  const answer = await send(stack.url, json('POST', '/authenticationcard', { cardNumber, password }));
  if (answer.status !== 200) throw new Error(`portal login failed: ${answer.text}`);
  return { answer, cookie: cookiePair(answer) };
}

/** Available demo pieces with a card number, that nobody holds: pieces a test may buy. */
export function buyable(items: Item[]): Item[] {
  return items.filter(
    (i) =>
      i.kind === 'product' &&
      i.status === 1 &&
      typeof i.cardNumber === 'string' &&
      !i.holdUntil &&
      !i.soldOnOtherPlatform,
  );
}
