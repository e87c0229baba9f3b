import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CHECKOUT_MESSAGES } from '#shared/checkout.ts';
import { store } from '../support/fixtures.ts';
import { type CrowdFigures, runCrowd } from './buyers.ts';
import { type CrashOutcome, runCrashes } from './crash.ts';
import {
  catalogue,
  checkInvariants,
  confirmCard,
  expireHold,
  FULL,
  holdWebhooks,
  type Ledger,
  mailbox,
  newBuyer,
  REFUND_SUBJECT,
  readOrder,
  readProduct,
  releaseWebhooks,
  SCALE,
  seeded,
  startCheckoutRetrying,
  type Tally,
  until,
  visitSuccessPage,
} from './shop.ts';

/**
 * The concurrency suite of the issue: many buyers at once across fresh pieces, webhooks held
 * back, shuffled and duplicated, webhook handlers killed mid-work, holds running out — then
 * every invariant of "one of one" read back from DynamoDB, the mail store and the provider:
 * exactly one paid order per sold piece, each with its authenticity record and its two mails;
 * no piece both held and sold; no unexpired hold left; a refund for every payment that lost its
 * piece and for no other. SUITE_SCALE=full runs the size and writes its figures to
 * docs/robustness-concurrency.md. SUITE_SEED replays a run's random choices.
 */

const seed = Number(process.env.SUITE_SEED ?? Date.now() % 1_000_000);
const random = seeded(seed);
const minutes = (n: number) => n * 60_000;

const results: {
  crowd?: { figures: CrowdFigures; tally: Tally };
  crashes?: { outcomes: CrashOutcome[]; tally: Tally; durationMs: number };
  expiry?: { tally: Tally };
} = {};

describe.concurrent(`one of one under load (${SCALE.buyers} buyers, ${SCALE.pieces} pieces, seed ${seed})`, () => {
  it(
    'many buyers at once, webhooks late, reordered and duplicated: one paid order per piece, nothing lost, nothing held',
    async () => {
      const crowd = await runCrowd(random);
      const { violations, tally } = await checkInvariants(crowd.ledger);
      console.log(`[concurrency] crowd (seed ${seed})`, JSON.stringify({ ...crowd.figures, ...tally }));
      expect(crowd.problems).toEqual([]);
      expect(violations).toEqual([]);
      // Every piece sold once; the other buyers were told it is taken (406). Under the local
      // burst a start may also run out of time (5xx, counted in the figures); nothing else.
      expect(tally.paidOrders).toBe(SCALE.pieces);
      expect(Object.keys(crowd.figures.otherAnswers).filter((answer) => !answer.startsWith('5'))).toEqual([]);
      const errors = Object.values(crowd.figures.otherAnswers).reduce((n, k) => n + k, 0);
      expect(crowd.figures.refused406).toBe(
        crowd.figures.checkoutStarts - crowd.figures.holdsGranted - errors,
      );
      // Every late payment, and only those, refunded once.
      expect(tally.refundedOrders).toBe(crowd.ledger.lateCodes.size);
      expect(tally.providerRefunds).toBe(crowd.ledger.lateCodes.size);
      // Every success event came late, out of order, was acknowledged at least twice; every
      // event of these checkouts was acknowledged in the end.
      expect(crowd.figures.successEvents).toBe(tally.providerPayments);
      expect(crowd.figures.successEventsDeliveredTwiceOrMore).toBe(crowd.figures.successEvents);
      expect(crowd.figures.webhookUnacknowledged).toBe(0);
      expect(crowd.figures.webhookReordered).toBeGreaterThan(0);
      results.crowd = { figures: crowd.figures, tally };
    },
    FULL ? minutes(20) : minutes(4),
  );

  it(
    'a webhook handler killed mid-work: the redelivery or the success page finishes the order exactly once',
    async () => {
      const began = Date.now();
      const { ledger, outcomes } = await runCrashes();
      const { violations, tally } = await checkInvariants(ledger);
      console.log('[concurrency] crashes', JSON.stringify({ outcomes, ...tally }));
      expect(violations).toEqual([]);
      expect(tally.paidOrders).toBe(ledger.pieces.length);
      expect(tally.refundedOrders).toBe(ledger.lateCodes.size);
      results.crashes = { outcomes, tally, durationMs: Date.now() - began };
    },
    minutes(4),
  );

  it('a hold nobody pays runs out and the next buyer gets the piece; a payment after the hold was lost is refunded', {
    timeout: minutes(3),
  }, async () => {
    const { type, pieces } = catalogue('Expiry', 2);
    await store({ type, products: pieces });
    const [abandoned, paidLate] = pieces as [(typeof pieces)[0], (typeof pieces)[0]];
    const ledger: Ledger = { pieces, checkouts: new Map(), lateCodes: new Set() };

    // A holds and never pays: B is refused while the hold runs, gets the piece once it ran out.
    const a = newBuyer('card', 'expiry-a');
    const b = newBuyer('card', 'expiry-b');
    const held = await startCheckoutRetrying(a, abandoned);
    expect(held.status).toBe(200);
    ledger.checkouts.set(held.code as string, a);
    const refused = await startCheckoutRetrying(b, abandoned);
    expect(refused).toMatchObject({ status: 406, message: CHECKOUT_MESSAGES.reserved });
    await expireHold(abandoned.id, held.code as string);
    const next = await startCheckoutRetrying(b, abandoned);
    expect(next.status).toBe(200);
    ledger.checkouts.set(next.code as string, b);
    expect((await readProduct(abandoned.id)).holdId).toBe((await readOrder(next.code as string))?.holdId);
    expect(await confirmCard(next)).toBe(200);
    expect((await visitSuccessPage(next.code as string, 'card')).orderStatus).toBe('paid');

    // C pays, but the confirmation is late: the hold ran out and D bought the piece meanwhile.
    const c = newBuyer('card', 'expiry-c');
    const d = newBuyer('card', 'expiry-d');
    const late = await startCheckoutRetrying(c, paidLate);
    expect(late.status).toBe(200);
    const lateCode = late.code as string;
    ledger.checkouts.set(lateCode, c);
    ledger.lateCodes.add(lateCode);
    await holdWebhooks(lateCode);
    expect(await confirmCard(late)).toBe(200);
    await expireHold(paidLate.id, lateCode);
    const taken = await startCheckoutRetrying(d, paidLate);
    expect(taken.status).toBe(200);
    ledger.checkouts.set(taken.code as string, d);
    expect(await confirmCard(taken)).toBe(200);
    await until(
      'D to be paid by the webhook',
      async () => (await readOrder(taken.code as string))?.status === 'paid',
    );
    // C's confirmation arrives now, by itself: refunded, and told so.
    await releaseWebhooks(lateCode);
    await until('C to be refunded', async () => (await readOrder(lateCode))?.status === 'refunded', 60_000);
    await until('the refund notice', async () =>
      ((await mailbox()).get(c.email) ?? []).some((m) => m.subject === REFUND_SUBJECT(paidLate.name)),
    );
    expect((await visitSuccessPage(lateCode, 'card')).orderStatus).toBe('refunded');
    expect((await readProduct(paidLate.id)).soldOrder).toBe(taken.code);

    const { violations, tally } = await checkInvariants(ledger);
    expect(violations).toEqual([]);
    expect(tally).toMatchObject({ paidOrders: 2, refundedOrders: 1, providerRefunds: 1 });
    results.expiry = { tally };
  });
});

afterAll(() => {
  if (!FULL || !results.crowd || !results.crashes || !results.expiry) return;
  const { figures: f, tally: t } = results.crowd;
  const c = results.crashes;
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  const row = (k: string, v: string | number) => `| ${k} | ${v} |`;
  const crashPoints: Record<string, string> = {
    'before-sale': 'the sale transaction held by the DynamoDB proxy, never reaching DynamoDB',
    'sale-committed': 'the sale committed by DynamoDB, its answer held by the proxy',
    'first-mail': 'sale committed; the order confirmation held by the SES proxy',
    'second-mail': 'order confirmation sent; the portal password mail held by the SES proxy',
    'refund-unrecorded': 'late payment refunded at Stripe; the refund record held by the DynamoDB proxy',
    'refund-notice': 'late payment refunded and recorded; the refund notice held by the SES proxy',
  };
  const file = join(import.meta.dirname, '../../docs/robustness-concurrency.md');
  const doc = [
    '# Robustness: concurrency',
    '',
    'Latest full-size run of `test/concurrency/` (`SUITE_SCALE=full`, part of `npm run test:full`).',
    '`npm test` runs the same suite at 60 buyers across 6 pieces. The run writes this page only',
    'when every test of `one-of-one-under-load.test.ts` passed, so every figure below comes with',
    'all invariants holding:',
    '',
    '- exactly one paid order per sold piece, and no piece sold without one (read from DynamoDB);',
    '- every paid order has its authenticity record (`AUTH#…`, naming the piece and the buyer) and',
    '  its two mails in the SES stand-in — the order confirmation and the portal password, which',
    '  opens the record;',
    '- no piece both held and sold, no unexpired hold left, no order pending whose payment the',
    '  provider took;',
    '- refunds (orders refunded, refunds the emulator made, refund notices) equal the payments that',
    '  lost their piece, one each, and no paid order was refunded.',
    '',
    `Run: ${new Date().toISOString()}, seed ${seed} (\`SUITE_SEED=${seed}\` replays the choices), ${availableParallelism()} cores shared with other work.`,
    '',
    '## The crowd',
    '',
    "All buyers start checkout at once over the local stack's HTTP path, from their own client",
    'addresses: a card buyer `POST /checkout/hold` (its pay click then `POST /secret`), a wallet',
    "buyer `POST /checkout/quote` then `POST /secret` (the sheet's confirm), a PayPal buyer",
    '`POST /paypal/orders`. Per piece, a script of waves: every',
    'buyer still wanting it tries at once, one wins the hold and then pays (card confirmed at the',
    'Stripe stand-in, or PayPal approved and captured), abandons, fails (declined card, PayPal',
    'cancel) or pays late (after its hold ran out and another buyer took the piece); the hold of',
    "the last three is made to run out (its `holdUntil` moved into the past). Every checkout's",
    'webhooks are held back at the emulator (a scoped hold) and delivered at the end: shuffled',
    "across payments, a few at once, racing the late buyers' success pages; then every success",
    'event again, a third of them twice at the same moment.',
    '',
    '| figure | value |',
    '| --- | --- |',
    row(
      'buyers (card / wallet / PayPal)',
      `${f.buyers} (${f.cardBuyers} / ${f.walletBuyers} / ${f.paypalBuyers})`,
    ),
    row("wallet sheets that never opened: the server's price answered 406 (sold or held)", f.sheetsRefused),
    row('pieces', f.pieces),
    row('checkout starts', f.checkoutStarts),
    row('holds granted / refused with 406', `${f.holdsGranted} / ${f.refused406}`),
    row(
      'other answers to a checkout start (the buyers tried again)',
      Object.keys(f.otherAnswers).length === 0
        ? 'none'
        : Object.entries(f.otherAnswers)
            .map(([answer, n]) => `${answer}: ${n}`)
            .join(', '),
    ),
    row(
      'what the holders did',
      Object.entries(f.roles)
        .sort()
        .map(([k, v]) => `${k}: ${v}`)
        .join(', '),
    ),
    row('holds that ran out (abandoned, failed, late, stray)', f.holdsExpired),
    row('holds left by a checkout start that answered 5xx (stray)', f.strayHolds),
    row(
      'sales completed by the success page / the PayPal capture / the webhook',
      `${f.successPageSales} / ${f.paypalCaptureSales} / ${t.paidOrders - f.successPageSales - f.paypalCaptureSales}`,
    ),
    row('webhook events of these checkouts', f.webhookEvents),
    row('webhooks delivered (attempts)', f.webhookDeliveries),
    row('webhooks duplicated (acknowledged deliveries beyond the first)', f.webhookDuplicates),
    row('webhooks reordered (first delivered after an event that happened later)', f.webhookReordered),
    row(
      'success events acknowledged twice or more',
      `${f.successEventsDeliveredTwiceOrMore} of ${f.successEvents}`,
    ),
    row(
      'deliveries answered non-2xx / sent again by the test, as a provider retries',
      `${f.webhookNon2xx} / ${f.webhookRetriesByTest}`,
    ),
    row('success page answers other than 200 (asked again, as the page does)', f.successPageErrors),
    row('paid orders', t.paidOrders),
    row('payments taken by the providers', t.providerPayments),
    row(
      'refunds: orders refunded / provider refunds / notices',
      `${t.refundedOrders} / ${t.providerRefunds} / ${t.refundMails}`,
    ),
    row('mails to these buyers', t.mails),
    row('duration', seconds(f.durationMs)),
    '',
    'Answers other than 2xx, when the runs had any, were handlers that ran out of their 10 s (the',
    'gateway logs a TimeoutError): the local gateway runs every handler in one process on two shared',
    'cores, its DynamoDB client has 50 sockets (under the first burst the SDK warns that requests',
    'are queued), and each confirmation hashes a password with scrypt (N=2^17). A checkout start can',
    'run out of time after its hold went through: a stray hold no buyer got an answer for, which',
    'runs out like any other (in AWS each Lambda serves one request at a time). The buyers try',
    'again, and the invariants hold with all of it.',
    '',
    '## Webhook handlers killed mid-work',
    '',
    'At the same time as the crowd: per case, one card purchase over HTTP whose',
    '`payment_intent.succeeded` is handled by the Stripe webhook handler in a child `node` process;',
    'its DynamoDB or SES endpoint goes through a proxy that stops answering at the chosen request,',
    'and the process is killed there with SIGKILL. Then the provider redelivers the event; the',
    "buyer's success page, the provider's redeliveries and the scheduled mail sweep",
    '(`functions/checkout/jobs/mail-sweep.ts`, run by the test once the mail lease ran out) must finish the',
    'work exactly once.',
    '',
    '| crash point | where the process died | first redelivery answered (0: no answer in 10 s) | finished by | killed after (from process start) |',
    '| --- | --- | --- | --- | --- |',
    ...c.outcomes.map(
      (o) =>
        `| ${o.point} | ${crashPoints[o.point] ?? ''} | ${o.firstRetryStatus ?? '—'} | ${o.finishedBy} | ${seconds(o.killedAfterMs)} |`,
    ),
    '',
    `Paid orders ${c.tally.paidOrders}, refunds ${c.tally.refundedOrders} (provider: ${c.tally.providerRefunds}, notices: ${c.tally.refundMails}), mails ${c.tally.mails}; ${seconds(c.durationMs)}.`,
    `After the crash between the two mails the order confirmation is sent again with the new`,
    `password (${c.tally.repeatedOrderMails} repeated): mail is at least once, the portal password exactly once.`,
    '',
    othersSections(file),
    '## Holds that run out',
    '',
    'A buyer holds a piece and never pays: another is refused (406) while the hold runs and gets',
    'the piece once it ran out. A buyer whose payment arrives after its hold ran out and the piece',
    `was sold is refunded, recorded and told: paid ${results.expiry.tally.paidOrders}, refunded ${results.expiry.tally.refundedOrders}.`,
    '',
  ].join('\n');
  writeFileSync(file, doc);
  // Laid out as the project's formatter lays out Markdown (aligned tables), so `npm run lint` passes.
  const biome = join(import.meta.dirname, '../../node_modules/.bin/biome');
  if (existsSync(biome)) execFileSync(biome, ['format', '--write', file], { stdio: 'ignore' });
});

/**
 * The page's sections this file does not measure (the release sender's and the announcements'
 * crash tests, their figures written in by hand from their runs), kept as they are: from the
 * first of them to the holds that run out.
 */
function othersSections(file: string): string {
  if (!existsSync(file)) return '';
  const page = readFileSync(file, 'utf8');
  const from = page.indexOf('## The release sender killed mid-batch');
  const to = page.indexOf('## Holds that run out');
  return from >= 0 && to > from ? page.slice(from, to) : '';
}
