import { DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, inject, it, vi } from 'vitest';
import type { ProductEntity } from '#catalog/entities/product.ts';
import { readJournaledOrder } from '#checkout/adapters/order-journal.ts';
import { getOrder, type OrderEntity } from '#checkout/entities/order.ts';
import { type ListingProvider, recoverPaymentsAfter } from '#checkout/jobs/recover-payments.ts';
import type { PaidPayment } from '#payments/index.ts';
import { logger } from '#platform/logger.ts';
import { toCents } from '#shared/money.ts';
import { JOURNAL_BUCKET } from '../../infra/local/order-journal.ts';
import { newCheckoutKey, until } from '../support/api.ts';
import { db, getRaw, itemsWithPrefix } from '../support/db.ts';
import { productEntity, store, typeEntity, uniqueId } from '../support/fixtures.ts';
import { checkoutBody, payWithTestCard } from '../support/purchase.ts';
import { mailTo, pointAtLocalStack } from '../support/stack-env.ts';

/**
 * The restore's reconciliation on the local stack (issue 49): a card order paid through the
 * gateway, the Stripe stand-in and its signed webhook; its form reaches the order journal through
 * the table's stream (the journal's own reader, infra/local/stack.ts); then the table is put back
 * as a restore from before the payment would leave it (the order, the provider event, the owner's
 * record and the sale's pending passport entry gone, the piece available again), and the
 * reconciliation, given the provider's list of paid payments, remakes the order and sells the
 * piece once. Run again it makes nothing.
 */
pointAtLocalStack();
Object.assign(process.env, {
  AWS_ENDPOINT_URL_S3: inject('s3Url'),
  S3_FORCE_PATH_STYLE: 'true',
  JOURNAL_BUCKET,
});

const type = typeEntity({ name: 'Restore test', shippingPrices: { CA: 40 } });
const pieces = Array.from({ length: 2 }, (_, i) =>
  productEntity(type, {
    id: uniqueId('p-restore'),
    priceUs: 1000,
    cardNumber: `57${String(Date.now()).slice(-10)}${String(i).padStart(4, '0')}`,
  }),
);
beforeAll(() => store({ type, products: pieces }));

const table = () => inject('tableName');
const remove = (Key: Record<string, string>) => db().send(new DeleteCommand({ TableName: table(), Key }));

/**
 * What a restore from before the payment leaves: everything the sale's transaction wrote undone
 * (the provider event, the order's item, the piece sold, the owner's record, the passport log's
 * pending sale entry), and the order itself gone (made after the backup).
 */
async function restoreFromBeforeThePayment(order: OrderEntity, piece: ProductEntity): Promise<void> {
  for (const event of await itemsWithPrefix('EVENT#'))
    if (event.checkoutCode === order.checkoutCode)
      await remove({ pk: String(event.pk), sk: String(event.sk) });
  for (const entry of await itemsWithPrefix('PASSPORTLOG#PENDING'))
    if (entry.piece === piece.id) await remove({ pk: String(entry.pk), sk: String(entry.sk) });
  await remove({ pk: `ORDER#${order.checkoutCode}`, sk: '#ORDER' });
  await remove({ pk: `AUTH#${piece.cardNumber}`, sk: '#AUTH' });
  await db().send(
    new UpdateCommand({
      TableName: table(),
      Key: { pk: `PRODUCT#${piece.id}`, sk: '#PRODUCT' },
      UpdateExpression: 'SET #status = :available REMOVE soldOrder, soldAt, holdId, holdUntil',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':available': 1 },
    }),
  );
}

/** A provider whose list of paid payments is given (the providers' own listPaid is another change's). */
const listing = (payments: PaidPayment[]): ListingProvider & { ranges: unknown[] } => {
  const ranges: unknown[] = [];
  return {
    kind: 'stripe',
    typeCode: 1,
    ranges,
    listPaid: async (range) => {
      ranges.push(range);
      return payments;
    },
  };
};

const paymentOf = (order: OrderEntity): PaidPayment => ({
  reference: order.checkoutCode,
  paymentRef: order.paymentRef as string,
  amountCents: toCents(order.finalPrice),
  currency: 'usd',
  takenAt: Date.parse(order.paidAt as string),
});

describe('the restore’s reconciliation on the local stack', () => {
  it('remakes a paid order a restore lost from its journal, sells the piece once, and a second run makes nothing', {
    timeout: 120_000,
  }, async () => {
    const piece = pieces[0] as ProductEntity;
    const email = `${uniqueId('restore')}@example.com`;
    const since = Date.now() - 1000;
    const code = await payWithTestCard(checkoutBody(piece, newCheckoutKey(), { email }));
    await until(async () => (await getOrder(code))?.status === 'paid', 'the order to be paid', 30_000);
    const paid = (await getOrder(code)) as OrderEntity;
    // Its form is outside the table: the journal's object, written from the stream.
    await until(
      async () => (await readJournaledOrder(code))?.status === 'paid',
      'the paid order in the journal',
      30_000,
    );
    const journaled = (await readJournaledOrder(code)) as OrderEntity;
    expect(journaled).toMatchObject({
      checkoutCode: code,
      contact: paid.contact,
      finalPrice: paid.finalPrice,
      tax: paid.tax,
      holdId: paid.holdId,
    });
    expect(journaled).not.toHaveProperty('pk');
    expect(journaled).not.toHaveProperty('gsi2sk');
    await until(async () => (await mailTo(email)).length === 2, 'the sale’s two mails');

    await restoreFromBeforeThePayment(paid, piece);
    expect(await getOrder(code)).toBeUndefined();
    expect(await getRaw(`PRODUCT#${piece.id}`, '#PRODUCT')).toMatchObject({ status: 1 });

    const stripe = listing([paymentOf(paid)]);
    const until_ = Date.now();
    const first = await recoverPaymentsAfter({ since, until: until_, ports: { providers: () => [stripe] } });
    expect(first).toEqual({ listed: 1, present: 0, recovered: 1, refunded: 0, needsAttention: 0, failed: 0 });
    expect(stripe.ranges).toEqual([{ since, until: until_ }]);
    // The order is back, with its form, paid; the piece sold to it; the owner's record made.
    expect(await getOrder(code)).toMatchObject({
      status: 'paid',
      contact: paid.contact,
      finalPrice: paid.finalPrice,
      holdId: paid.holdId,
      paymentRef: paid.paymentRef,
    });
    expect(await getRaw(`PRODUCT#${piece.id}`, '#PRODUCT')).toMatchObject({ status: 0, soldOrder: code });
    expect(await getRaw(`AUTH#${piece.cardNumber}`, '#AUTH')).toMatchObject({ pid: piece.id, email });
    const events = (await itemsWithPrefix('EVENT#')).filter((e) => e.checkoutCode === code);
    expect(events.map((e) => e.pk)).toEqual([`EVENT#stripe#reconcile:${paid.paymentRef}`]);
    // The buyer's new portal password (the first one's record was lost) and the confirmation again.
    await until(async () => (await mailTo(email)).length === 4, 'the recovered sale’s mails');

    const second = await recoverPaymentsAfter({
      since,
      until: Date.now(),
      ports: { providers: () => [stripe] },
    });
    expect(second).toEqual({
      listed: 1,
      present: 1,
      recovered: 0,
      refunded: 0,
      needsAttention: 0,
      failed: 0,
    });
    expect((await itemsWithPrefix('EVENT#')).filter((e) => e.checkoutCode === code)).toHaveLength(1);
    expect((await itemsWithPrefix('AUTH#')).filter((r) => r.pid === piece.id)).toHaveLength(1);
    expect(await mailTo(email)).toHaveLength(4);
  });

  it('never guesses a paid payment with no journaled order: needsAttention, logged with its provider and reference', {
    timeout: 60_000,
  }, async () => {
    const errors = vi.spyOn(logger, 'error');
    const unknown: PaidPayment = {
      reference: '00000000-0000-4000-8000-00000000beef',
      paymentRef: `pi_${uniqueId('stranger')}`,
      amountCents: 104_000,
      currency: 'usd',
      takenAt: Date.now() - 60_000,
    };
    const result = await recoverPaymentsAfter({
      since: Date.now() - 3_600_000,
      until: Date.now(),
      ports: { providers: () => [listing([unknown])] },
    });
    expect(result).toEqual({
      listed: 1,
      present: 0,
      recovered: 0,
      refunded: 0,
      needsAttention: 1,
      failed: 0,
    });
    expect(await getOrder(unknown.reference)).toBeUndefined();
    expect(errors).toHaveBeenCalledWith(
      expect.stringContaining('journal'),
      expect.objectContaining({ provider: 'stripe', paymentRef: unknown.paymentRef }),
    );
    errors.mockRestore();
  });
});
