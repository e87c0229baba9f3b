import { marshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import { describe, expect, it, vi } from 'vitest';
import { logger } from '#platform/logger.ts';
import { orderKeys } from '../entities/order.ts';
import { journalOrders } from './journal-orders.ts';

/** The order journal's writer over a recording store: which images it writes, and where it stops. */

const CODE_A = '0b7f2a56-1c3d-4e5f-8a9b-0c1d2e3f4a5b';
const CODE_B = '9e8d7c6b-5a49-4382-b716-a5f4e3d2c1b0';

type Item = Record<string, unknown> & { pk: string; sk: string };

const order = (checkoutCode: string, over: Record<string, unknown> = {}): Item => ({
  ...orderKeys({ checkoutCode, checkoutTime: '2026-11-30T10:00:00.000Z' }),
  kind: 'order',
  checkoutCode,
  productId: 'p1',
  contact: { name: 'Ada', email: 'ada@example.com', country: 'CA' },
  hasBilling: false,
  finalPrice: 1175.2,
  tax: 135.2,
  status: 'pending',
  holdId: 'h1',
  holdUntil: 1764496800000,
  checkoutTime: '2026-11-30T10:00:00.000Z',
  ...over,
});

const product: Item = { pk: 'PRODUCT#p1', sk: '#PRODUCT', kind: 'product', status: 1 };
/** Another item in an order's partition: not the order. */
const orderToken: Item = { pk: `ORDER#${CODE_A}`, sk: 'TOKEN#x', checkoutCode: CODE_A };

function record(sequence: number, now: Item | undefined, old?: Item): DynamoDBRecord {
  const item = (now ?? old) as Item;
  return {
    eventID: `e${sequence}`,
    eventName: now && old ? 'MODIFY' : now ? 'INSERT' : 'REMOVE',
    eventSource: 'aws:dynamodb',
    dynamodb: {
      Keys: marshall({ pk: item.pk, sk: item.sk }) as never,
      ...(now ? { NewImage: marshall(now, { removeUndefinedValues: true }) as never } : {}),
      ...(old ? { OldImage: marshall(old, { removeUndefinedValues: true }) as never } : {}),
      SequenceNumber: String(1000 + sequence),
    },
  };
}

const recorder = () => {
  const written: Record<string, unknown>[] = [];
  return { written, write: async (entry: Record<string, unknown>) => void written.push(entry) };
};

describe('the order journal (journal-orders)', () => {
  it('writes each order item’s new image without the table’s keys, and nothing of any other item', async () => {
    const store = recorder();
    const answer = await journalOrders(store)({
      Records: [record(1, product), record(2, order(CODE_A)), record(3, orderToken)],
    });
    expect(answer).toEqual({ batchItemFailures: [] });
    const { pk: _pk, sk: _sk, gsi2pk: _g, gsi2sk: _s, ...form } = order(CODE_A);
    expect(store.written).toEqual([form]);
    expect(store.written[0]).not.toHaveProperty('pk');
    expect(store.written[0]).not.toHaveProperty('gsi2sk');
  });

  it('writes only the last image of an order changed several times in a batch, and never a removal', async () => {
    const store = recorder();
    const pending = order(CODE_A);
    const paid = order(CODE_A, { status: 'paid', paidAt: '2026-11-30T10:05:00.000Z' });
    await journalOrders(store)({
      Records: [
        record(1, pending),
        record(2, order(CODE_B)),
        record(3, paid, pending),
        record(4, undefined, order(CODE_B)),
      ],
    });
    expect(store.written.map((e) => [e.checkoutCode, e.status])).toEqual([
      [CODE_B, 'pending'],
      [CODE_A, 'paid'],
    ]);
  });

  it('reports the first record it could not write, and writes nothing after it (the stream delivers from there again)', async () => {
    vi.spyOn(logger, 'error').mockImplementation(() => undefined);
    const written: unknown[] = [];
    let calls = 0;
    const flaky = {
      write: async (entry: Record<string, unknown>) => {
        calls++;
        if (calls === 2) throw new Error('S3 is down');
        written.push(entry.checkoutCode);
      },
    };
    const answer = await journalOrders(flaky)({
      Records: [
        record(1, order(CODE_A)),
        record(2, order(CODE_B)),
        record(3, product),
        record(4, order('0'.repeat(8) + '-0000-4000-8000-000000000000')),
      ],
    });
    expect(answer).toEqual({ batchItemFailures: [{ itemIdentifier: '1002' }] });
    expect(written).toEqual([CODE_A]);
    expect(calls).toBe(2);
  });

  it('refuses an order item whose key and checkout code disagree (reported, never written under either)', async () => {
    vi.spyOn(logger, 'error').mockImplementation(() => undefined);
    const store = recorder();
    const answer = await journalOrders(store)({
      Records: [record(1, { ...order(CODE_A), checkoutCode: CODE_B })],
    });
    expect(answer).toEqual({ batchItemFailures: [{ itemIdentifier: '1001' }] });
    expect(store.written).toEqual([]);
  });
});
