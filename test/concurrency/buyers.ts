import type { ProductEntity } from '#catalog/entities/product.ts';
import { store } from '../support/fixtures.ts';
import {
  type Buyer,
  catalogue,
  codeOfEvent,
  confirmCard,
  decideAtPaypal,
  deliver,
  type EmulatorEvent,
  eventsOf,
  expireHold,
  holdWebhooks,
  type Ledger,
  newBuyer,
  type Provider,
  paymentOf,
  pool,
  redeliver,
  releaseWebhooks,
  SCALE,
  type Started,
  shuffle,
  startCheckout,
  strayHold,
  until,
  visitSuccessPage,
} from './shop.ts';

/**
 * The crowd: SCALE.buyers buyers across SCALE.pieces fresh pieces, all starting checkout at
 * once. Each piece goes through a script of "waves": every buyer still wanting it tries at
 * once, exactly one may win the hold, and the holder then does what the wave says —
 *  - pay: card (confirm, then half return to the success page, half close the tab and leave
 *    it to the webhook) or PayPal (approve, capture);
 *  - abandon: never pays; the hold's 15 minutes pass;
 *  - fail: a declined card, or Cancel at PayPal; the hold's time passes;
 *  - late: pays at the provider (card confirmed, PayPal approved) but the confirmation reaches
 *    the shop only after the hold ran out and another buyer took the piece (its webhook held
 *    back, its success page visited at the end, its PayPal capture made at the end) — it must
 *    be refunded.
 * The last wave of every script pays. Every checkout's webhooks are held at the emulator and
 * delivered only at the end: late, shuffled across all payments (several streams at once),
 * racing the late buyers' success pages and captures, then every success event delivered
 * again (some twice at the same moment).
 */

type Role = 'pay' | 'abandon' | 'fail' | 'late';
/** Deliveries and success pages handled at once in the delivery phases. */
const CONCURRENT_DELIVERIES = 4;
const SCRIPTS: Role[][] = [
  ['pay'],
  ['abandon', 'pay'],
  ['late', 'pay'],
  ['fail', 'late', 'pay'],
  ['late', 'abandon', 'pay'],
  ['pay'],
  ['fail', 'pay'],
  ['late', 'late', 'pay'],
];

export interface CrowdFigures {
  buyers: number;
  cardBuyers: number;
  walletBuyers: number;
  paypalBuyers: number;
  /** wallet buyers whose sheet never opened: the server's price refused the piece (sold or held) */
  sheetsRefused: number;
  pieces: number;
  checkoutStarts: number;
  holdsGranted: number;
  refused406: number;
  otherAnswers: Record<string, number>;
  roles: Record<string, number>;
  holdsExpired: number;
  /** holds taken by a checkout start that answered 5xx (its handler ran out of time), left to run out */
  strayHolds: number;
  successPageSales: number;
  paypalCaptureSales: number;
  webhookEvents: number;
  webhookDeliveries: number;
  webhookDuplicates: number;
  webhookReordered: number;
  webhookNon2xx: number;
  successEventsDeliveredTwiceOrMore: number;
  successEvents: number;
  /** redeliveries the test made because a delivery was not acknowledged (as a provider retries) */
  webhookRetriesByTest: number;
  /** events of these checkouts never acknowledged by the shop */
  webhookUnacknowledged: number;
  /** answers other than 200 the success pages got (and asked again) */
  successPageErrors: number;
  durationMs: number;
}

export interface Crowd {
  ledger: Ledger;
  figures: CrowdFigures;
  /** problems seen on the way (not the final invariants) */
  problems: string[];
}

export async function runCrowd(random: () => number): Promise<Crowd> {
  const started = Date.now();
  const { type, pieces } = catalogue('Crowd', SCALE.pieces);
  await store({ type, products: pieces });
  // A third of each crowd pays with PayPal, a third with a wallet; every fifth piece's crowd only
  // with PayPal and another fifth's only with a wallet, so their scripts' late, failed and
  // abandoned holds are PayPal's or a wallet's whoever wins each race (a wallet buyer asks the
  // server's price before the hold, so among card buyers it seldom wins one).
  const perPiece = pieces.length > 0 ? Math.floor(SCALE.buyers / pieces.length) : 0;
  const pieceOf = (i: number) => Math.min(Math.floor(i / perPiece), pieces.length - 1);
  const buyers = Array.from({ length: SCALE.buyers }, (_, i) =>
    newBuyer(
      pieceOf(i) % 5 === 2
        ? 'wallet'
        : i % 3 === 2 || pieceOf(i) % 5 === 4
          ? 'paypal'
          : i % 3 === 1
            ? 'wallet'
            : 'card',
      'crowd',
    ),
  );
  const ledger: Ledger = { pieces, checkouts: new Map(), lateCodes: new Set() };
  const problems: string[] = [];
  const figures: CrowdFigures = {
    buyers: buyers.length,
    cardBuyers: buyers.filter((b) => b.method === 'card').length,
    walletBuyers: buyers.filter((b) => b.method === 'wallet').length,
    sheetsRefused: 0,
    paypalBuyers: buyers.filter((b) => b.method === 'paypal').length,
    pieces: pieces.length,
    checkoutStarts: 0,
    holdsGranted: 0,
    refused406: 0,
    otherAnswers: {},
    roles: {},
    holdsExpired: 0,
    strayHolds: 0,
    successPageSales: 0,
    paypalCaptureSales: 0,
    webhookEvents: 0,
    webhookDeliveries: 0,
    webhookDuplicates: 0,
    webhookReordered: 0,
    webhookNon2xx: 0,
    successEventsDeliveredTwiceOrMore: 0,
    successEvents: 0,
    webhookRetriesByTest: 0,
    webhookUnacknowledged: 0,
    successPageErrors: 0,
    durationMs: 0,
  };
  /** what the late buyers do at the end: visit the success page (card) or capture (PayPal) */
  const lateReturns: { buyer: Buyer; code: string }[] = [];

  const crowdOf = (i: number) =>
    buyers.slice(i * perPiece, i === pieces.length - 1 ? buyers.length : (i + 1) * perPiece);

  async function sell(piece: ProductEntity, wanting: Buyer[], script: Role[]): Promise<void> {
    let remaining = wanting;
    for (const [wave, role] of script.entries()) {
      if (remaining.length === 0) {
        problems.push(`${piece.id}: no buyer left for wave ${wave + 1}`);
        return;
      }
      let answers: { buyer: Buyer; started: Started }[] = [];
      let winners: { buyer: Buyer; started: Started }[] = [];
      for (let attempt = 1; ; attempt++) {
        answers = await Promise.all(
          remaining.map(async (buyer) => ({
            buyer,
            started: await startCheckout(buyer, piece, { payLater: true }),
          })),
        );
        figures.checkoutStarts += answers.length;
        for (const a of answers) {
          if (a.started.sheetRefused) figures.sheetsRefused += 1;
          if (a.started.status === 406) figures.refused406 += 1;
          else if (a.started.status !== 200) {
            const key = `${a.started.status} ${a.started.message ?? ''}`.trim();
            figures.otherAnswers[key] = (figures.otherAnswers[key] ?? 0) + 1;
          }
        }
        winners = answers.filter((a) => a.started.status === 200);
        if (winners.length > 0 || attempt > 3) break;
        // Nobody won: a start that failed (5xx, out of time under load) may have taken the hold
        // before it gave up. Its buyer never got the payment form: the hold runs out, all retry.
        const stray = await strayHold(piece.id, (o) => ledger.checkouts.has(o.checkoutCode));
        if (stray) {
          const owner = wanting.find((b) => b.email === stray.contact.email);
          if (owner) ledger.checkouts.set(stray.checkoutCode, owner);
          figures.strayHolds += 1;
          await expireHold(piece.id, stray.checkoutCode);
          figures.holdsExpired += 1;
        } else if (!answers.some((a) => a.started.status >= 500)) break;
        await new Promise((r) => setTimeout(r, 1000));
      }
      figures.holdsGranted += winners.length;
      if (winners.length !== 1) {
        problems.push(
          `${piece.id} wave ${wave + 1}: ${winners.length} of ${answers.length} buyers got the hold`,
        );
        if (winners.length === 0) return;
      }
      const [{ buyer, started }] = winners as [{ buyer: Buyer; started: Started }];
      const code = started.code as string;
      ledger.checkouts.set(code, buyer);
      await holdWebhooks(code);
      remaining = remaining.filter((b) => b !== buyer);
      const roleKey = `${role} (${buyer.method})`;
      figures.roles[roleKey] = (figures.roles[roleKey] ?? 0) + 1;
      await act(piece, buyer, started, code, role);
      if (role === 'pay') return;
      await expireHold(piece.id, code);
      figures.holdsExpired += 1;
    }
  }

  async function act(piece: ProductEntity, buyer: Buyer, started: Started, code: string, role: Role) {
    const expect = (what: string, ok: boolean) => {
      if (!ok) problems.push(`${piece.id} ${code} (${role}, ${buyer.method}): ${what}`);
    };
    if (role === 'abandon') return;
    if (buyer.method === 'card') {
      // The pay click: the PaymentIntent for the held piece (Stripe's deferred intent).
      const paying = await paymentOf(buyer, piece);
      expect(`the pay click's POST /secret answers 200 (${paying.status})`, paying.status === 200);
      expect('the pay click keeps the same order', paying.code === code);
      started = { ...started, ...paying };
    }
    if (buyer.method !== 'paypal') {
      const wallet = buyer.method === 'wallet' ? 'google_pay' : undefined;
      if (role === 'fail') {
        expect(
          'a declined card answers 402',
          (await confirmCard(started, '4000000000000002', wallet)) === 402,
        );
        return;
      }
      expect('the card is confirmed', (await confirmCard(started, undefined, wallet)) === 200);
      if (role === 'late') {
        ledger.lateCodes.add(code);
        if (random() < 0.5) lateReturns.push({ buyer, code });
        return;
      }
      if (random() < 0.5) {
        // Back on the success page: it asks Stripe and completes the order (the webhook is held).
        const page = await visitSuccessPage(code, 'card');
        figures.successPageErrors += page.errors;
        expect(`the success page shows paid (${page.orderStatus})`, page.orderStatus === 'paid');
        figures.successPageSales += 1;
      }
      return;
    }
    if (role === 'fail') {
      expect(
        'PayPal cancel goes back to the shop',
        (await decideAtPaypal(started, 'cancel')).includes('cancelled=1'),
      );
      return;
    }
    expect(
      'PayPal approval goes back to the shop',
      (await decideAtPaypal(started, 'approve')).includes(code),
    );
    if (role === 'late') {
      ledger.lateCodes.add(code);
      lateReturns.push({ buyer, code });
      return;
    }
    const page = await visitSuccessPage(code, 'paypal');
    figures.successPageErrors += page.errors;
    expect(`the success page after PayPal shows paid (${page.orderStatus})`, page.orderStatus === 'paid');
    figures.paypalCaptureSales += 1;
  }

  // Everyone at once, every piece at once.
  await Promise.all(pieces.map((piece, i) => sell(piece, crowdOf(i), SCRIPTS[i % SCRIPTS.length] as Role[])));

  // The held webhooks, late: shuffled across every payment and delivered a few at a time
  // (the local gateway runs every handler in one process on two cores, and each confirmation
  // hashes a password with scrypt), racing the late buyers' success pages.
  const mine = (e: EmulatorEvent) => ledger.checkouts.has(codeOfEvent(e) ?? '');
  const heldIds = async (provider: Provider) =>
    (await eventsOf(provider)).filter((e) => mine(e) && e.attempts.length === 0).map((e) => e.id);
  const deliveries = async () => [
    ...(await heldIds('stripe')).map((id) => () => deliver('stripe', [id])),
    ...(await heldIds('paypal')).map((id) => () => deliver('paypal', [id])),
  ];
  const returns = lateReturns.map(({ buyer, code }) => async () => {
    const page = await visitSuccessPage(code, buyer.method);
    figures.successPageErrors += page.errors;
    if (page.orderStatus !== 'refunded')
      problems.push(
        `${code}: the late ${buyer.method} buyer's success page shows ${page.orderStatus}, not refunded`,
      );
  });
  await pool(shuffle([...(await deliveries()), ...returns], random), CONCURRENT_DELIVERIES);
  // Events that happened meanwhile (late captures, refunds), then every success event again,
  // a third of them twice at the same moment.
  await pool(shuffle(await deliveries(), random), CONCURRENT_DELIVERIES);
  const successTypes = new Set(['payment_intent.succeeded', 'PAYMENT.CAPTURE.COMPLETED']);
  const duplicates: (() => Promise<unknown>)[] = [];
  for (const provider of ['stripe', 'paypal'] as const) {
    for (const e of (await eventsOf(provider)).filter((x) => mine(x) && successTypes.has(x.type))) {
      duplicates.push(() =>
        random() < 0.33
          ? Promise.all([redeliver(provider, e.id), redeliver(provider, e.id)])
          : redeliver(provider, e.id),
      );
    }
  }
  await pool(shuffle(duplicates, random), CONCURRENT_DELIVERIES);
  await Promise.all([...ledger.checkouts.keys()].map((code) => releaseWebhooks(code)));
  // A provider retries what was not acknowledged (a handler that ran out of time under load).
  for (let round = 0; round < 3; round++) {
    const unanswered: (() => Promise<unknown>)[] = [];
    for (const provider of ['stripe', 'paypal'] as const) {
      for (const e of (await eventsOf(provider)).filter(mine)) {
        const ok = e.attempts.filter((a) => a.ok).length;
        if (e.state === 'failed' || (e.state === 'delivered' && ok < (successTypes.has(e.type) ? 2 : 1))) {
          unanswered.push(() => redeliver(provider, e.id));
        }
      }
    }
    figures.webhookRetriesByTest += unanswered.length;
    await pool(unanswered, CONCURRENT_DELIVERIES);
  }

  // Nothing of ours still on its way.
  const settled = async (provider: Provider) =>
    until(
      `every ${provider} webhook of the crowd to settle`,
      async () => {
        const events = (await eventsOf(provider)).filter(mine);
        return events.every((e) => ['delivered', 'failed', 'skipped'].includes(e.state)) && events;
      },
      60_000,
    );
  const byProvider = [await settled('stripe'), await settled('paypal')];
  const firstOk = (e: EmulatorEvent) => e.attempts.find((a) => a.ok)?.at ?? '';
  for (const events of byProvider) {
    figures.webhookEvents += events.length;
    events.forEach((e, index) => {
      const ok = e.attempts.filter((a) => a.ok).length;
      figures.webhookDeliveries += e.attempts.length;
      figures.webhookDuplicates += Math.max(0, ok - 1);
      figures.webhookNon2xx += e.attempts.filter((a) => !a.ok).length;
      if (e.state !== 'skipped' && ok === 0) figures.webhookUnacknowledged += 1;
      // Delivered after an event that happened later (events() lists them in the order they happened).
      const later = events.slice(index + 1);
      if (later.some((l) => firstOk(l) && firstOk(l) < firstOk(e))) figures.webhookReordered += 1;
      if (successTypes.has(e.type)) {
        figures.successEvents += 1;
        if (ok >= 2) figures.successEventsDeliveredTwiceOrMore += 1;
      }
    });
  }
  figures.durationMs = Date.now() - started;
  return { ledger, figures, problems };
}
