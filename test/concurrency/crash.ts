import { inject } from 'vitest';
import type { ProductEntity } from '#catalog/entities/product.ts';
import { mailPorts, sweepPendingMail } from '#checkout/jobs/mail-sweep.ts';
import { verifyPassword } from '#platform/passwords.ts';
import { getRaw } from '../support/db.ts';
import { store } from '../support/fixtures.ts';
import { localShopEnvironment, pointAtLocalStack } from '../support/stack-env.ts';
import {
  dynamoOperation,
  type FaultAction,
  type FaultProxy,
  faultProxy,
  type ProxiedRequest,
  runHandlerInChild,
  sesOperation,
} from './faults.ts';
import {
  type Attempt,
  type Buyer,
  catalogue,
  confirmCard,
  deliver,
  eventsOf,
  expireHold,
  holdWebhooks,
  intentOf,
  type Ledger,
  mailbox,
  newBuyer,
  ORDER_SUBJECT,
  PASSWORD_SUBJECT,
  passwordIn,
  REFUND_SUBJECT,
  readOrder,
  readProduct,
  redeliver,
  releaseWebhooks,
  type Started,
  signedStripeDelivery,
  startCheckoutRetrying,
  stripeWebhookSecret,
  until,
  visitSuccessPage,
} from './shop.ts';

/**
 * A webhook Lambda killed in the middle of completing a payment. The buyer pays over the real
 * HTTP path; the confirmation (the emulator's signed payment_intent.succeeded, held back from
 * the gateway) is handled instead by the Stripe webhook handler in a child process whose AWS
 * endpoints go through a fault proxy. When the handler reaches the chosen point, the proxy
 * stops answering, the test checks what the table holds at that instant, and kills the process
 * with SIGKILL. Then what runs anyway — the provider's redelivery, the buyer's success page, the
 * scheduled mail sweep — must finish the work exactly once: one paid order, its record, its two
 * mails; or, for a late payment, one refund, recorded, and one refund notice.
 */

export type CrashPoint =
  /** the sale transaction never reached DynamoDB */
  | 'before-sale'
  /** the sale committed, but the process died before it heard so */
  | 'sale-committed'
  /** the sale committed; the first mail (order confirmation) is in flight to SES */
  | 'first-mail'
  /** the order confirmation went out; the portal password mail is in flight */
  | 'second-mail'
  /** a late payment: refunded at the provider, the process died before it recorded the refund */
  | 'refund-unrecorded'
  /** a late payment: refunded and recorded; the refund notice is in flight to SES */
  | 'refund-notice';

export interface CrashOutcome {
  point: CrashPoint;
  code: string;
  /** status of the provider's first redelivery after the crash */
  firstRetryStatus?: number;
  /** how the order was finished */
  finishedBy: string;
  killedAfterMs: number;
}

function childEnv(proxies: { dynamo?: FaultProxy; ses?: FaultProxy }): Record<string, string> {
  pointAtLocalStack();
  return {
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'S3RVER',
    AWS_SECRET_ACCESS_KEY: 'S3RVER',
    AWS_ENDPOINT_URL_DYNAMODB: proxies.dynamo?.url ?? inject('dynamoDbUrl'),
    AWS_ENDPOINT_URL_SESV2: proxies.ses?.url ?? inject('sesUrl'),
    AWS_REQUEST_CHECKSUM_CALCULATION: 'WHEN_REQUIRED',
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    TABLE_NAME: inject('tableName'),
    // The sale mail links the portal (functions/authenticity/portal-link.ts).
    SHOP_URL: inject('baseUrl'),
    ...localShopEnvironment(),
    ...(process.env.MAIL_FROM ? { MAIL_FROM: process.env.MAIL_FROM } : {}),
    ...(process.env.MAIL_TEMPLATE_PREFIX ? { MAIL_TEMPLATE_PREFIX: process.env.MAIL_TEMPLATE_PREFIX } : {}),
    STRIPE_SECRET_KEY: process.env.STRIPE_SECRET_KEY ?? 'sk_test_local_boutique',
    STRIPE_WEBHOOK_SECRET: stripeWebhookSecret(),
    STRIPE_API_BASE: inject('paymentsUrl'),
    AWS_LAMBDA_LOG_LEVEL: 'ERROR',
  };
}

async function pay(
  buyer: Buyer,
  piece: ProductEntity,
): Promise<{ started: Started; code: string; eventId: string }> {
  const started = await startCheckoutRetrying(buyer, piece);
  if (started.status !== 200 || !started.code) throw new Error(`checkout did not start: ${started.status}`);
  const code = started.code;
  await holdWebhooks(code);
  if ((await confirmCard(started)) !== 200) throw new Error('the card was not confirmed');
  const intent = intentOf(started.clientSecret as string);
  const event = await until('the payment_intent.succeeded event', async () =>
    (await eventsOf('stripe')).find(
      (e) => e.type === 'payment_intent.succeeded' && e.event.data?.object.id === intent,
    ),
  );
  return { started, code, eventId: event.id };
}

async function authRecord(piece: ProductEntity) {
  return (await getRaw(`AUTH#${piece.cardNumber}`, '#AUTH')) as
    | { pid: string; email: string; passwordHash: string; credentialVersion: number }
    | undefined;
}

const inboxOf = async (email: string) => (await mailbox()).get(email) ?? [];

/**
 * Runs the handler in a child on the event, waits until the proxy stops answering at the chosen
 * request, lets `atCrash` look at the table, then kills the child. Fails if the child ends first.
 */
async function killMidway(
  eventId: string,
  proxies: { dynamo?: FaultProxy; ses?: FaultProxy },
  atCrash: (stoppedAt: ProxiedRequest) => Promise<void>,
): Promise<number> {
  const delivery = await signedStripeDelivery(eventId);
  const began = Date.now();
  const run = runHandlerInChild('checkout/webhooks/stripe', delivery, childEnv(proxies));
  const stopped = [proxies.dynamo?.stopped, proxies.ses?.stopped].filter((p) => p !== undefined);
  const first = await Promise.race([
    Promise.race(stopped).then((r) => ({ stopped: r })),
    run.exited.then((e) => ({ exited: e })),
    new Promise<{ timeout: true }>((r) => setTimeout(() => r({ timeout: true }), 30_000)),
  ]);
  if (!('stopped' in first)) {
    run.child.kill('SIGKILL');
    throw new Error(`the handler did not reach the crash point (${JSON.stringify(first)}): ${run.output()}`);
  }
  try {
    await atCrash(first.stopped);
  } finally {
    run.child.kill('SIGKILL');
  }
  const ended = await run.exited;
  if (ended.signal !== 'SIGKILL')
    throw new Error(`the child ended by ${JSON.stringify(ended)}: ${run.output()}`);
  return Date.now() - began;
}

/**
 * Delivers the event until the shop acknowledges it, as a provider keeps retrying (under load a
 * handler can run out of its 10 s). The first send takes it off the emulator's hold.
 */
async function acknowledged(
  eventId: string,
  first: 'deliver' | 'redeliver' = 'redeliver',
): Promise<Attempt[]> {
  const attempts: Attempt[] = [];
  for (let i = 0; i < 5; i++) {
    const attempt =
      i === 0 && first === 'deliver'
        ? ((await deliver('stripe', [eventId]))[0] as Attempt)
        : await redeliver('stripe', eventId);
    attempts.push(attempt);
    if (attempt.ok) return attempts;
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error(`the shop never acknowledged ${eventId}: ${JSON.stringify(attempts.map((a) => a.status))}`);
}

function check(ok: boolean, what: string): void {
  if (!ok) throw new Error(what);
}

/** Waits until the order's mail lease (MAIL_LEASE_MS after the crashed sale) has run out. */
async function leaseOver(code: string): Promise<void> {
  const order = await readOrder(code);
  const until = (order as { mailLeaseUntil?: number } | undefined)?.mailLeaseUntil ?? 0;
  const wait = until - Date.now() + 250;
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
}

async function crashCase(point: CrashPoint, ledger: Ledger, piece: ProductEntity): Promise<CrashOutcome> {
  const buyer = newBuyer('card', `crash-${point}`);
  const proxies: { dynamo?: FaultProxy; ses?: FaultProxy } = {};
  const onNth = (kind: string, n: number, action: FaultAction) => (r: ProxiedRequest) =>
    r.kind === kind && r.n === n ? action : 'forward';
  try {
    if (point === 'refund-unrecorded' || point === 'refund-notice')
      return await lateRefundCase(point, buyer, ledger, piece, proxies);
    const { code, eventId } = await pay(buyer, piece);
    ledger.checkouts.set(code, buyer);
    if (point === 'before-sale' || point === 'sale-committed') {
      proxies.dynamo = await faultProxy(
        inject('dynamoDbUrl'),
        dynamoOperation,
        onNth('TransactWriteItems', 1, point === 'before-sale' ? 'hang-before' : 'hang-after'),
      );
    } else {
      proxies.ses = await faultProxy(
        inject('sesUrl'),
        sesOperation,
        onNth('SendEmail', point === 'first-mail' ? 1 : 2, 'hang-before'),
      );
    }
    const killedAfterMs = await killMidway(eventId, proxies, async () => {
      const order = await readOrder(code);
      const product = await readProduct(piece.id);
      const mails = await inboxOf(buyer.email);
      if (point === 'before-sale') {
        check(order?.status === 'pending', `before the sale the order is pending, not ${order?.status}`);
        check(
          product.status === 1 && product.holdId === order?.holdId,
          'before the sale the piece is held for the buyer',
        );
        check((await authRecord(piece)) === undefined, 'before the sale there is no authenticity record');
      } else {
        check(order?.status === 'paid', `after the sale the order is paid, not ${order?.status}`);
        check(
          product.status === 0 && product.soldOrder === code && product.holdId === undefined,
          'the piece is sold, not held',
        );
        check((await authRecord(piece))?.email === buyer.email, 'the authenticity record is written');
        check(!(order as { mailSentAt?: string }).mailSentAt, 'the mail is not marked sent');
        const expected = point === 'second-mail' ? [ORDER_SUBJECT(piece.name)] : [];
        check(
          JSON.stringify(mails.map((m) => m.subject)) === JSON.stringify(expected),
          `mail at the crash: ${JSON.stringify(mails.map((m) => m.subject))}`,
        );
      }
    });

    if (point === 'before-sale') {
      // The buyer's success page asks Stripe and completes the order; the webhook arrives later.
      const page = await visitSuccessPage(code, 'card');
      check(page.orderStatus === 'paid', `the success page completes the order (${page.orderStatus})`);
      await until('the two mails', async () => (await inboxOf(buyer.email)).length >= 2);
      const attempts = await acknowledged(eventId, 'deliver');
      await acknowledged(eventId);
      check(
        (await inboxOf(buyer.email)).length === 2,
        'the late webhook and its duplicate send no more mail',
      );
      await releaseWebhooks(code);
      return {
        point,
        code,
        firstRetryStatus: attempts[0]?.status ?? 0,
        finishedBy: 'the success page (GET /orders/{id})',
        killedAfterMs,
      };
    }

    ledger.crashedCodes?.add(code);
    // The success page only reads: the order is paid.
    const page = await visitSuccessPage(code, 'card');
    check(page.orderStatus === 'paid', `the success page shows paid (${page.orderStatus})`);
    // The provider retries the delivery the killed process never answered. The crashed sender's
    // mail lease still runs, so nobody may send the mail yet (it might still be at work).
    const [firstRetry] = (await deliver('stripe', [eventId])) as [Attempt];
    const mailAtCrash = point === 'second-mail' ? 1 : 0;
    check((await inboxOf(buyer.email)).length === mailAtCrash, 'no mail is sent while the lease runs');
    await leaseOver(code);
    // Once the lease ran out: the provider's next retry, if the first was not acknowledged, and
    // in any case the scheduled mail sweep (every five minutes in AWS) take over the mail.
    if (!firstRetry.ok) await acknowledged(eventId);
    const checkedOut = Date.parse((await readOrder(code))?.checkoutTime ?? '');
    const swept = await sweepPendingMail(mailPorts(), { since: checkedOut - 1, until: checkedOut + 1 });
    // An acknowledged retry ends the provider's retries: then only the sweep can send the mail.
    check(
      swept.failed === 0 && (swept.sent === 1 || !firstRetry.ok),
      `the sweep sends the mail (${JSON.stringify(swept)})`,
    );
    const finishedBy = swept.sent === 1 ? 'the scheduled mail sweep' : "the provider's later retry";
    // Later duplicates change nothing.
    await acknowledged(eventId);
    // Under load a retry's handler can outlive its 10 s answer while it still holds the mail
    // lease (hashing the new password, sending): the sweep then leaves the mail to it.
    await until(
      'the mail sent by whoever holds its lease',
      async () => Boolean((await readOrder(code))?.mailSentAt),
      60_000,
    );
    const record = await authRecord(piece);
    check(
      record?.credentialVersion === 2,
      `the record got new credentials (version ${record?.credentialVersion})`,
    );
    const passwords = (await inboxOf(buyer.email)).filter((m) => m.subject === PASSWORD_SUBJECT);
    check(passwords.length === 1, `one portal password mail (${passwords.length})`);
    check(
      await verifyPassword(passwordIn(passwords[0]) ?? '', record?.passwordHash ?? ''),
      'the mailed password opens the record',
    );
    await releaseWebhooks(code);
    return { point, code, firstRetryStatus: firstRetry.status, finishedBy, killedAfterMs };
  } finally {
    await proxies.dynamo?.close();
    await proxies.ses?.close();
  }
}

/**
 * A late payment: buyer A pays, but A's confirmation is handled only after A's hold ran out and
 * B bought the piece. The child refunds A at the provider and is killed before it records the
 * refund ('refund-unrecorded'), or while the refund notice is in flight to SES ('refund-notice').
 * The provider's redelivery must finish it: the refund recorded once, made once, A told once.
 */
async function lateRefundCase(
  point: 'refund-unrecorded' | 'refund-notice',
  late: Buyer,
  ledger: Ledger,
  piece: ProductEntity,
  proxies: { dynamo?: FaultProxy; ses?: FaultProxy },
): Promise<CrashOutcome> {
  const { code, eventId, started } = await pay(late, piece);
  ledger.checkouts.set(code, late);
  ledger.lateCodes.add(code);
  await expireHold(piece.id, code);
  const winner = newBuyer('card', 'crash-winner');
  const won = await startCheckoutRetrying(winner, piece);
  check(
    won.status === 200 && !!won.code,
    `after the hold expired another buyer holds the piece (${won.status})`,
  );
  ledger.checkouts.set(won.code as string, winner);
  await holdWebhooks(won.code as string);
  check((await confirmCard(won)) === 200, "the winner's card is confirmed");
  check(
    (await visitSuccessPage(won.code as string, 'card')).orderStatus === 'paid',
    "the winner's order is paid",
  );
  const intent = intentOf(started.clientSecret as string);
  if (point === 'refund-unrecorded') {
    // Transaction 1: the sale, refused (piece taken). Transaction 2: the refund record — never arrives.
    proxies.dynamo = await faultProxy(inject('dynamoDbUrl'), dynamoOperation, (r) =>
      r.kind === 'TransactWriteItems' && r.n === 2 ? 'hang-before' : 'forward',
    );
  } else {
    proxies.ses = await faultProxy(inject('sesUrl'), sesOperation, (r) =>
      r.kind === 'SendEmail' ? 'hang-before' : 'forward',
    );
  }
  const refundsOf = async () =>
    (await eventsOf('stripe')).filter(
      (e) => e.type === 'refund.created' && e.event.data?.object.payment_intent === intent,
    ).length;
  const notices = async () =>
    (await inboxOf(late.email)).filter((m) => m.subject === REFUND_SUBJECT(piece.name)).length;
  const killedAfterMs = await killMidway(eventId, proxies, async () => {
    check((await refundsOf()) === 1, 'the provider refunded the late payment');
    const status = (await readOrder(code))?.status;
    check(
      status === (point === 'refund-unrecorded' ? 'pending' : 'refunded'),
      `the order at the crash is ${status}`,
    );
    check((await notices()) === 0, 'no refund notice yet');
  });
  const [retry] = (await acknowledged(eventId, 'deliver')) as [Attempt];
  check((await readOrder(code))?.status === 'refunded', 'the order is refunded');
  check((await refundsOf()) === 1, 'the payment is refunded once');
  let finishedBy = "the provider's redelivery";
  if (point === 'refund-notice') {
    // The notice's lease still runs: nobody sends it yet. Once it ran out, the sweep does.
    check((await notices()) === 0, 'no notice while the lease runs');
    await leaseOver(code);
    const checkedOut = Date.parse((await readOrder(code))?.checkoutTime ?? '');
    const swept = await sweepPendingMail(mailPorts(), { since: checkedOut - 1, until: checkedOut + 1 });
    check(swept.sent === 1 && swept.failed === 0, `the sweep sends the notice (${JSON.stringify(swept)})`);
    finishedBy = 'the scheduled mail sweep';
  }
  await acknowledged(eventId);
  check((await notices()) === 1, `the buyer is told of the refund once (${await notices()} notices)`);
  await releaseWebhooks(code);
  await releaseWebhooks(won.code as string);
  return {
    point,
    code,
    firstRetryStatus: retry.status,
    finishedBy,
    killedAfterMs,
  };
}

export const CRASH_POINTS: CrashPoint[] = [
  'before-sale',
  'sale-committed',
  'first-mail',
  'second-mail',
  'refund-unrecorded',
  'refund-notice',
];

export async function runCrashes(): Promise<{ ledger: Ledger; outcomes: CrashOutcome[] }> {
  const { type, pieces } = catalogue('Crash', CRASH_POINTS.length);
  await store({ type, products: pieces });
  const ledger: Ledger = { pieces, checkouts: new Map(), lateCodes: new Set(), crashedCodes: new Set() };
  const settled = await Promise.allSettled(
    CRASH_POINTS.map((point, i) => crashCase(point, ledger, pieces[i] as ProductEntity)),
  );
  const failures = settled.flatMap((r, i) =>
    r.status === 'rejected' ? [`crash point ${CRASH_POINTS[i]}: ${(r.reason as Error).message}`] : [],
  );
  if (failures.length > 0) throw new Error(failures.join('\n'));
  return { ledger, outcomes: settled.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : [])) };
}
