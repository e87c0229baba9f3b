import { randomCheckoutKey } from '../support/checkout-key.ts';
import { type Answer, call, clientAddress, type Piece } from './shoppers.ts';

/**
 * A release draw's entrants on the shop's HTTP path, as the draw page makes the calls
 * (web/src/features/draws): the link mailed to the member (`link`: its token, which the caller
 * reads from the mail, issue 44), the entry (POST /api/draws/{id}/entries, from the entrant's
 * own loopback address: entries are limited per address), the card authorised at the Stripe
 * stand-in, the entry confirmed (the shop asks Stripe). Plain node: the suites and the draw's
 * load run (test/load/draw-run.ts) share it.
 */
export interface Entrant {
  email: string;
  from: string;
  checkoutKey: string;
  card: string;
  /** The street line: one shipping address per entrant unless shared on purpose. */
  street: string;
  name: string;
  /** The mailed entry link's token (one entry each); none: the entry is refused. */
  link?: string;
}

let serial = 0;
/** Cards of this process start here, so two processes' entrants do not share one by chance. */
const CARD_BASE = Math.floor(Math.random() * 1e5) * 10_000;

/**
 * A card number with its Luhn check digit, different for each `seed` (below 10⁹): 424242 first,
 * which the Stripe stand-in takes as a visa that succeeds (infra/local/payments/stripe.ts).
 */
export function luhnCard(seed: number): string {
  const body = `424242${String(seed % 1e9).padStart(9, '0')}`;
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    let digit = Number(body[body.length - 1 - i]);
    if (i % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return `${body}${(10 - (sum % 10)) % 10}`;
}

/** A new entrant with an address, card, e-mail and client address of their own. */
export function newEntrant(tag: string, own: Partial<Entrant> = {}): Entrant {
  serial += 1;
  const unique = `${serial}-${process.pid}-${Date.now().toString(36)}`;
  return {
    email: `${tag}-${unique}@example.com`,
    from: clientAddress(),
    checkoutKey: randomCheckoutKey(),
    card: luhnCard(CARD_BASE + serial),
    street: `${serial} Rue ${unique}`,
    name: `Entrant ${serial}`,
    ...own,
  };
}

/** The draw page's form: checkout's fields, a Toronto address of the entrant's own. */
export function entryFields(entrant: Entrant, piece: Piece): Record<string, string> {
  return {
    checkoutKey: entrant.checkoutKey,
    id: piece.id,
    typeId: piece.typeId,
    name: entrant.name,
    phone: '+1 416 555 0100',
    email: entrant.email,
    address1: entrant.street,
    city: 'Toronto',
    state: 'ON',
    country: 'CA',
    postalCode: 'M5V 2T6',
    ...(entrant.link ? { link: entrant.link } : {}),
  };
}

/** POST /api/draws/{id}/entry-links: the member's e-mail, from their own address. */
export function askEntryLink(base: string, drawId: string, entrant: Entrant): Promise<Answer> {
  return call(base, `/api/draws/${drawId}/entry-links`, {
    method: 'POST',
    json: { email: entrant.email },
    from: entrant.from,
  });
}

/** The token of a mailed entry link (`…/draw/<drawId>/enter#<token>`) in a mail's text, if any. */
export function linkInMail(text: string, drawId: string): string | undefined {
  return new RegExp(`/draw/${drawId}/enter#([A-Za-z0-9_-]{43})`).exec(text)?.[1];
}

export function enter(
  base: string,
  drawId: string,
  entrant: Entrant,
  piece: Piece,
  paymentType: '1' | '2' = '1',
): Promise<Answer> {
  return call(base, `/api/draws/${drawId}/entries`, {
    method: 'POST',
    json: { ...entryFields(entrant, piece), paymentType },
    from: entrant.from,
  });
}

/** What the browser's Stripe.js stand-in sends: the card authorises the entry's amount. */
export function authorise(base: string, entered: Answer, card: string): Promise<Answer> {
  const secret = String(entered.body.client_secret ?? '');
  const intent = secret.split('_secret_')[0] ?? '';
  return call(base, `/__payments/v1/payment_intents/${intent}/confirm`, {
    method: 'POST',
    form: {
      key: String(entered.body.publishableKey ?? ''),
      client_secret: secret,
      'payment_method_data[type]': 'card',
      'payment_method_data[card][number]': card,
    },
  });
}

const entryPath = (drawId: string, entryId: string, what: string) =>
  `/api/draws/${drawId}/entries/${entryId}/${what}`;

/** POST …/confirm, …/withdraw or …/status with the entry's secret. */
export function entryCall(
  base: string,
  drawId: string,
  entrant: Entrant,
  entryId: string,
  what: 'confirm' | 'withdraw' | 'status',
): Promise<Answer> {
  return call(base, entryPath(drawId, entryId, what), {
    method: 'POST',
    json: { token: entrant.checkoutKey },
    from: entrant.from,
  });
}

export interface EntryAttempt {
  /** The entry's answer; then, if it was taken, the card's and the confirmation's. */
  entered: Answer;
  authorised?: Answer;
  confirmed?: Answer;
}

/** The whole entry as a shopper makes it: entry, card, confirmation; stops at the first refusal. */
export async function enterWithCard(base: string, drawId: string, entrant: Entrant, piece: Piece) {
  const attempt: EntryAttempt = { entered: await enter(base, drawId, entrant, piece) };
  if (attempt.entered.status !== 200) return attempt;
  attempt.authorised = await authorise(base, attempt.entered, entrant.card);
  if (attempt.authorised.status !== 200) return attempt;
  attempt.confirmed = await entryCall(base, drawId, entrant, String(attempt.entered.body.entryId), 'confirm');
  return attempt;
}

/**
 * The whole entry with PayPal: the entry, the buyer approving with their PayPal `account` at the
 * PayPal stand-in (`payments`: its address), the confirmation (the shop has PayPal authorise it).
 */
export async function enterWithPaypal(
  base: string,
  payments: string,
  drawId: string,
  entrant: Entrant,
  piece: Piece,
  account: string,
): Promise<EntryAttempt> {
  const attempt: EntryAttempt = { entered: await enter(base, drawId, entrant, piece, '2') };
  if (attempt.entered.status !== 200) return attempt;
  const orderId = new URL(String(attempt.entered.body.approveUrl)).searchParams.get('token') ?? '';
  attempt.authorised = await call(payments, `/__emulator/paypal/orders/${orderId}/approve`, {
    method: 'POST',
    json: { account },
  });
  if (attempt.authorised.status !== 200) return attempt;
  attempt.confirmed = await entryCall(base, drawId, entrant, String(attempt.entered.body.entryId), 'confirm');
  return attempt;
}
