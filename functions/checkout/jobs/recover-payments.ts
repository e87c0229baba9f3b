import { type PaidPayment, type PaymentProvider, paymentProviders } from '#payments/index.ts';
import { upstreamFailure } from '#platform/handler.ts';
import { logger, safeError } from '#platform/logger.ts';
import { loadSecrets } from '#platform/secrets.ts';
import { completionPorts } from '../adapters/completion-ports.ts';
import { readJournaledOrder } from '../adapters/order-journal.ts';
import { getOrder, type OrderEntity, putBackOrder } from '../entities/order.ts';
import { type CompletionPorts, type CompletionResult, completePayment } from '../payment-completion.ts';

/**
 * The restore's reconciliation (issue 49). A table restored from a backup (PITR, AWS Backup, an
 * export) lacks every order made after the backup's time; a shopper who paid meanwhile has paid
 * at the provider for an order the shop no longer knows, and the normal reconciliation
 * (reconcile-payments.ts) only asks about the orders in the table. This asks each provider for
 * the payments that took money between `since` (the backup's time, with a margin) and `until`,
 * and for each whose order the table lacks:
 *
 * - remakes the order from the order journal (adapters/order-journal.ts: its form as the table's
 *   stream last wrote it), as it stood before its payment (pending: nothing of its sale, mail or
 *   shipping, which the restored table does not hold either), put back only where the table has
 *   no item (attribute_not_exists(pk));
 * - completes it through the very completion of the webhooks (payment-completion.ts), with the
 *   payment's own event id where it names one, else `reconcile:<paymentRef>` as the normal
 *   reconciliation: the piece is sold if it is still free (the owner's record made, the sale's
 *   passport entry queued, the buyer mailed a new portal password and the staff notified), or the
 *   money given back with the notice when another shopper bought it after the restore.
 *
 * A payment whose order is in the table is the normal reconciliation's (`present`). A payment
 * with no journaled order is never guessed: counted `needsAttention` and logged with its provider
 * and reference, for a person. Run twice, the second run finds every order present: nothing is
 * made twice.
 */

export interface RecoveryResult {
  /** Payments the providers listed in the range. */
  listed: number;
  /** Their order is in the table: left to the normal reconciliation. */
  present: number;
  /** Orders remade from the journal and sold. */
  recovered: number;
  /** Orders remade whose piece someone else bought after the restore: refunded with the notice. */
  refunded: number;
  /** No journaled order, or money and order that disagree: a person must look. */
  needsAttention: number;
  /** Payments or providers that could not be settled this time (run again). */
  failed: number;
}

/** What a provider must answer here: its kind and type code, and its list of paid payments. */
export type ListingProvider = Pick<PaymentProvider, 'kind' | 'typeCode' | 'listPaid'>;

export interface RecoveryPorts {
  providers(): readonly ListingProvider[];
  getOrder(checkoutCode: string): Promise<OrderEntity | undefined>;
  readJournaledOrder(checkoutCode: string): Promise<OrderEntity | undefined>;
  putBackOrder(order: OrderEntity): Promise<boolean>;
  completion: CompletionPorts;
}

export interface RecoveryOptions {
  /** From when (epoch ms): the backup's time, less a margin. */
  since: number;
  /** Until when (epoch ms): the restore's time. */
  until: number;
  /** Any of the real wiring replaced (tests: fake providers). */
  ports?: Partial<RecoveryPorts>;
}

function recoveryPorts(given: Partial<RecoveryPorts> = {}): RecoveryPorts {
  return {
    providers: paymentProviders,
    getOrder,
    readJournaledOrder,
    putBackOrder,
    ...given,
    completion: given.completion ?? completionPorts(),
  };
}

/**
 * An order's form as checkout recorded it before any payment: who, where, which piece, every
 * amount, the hold; the provider that holds the money. Nothing the sale or later wrote (paid,
 * mailed, shipped, refunded, deleted) is taken: the completion writes the sale again.
 */
export function orderBeforePayment(journaled: OrderEntity, provider: ListingProvider): OrderEntity {
  const form: (keyof OrderEntity)[] = [
    'kind',
    'checkoutCode',
    'productId',
    'typeId',
    'productName',
    'typeName',
    'size',
    'gender',
    'colors',
    'contact',
    'hasBilling',
    'billing',
    'currency',
    'productPrice',
    'discountCode',
    'termsVersion',
    'discountAmount',
    'productPriceAfterDiscount',
    'shippingFee',
    'tax',
    'duty',
    'finalPrice',
    'holdId',
    'holdUntil',
    'paymentRef',
    'paymentAttempt',
    'checkoutTime',
  ];
  const order = Object.fromEntries(
    form.flatMap((name) => (journaled[name] === undefined ? [] : [[name, journaled[name]]])),
  ) as unknown as OrderEntity;
  // Refunds go through the provider that holds the money.
  return { ...order, kind: 'order', status: 'pending', paymentType: provider.typeCode };
}

type Outcome = 'present' | 'recovered' | 'refunded' | 'needs-attention';

async function recoverPayment(
  provider: ListingProvider,
  paid: PaidPayment,
  ports: RecoveryPorts,
): Promise<Outcome> {
  const checkoutCode = paid.reference;
  if (await ports.getOrder(checkoutCode)) return 'present';
  const journaled = await ports.readJournaledOrder(checkoutCode);
  if (!journaled) {
    logger.error('a paid payment has no order in the table nor in the journal: a person must look', {
      provider: provider.kind,
      paymentRef: paid.paymentRef,
      reference: checkoutCode,
      amountCents: paid.amountCents,
      currency: paid.currency,
      takenAt: new Date(paid.takenAt).toISOString(),
    });
    return 'needs-attention';
  }
  // Put back only where the table has none: one that came back meanwhile is the reconciliation's.
  if (!(await ports.putBackOrder(orderBeforePayment(journaled, provider)))) return 'present';
  const result: CompletionResult = await completePayment(
    {
      provider: provider.kind,
      eventId: paid.eventId ?? `reconcile:${paid.paymentRef}`,
      checkoutCode,
      paymentRef: paid.paymentRef,
      amountCents: paid.amountCents,
      currency: paid.currency,
    },
    ports.completion,
  );
  logger.warn('the restore’s reconciliation remade an order from its journal', {
    provider: provider.kind,
    paymentRef: paid.paymentRef,
    checkoutCode,
    result,
  });
  if (result === 'sold') return 'recovered';
  if (result === 'refunded') return 'refunded';
  if (result === 'already-done') return 'present';
  return 'needs-attention';
}

/** Every provider's paid payments of the range, each settled as above; never guessed. */
export async function recoverPaymentsAfter(options: RecoveryOptions): Promise<RecoveryResult> {
  const ports = recoveryPorts(options.ports);
  const result: RecoveryResult = {
    listed: 0,
    present: 0,
    recovered: 0,
    refunded: 0,
    needsAttention: 0,
    failed: 0,
  };
  for (const provider of ports.providers()) {
    let payments: PaidPayment[];
    try {
      payments = await provider.listPaid({ since: options.since, until: options.until });
    } catch (error) {
      result.failed++;
      logger.error('a provider could not list its paid payments', {
        provider: provider.kind,
        error: safeError(error),
        upstream: upstreamFailure(error),
      });
      continue;
    }
    for (const paid of payments) {
      result.listed++;
      try {
        const outcome = await recoverPayment(provider, paid, ports);
        if (outcome === 'present') result.present++;
        else if (outcome === 'recovered') result.recovered++;
        else if (outcome === 'refunded') result.refunded++;
        else result.needsAttention++;
      } catch (error) {
        result.failed++;
        logger.error('the restore’s reconciliation could not settle a payment', {
          provider: provider.kind,
          paymentRef: paid.paymentRef,
          reference: paid.reference,
          error: safeError(error),
          upstream: upstreamFailure(error),
        });
      }
    }
  }
  logger.info('the restore’s reconciliation', { ...result, since: options.since, until: options.until });
  return result;
}

/** Run by a person after a restore: `{ since, until }` in epoch ms (or ISO times). */
export const handler = async (input: { since: number | string; until: number | string }) => {
  await loadSecrets();
  const since = new Date(input.since).getTime();
  const until = new Date(input.until).getTime();
  if (!Number.isFinite(since) || !Number.isFinite(until) || since >= until)
    throw new Error('give since and until (epoch ms or ISO times), since before until');
  return recoverPaymentsAfter({ since, until });
};
