import { randomUUID } from 'node:crypto';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuthRecordEntity } from '#authenticity/entities/auth-record.ts';
import type { OrderEntity } from '#checkout/entities/order.ts';
import { holdAndRecordOrder, markRefunded, sellOrder } from '#checkout/entities/order.ts';
import { ddb } from '#platform/aws-clients.ts';
import { pointAtLocalStack } from '../support/stack-env.ts';

/**
 * DynamoDB cancels a transaction that meets another one on the same item with the reason
 * `TransactionConflict` — not a refused condition. DynamoDB Local runs transactions one at a
 * time and never answers it, so the answer is given here by hand. Such a cancellation says
 * nothing about the order or the piece: a sale or refund must surface it as a fault (the webhook answers 5xx and
 * the provider retries, the success page asks again), never be read as "the authenticity record
 * exists" (a 200 that ends the provider's retries and leaves a paid order pending) or as "the
 * order is no longer pending".
 */

pointAtLocalStack();

function cancelled(codes: string[]): TransactionCanceledException {
  return new TransactionCanceledException({
    message: `Transaction cancelled, please refer cancellation reasons for specific reasons [${codes.join(', ')}]`,
    $metadata: { httpStatusCode: 400 },
    CancellationReasons: codes.map((Code) => ({ Code })),
  });
}

const answer = (codes: string[]) => vi.spyOn(ddb(), 'send').mockRejectedValue(cancelled(codes) as never);

afterEach(() => {
  vi.restoreAllMocks();
});

const order = {
  kind: 'order',
  checkoutCode: randomUUID(),
  productId: 'p-conflict',
  holdId: randomUUID(),
  holdUntil: Date.now() + 60_000,
  status: 'pending',
} as unknown as OrderEntity;
const record = {
  kind: 'authRecord',
  cardNumber: '5700000000000001',
  pid: 'p-conflict',
  ownerSalt: 'A'.repeat(43),
} as unknown as AuthRecordEntity;
const sale = {
  order,
  provider: 'stripe' as const,
  eventId: `evt_${randomUUID()}`,
  paymentRef: 'pi_conflict',
  record,
  now: Date.now(),
  mailLeaseUntil: Date.now() + 30_000,
};

describe('a transaction cancelled by a conflict, not by a condition', () => {
  it('is a fault for the sale, not "record-exists"', async () => {
    answer(['None', 'None', 'TransactionConflict', 'None']);
    await expect(sellOrder(sale)).rejects.toBeInstanceOf(TransactionCanceledException);
  });

  it('is a fault for the refund record, not "order-not-pending"', async () => {
    answer(['None', 'TransactionConflict']);
    await expect(
      markRefunded({
        checkoutCode: order.checkoutCode,
        provider: 'stripe',
        eventId: sale.eventId,
        paymentRef: 'pi_conflict',
        reason: 'late',
        now: Date.now(),
        mailLeaseUntil: Date.now() + 30_000,
      }),
    ).rejects.toBeInstanceOf(TransactionCanceledException);
  });

  it('retries a hold that met another transaction, then reads the piece as taken', async () => {
    const send = vi
      .spyOn(ddb(), 'send')
      .mockRejectedValueOnce(cancelled(['TransactionConflict', 'None']) as never)
      .mockRejectedValueOnce(cancelled(['ConditionalCheckFailed', 'None']) as never);
    expect(await holdAndRecordOrder(order, Date.now())).toBe('unavailable');
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('answers a hold that keeps meeting other transactions as unavailable, never as a fault', async () => {
    const send = answer(['TransactionConflict', 'None']);
    expect(await holdAndRecordOrder(order, Date.now())).toBe('unavailable');
    expect(send).toHaveBeenCalledTimes(4);
  });

  it('still reads refused conditions as answers', async () => {
    answer(['ConditionalCheckFailed', 'ConditionalCheckFailed', 'None', 'None']);
    expect(await sellOrder(sale)).toBe('duplicate-event');
    answer(['None', 'None', 'ConditionalCheckFailed', 'TransactionConflict']);
    expect(await sellOrder(sale)).toBe('piece-taken');
    answer(['ConditionalCheckFailed', 'None']);
    expect(await holdAndRecordOrder(order, Date.now())).toBe('unavailable');
  });
});
