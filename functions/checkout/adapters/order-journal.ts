import { GetObjectCommand, NoSuchKey, PutObjectCommand } from '@aws-sdk/client-s3';
import { s3 } from '#platform/media-clients.ts';
import type { OrderEntity } from '../entities/order.ts';

/**
 * The order journal (issue 49): every order's latest form, outside the table, in a versioned
 * bucket of its own (JOURNAL_BUCKET), one object per order at `orders/<checkoutCode>.json`. The
 * table's stream writes it (jobs/journal-orders.ts); the restore's reconciliation reads it to
 * remake an order a restored table lacks while its money is at the provider
 * (jobs/recover-payments.ts). Only what the order item holds, its keys left out.
 */

/** Where the journal's objects live: the only prefix its writer may put. */
export const JOURNAL_PREFIX = 'orders/';

/** A checkout code as checkout makes them (rules/new-order.ts: a UUID's shape), nothing else. */
const CHECKOUT_CODE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function isCheckoutCode(value: string): boolean {
  return CHECKOUT_CODE.test(value);
}

/** An order's object; a text that is not a checkout code names none. */
export function journalKey(checkoutCode: string): string {
  if (!isCheckoutCode(checkoutCode)) throw new Error(`not a checkout code: ${JSON.stringify(checkoutCode)}`);
  return `${JOURNAL_PREFIX}${checkoutCode}.json`;
}

export function journalBucket(): string {
  const name = process.env.JOURNAL_BUCKET;
  if (!name) throw new Error('JOURNAL_BUCKET is not set');
  return name;
}

/** The table's keys of an item: never journaled (the order's own keys are remade from it). */
const KEY_ATTRIBUTES = ['pk', 'sk', 'gsi1pk', 'gsi1sk', 'gsi2pk', 'gsi2sk'] as const;

/** An order item as the journal keeps it: its attributes, without the table's keys. */
export function journalEntry(item: Record<string, unknown>): Record<string, unknown> {
  const entry = { ...item };
  for (const key of KEY_ATTRIBUTES) delete entry[key];
  return entry;
}

export async function writeJournaledOrder(entry: Record<string, unknown>): Promise<void> {
  await s3().send(
    new PutObjectCommand({
      Bucket: journalBucket(),
      Key: journalKey(String(entry.checkoutCode)),
      Body: JSON.stringify(entry),
      ContentType: 'application/json; charset=utf-8',
    }),
  );
}

/** The order as it was last journaled; undefined when the journal never had it (or not a code). */
export async function readJournaledOrder(checkoutCode: string): Promise<OrderEntity | undefined> {
  if (!isCheckoutCode(checkoutCode)) return undefined;
  let text: string | undefined;
  try {
    const answer = await s3().send(
      new GetObjectCommand({ Bucket: journalBucket(), Key: journalKey(checkoutCode) }),
    );
    text = await answer.Body?.transformToString('utf-8');
  } catch (error) {
    if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') return undefined;
    throw error;
  }
  if (!text) return undefined;
  const order = JSON.parse(text) as OrderEntity;
  if (order.kind !== 'order' || order.checkoutCode !== checkoutCode)
    throw new Error(`the journal's object of ${checkoutCode} is not that order`);
  return order;
}
