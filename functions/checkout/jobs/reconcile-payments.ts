import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { readAuthRecord } from '#authenticity/index.ts';
import { getProduct } from '#catalog/index.ts';
import { paymentProvider } from '#payments/index.ts';
import { eachWithin } from '#platform/each-within.ts';
import { upstreamFailure } from '#platform/handler.ts';
import { logger, safeError } from '#platform/logger.ts';
import { loadSecrets } from '#platform/secrets.ts';
import { completionPorts } from '../adapters/completion-ports.ts';
import type { OrderEntity } from '../entities/order.ts';
import {
  abandonedHolds,
  closeAbandonedHold,
  closeUnpaidOrder,
  paidOrdersBetween,
  unsettledOrders,
} from '../entities/unsettled-orders.ts';
import { type CompletionPorts, type CompletionResult, completePayment } from '../payment-completion.ts';

/** A payment younger than this is left to its webhook and the success page, which come in seconds. */
export const WEBHOOK_GRACE_MS = 2 * 60_000;
/** How far back it looks: as far as the mail sweep, longer than providers retry their webhooks. */
export const RECONCILE_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;
/**
 * Orders settled at once. Each is a few provider calls, table writes and (for a sale) the
 * owner's password hash (scrypt: 128 MB and ~0.4 s of a vCPU) and mails. Four: Node hashes four
 * at a time anyway (libuv's pool), four hashes fit the function's memory (1,769 MB,
 * infra/stack.ts) with room, and the providers' rate limits (a hundred reads a second) are far.
 */
export const RECONCILE_CONCURRENCY = 4;
/**
 * No order is started after this much of a run (the function's timeout is 50 s, infra/stack.ts):
 * one started just before has the rest to finish. Orders not started are left to the next run
 * (a minute later), counted as `deferred`.
 */
export const RECONCILE_BUDGET_MS = 35_000;

export interface ReconcileResult {
  checked: number;
  /** Sales completed here: each one a webhook should have completed. */
  completed: number;
  /** Late payments for a piece someone else bought, refunded here (with the notice). */
  refunded: number;
  /** Unpaid orders whose hold ran out: their payment cancelled, the order closed. */
  closed: number;
  /** Holds that ran out before any payment was made (never paid for): the order closed. */
  abandoned: number;
  /** Payments younger than the grace, or still processing: looked at again next time. */
  waiting: number;
  /** Money and records that disagree (amount, missing authenticity record): a person must look. */
  needsAttention: number;
  /** Orders the providers or the table could not be asked about this time. */
  failed: number;
  /** Orders not started: the run's time budget was spent; the next run takes them. */
  deferred: number;
}

export interface ReconcileOptions {
  now?: number;
  graceMs?: number;
  ports?: CompletionPorts;
  /** Only these orders (checkout codes): a person, or a test, settling given orders now. */
  only?: readonly string[];
  /** Orders settled at once (RECONCILE_CONCURRENCY). */
  concurrency?: number;
  /** No order is started after this many ms of the run (RECONCILE_BUDGET_MS). */
  budgetMs?: number;
}

/**
 * Asks the providers about every order whose payment is not settled, so no paid order
 * depends on a webhook arriving or a browser tab staying open: a succeeded payment completes the
 * sale exactly as the webhook does (the same completion, idempotent with it), or is refunded with
 * the notice when the piece went to someone else; an unpaid one whose hold ran out has its payment
 * cancelled. Paid orders without their authenticity record are reported. Anything it had to do
 * is counted as a metric that alarms: it means webhooks are failing.
 *
 * Orders are settled RECONCILE_CONCURRENCY at a time, each on its own as a webhook settles it
 * (the same idempotent completion, conditional writes), so settling them side by side is what
 * racing webhooks already do; no order is started once RECONCILE_BUDGET_MS of the run are spent.
 */
export async function reconcilePayments(options: ReconcileOptions = {}): Promise<ReconcileResult> {
  const now = options.now ?? Date.now();
  const grace = options.graceMs ?? WEBHOOK_GRACE_MS;
  const ports = options.ports ?? completionPorts();
  const since = new Date(now - RECONCILE_WINDOW_MS).toISOString();
  const until = new Date(now).toISOString();
  const concurrency = options.concurrency ?? RECONCILE_CONCURRENCY;
  const stopAt = Date.now() + (options.budgetMs ?? RECONCILE_BUDGET_MS);
  const result: ReconcileResult = {
    checked: 0,
    completed: 0,
    refunded: 0,
    closed: 0,
    abandoned: 0,
    waiting: 0,
    needsAttention: 0,
    failed: 0,
    deferred: 0,
  };

  const wanted = (o: { checkoutCode: string }) => !options.only || options.only.includes(o.checkoutCode);
  const unsettled = (await unsettledOrders(since, until)).filter(wanted);
  result.deferred += await eachWithin(unsettled, concurrency, stopAt, async (order) => {
    result.checked++;
    try {
      const outcome = await reconcileOrder(order, now, grace, ports);
      count(result, outcome);
      if (outcome === 'sold' || outcome === 'refunded' || outcome === 'needs-attention')
        logger.error('the reconciliation settled a payment no webhook had', {
          checkoutCode: order.checkoutCode,
          paymentType: order.paymentType,
          outcome,
        });
    } catch (error) {
      result.failed++;
      logger.error('the reconciliation could not settle an order', {
        checkoutCode: order.checkoutCode,
        error: safeError(error),
        upstream: upstreamFailure(error),
      });
    }
  });

  // Held and never paid for: no provider to ask, nothing to cancel; the order is closed.
  for (const order of (await abandonedHolds(since, until, now)).filter(wanted)) {
    try {
      if (await closeAbandonedHold(order, now)) result.abandoned++;
    } catch (error) {
      result.failed++;
      logger.error('the reconciliation could not close an abandoned hold', {
        checkoutCode: order.checkoutCode,
        error: safeError(error),
      });
    }
  }

  const paid = (await paidOrdersBetween(since, until)).filter(wanted);
  await eachWithin(paid, concurrency, Number.POSITIVE_INFINITY, async (order) => {
    const product = await getProduct(order.productId);
    const record = product?.cardNumber ? await readAuthRecord(product.cardNumber) : undefined;
    if (record?.pid !== order.productId) {
      result.needsAttention++;
      logger.error('a paid order has no authenticity record', { checkoutCode: order.checkoutCode });
    }
  });
  if (result.deferred > 0) logger.warn('the reconciliation left orders to its next run', { ...result });
  return result;
}

type Outcome = CompletionResult | 'waiting' | 'closed' | 'open';

function count(result: ReconcileResult, outcome: Outcome): void {
  if (outcome === 'sold') result.completed++;
  else if (outcome === 'refunded') result.refunded++;
  else if (outcome === 'closed') result.closed++;
  else if (outcome === 'waiting') result.waiting++;
  else if (outcome === 'needs-attention' || outcome === 'amount-mismatch') result.needsAttention++;
}

/**
 * One unsettled order, as its provider sees it. A payment that took money completes the sale once
 * it is older than the grace (a younger one is left to its webhook and the success page); one
 * the shopper approved away and never came back from is confirmed as their return would confirm
 * it, while its hold lasts; one still processing is waited for. Unpaid once its hold is over,
 * its payment is cancelled so it cannot be made late (a shopper who comes back with the same key
 * gets a new hold and a new payment), and the order closed.
 */
async function reconcileOrder(
  order: OrderEntity,
  now: number,
  grace: number,
  ports: CompletionPorts,
): Promise<Outcome> {
  const provider = paymentProvider(order.paymentType);
  const ref = { id: order.paymentRef as string, capture: 'now' as const };
  const state = await provider.read(ref);
  const settled = (state.changedAt ?? 0) <= now - grace;
  let taken = state.taken;
  if (state.status === 'approved' && order.holdUntil >= now) {
    if (!settled) return 'waiting';
    const confirmed = await provider.confirm(ref);
    if (confirmed.outcome === 'paid') taken = confirmed.taken;
  }
  if (taken) {
    if (!settled && state.status === 'paid') return 'waiting';
    return completePayment(
      {
        provider: provider.kind,
        // The webhook's own event id where the payment names it: whichever comes first completes.
        eventId: taken.eventId ?? `reconcile:${taken.paymentRef}`,
        checkoutCode: order.checkoutCode,
        paymentRef: taken.paymentRef,
        amountCents: taken.amountCents,
        currency: taken.currency,
      },
      ports,
    );
  }
  if (state.status === 'processing' || state.status === 'authorised') return 'waiting';
  if (order.holdUntil >= now) return 'open';
  const cancelled = await provider.cancel(ref);
  if (cancelled.outcome === 'failed') throw new Error(cancelled.message);
  // Paid at this very moment: the next run completes it.
  if (cancelled.outcome !== 'canceled' && cancelled.outcome !== 'already-canceled') return 'waiting';
  return (await closeUnpaidOrder(order, now)) ? 'closed' : 'open';
}

const metrics = new Metrics({ namespace: 'OneOfOne', serviceName: 'payments-reconciliation' });

/**
 * The scheduled Lambda (EventBridge, every minute). Its metric PaymentsFoundByReconciliation
 * (sales completed or refunded here, and orders that need a person) alarms at 1: webhooks or
 * the success page failed to do their work.
 */
export const handler = async (): Promise<ReconcileResult> => {
  await loadSecrets();
  const result = await reconcilePayments();
  metrics.addMetric(
    'PaymentsFoundByReconciliation',
    MetricUnit.Count,
    result.completed + result.refunded + result.needsAttention,
  );
  metrics.addMetric('ReconciliationFailures', MetricUnit.Count, result.failed);
  metrics.publishStoredMetrics();
  if (result.completed + result.refunded + result.closed > 0)
    logger.info('reconciled payments', { ...result });
  if (result.failed > 0) throw new Error(`${result.failed} order(s) could not be reconciled`);
  return result;
};
