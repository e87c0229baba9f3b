import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { logger, safeError } from '#platform/logger.ts';
import { journalEntry, writeJournaledOrder } from '../adapters/order-journal.ts';

/**
 * The order journal's writer (issue 49): the table's stream → each order item's new image, in
 * the journal bucket at `orders/<checkoutCode>.json` (adapters/order-journal.ts). A table
 * restored from a backup lacks the orders made after the backup; their money is at the provider
 * and their form (contact, billing, piece, prices, tax, hold) is here, so the restore's
 * reconciliation (jobs/recover-payments.ts) can make them again.
 *
 * In AWS the event source mapping hands it only order items (a filter on the keys: pk
 * `ORDER#…`, sk `#ORDER`, infra/constructs/order-journal.ts); the local stream stand-in hands it
 * every change, so it looks at the keys too. An order's removal is not journaled (an order is
 * never deleted but as a tombstone, an update): the journal keeps its last form. The bucket is
 * versioned: every form an order had is kept a while (its noncurrent versions).
 *
 * Partial failures are reported (ReportBatchItemFailures): the checkpoint stops at the first
 * record not written, and the stream delivers again from there. Of an order changed several times
 * in one batch only the last image is written (the earlier ones are superseded by it).
 */

/** The order item of a stream record: its checkout code and new image, or undefined (another item, a removal). */
export function journaledImage(record: DynamoDBRecord): Record<string, unknown> | undefined {
  const data = record.dynamodb;
  const pk = data?.Keys?.pk?.S;
  if (!pk?.startsWith('ORDER#') || data?.Keys?.sk?.S !== '#ORDER' || !data.NewImage) return undefined;
  const image = unmarshall(data.NewImage as Record<string, AttributeValue>);
  const checkoutCode = pk.slice('ORDER#'.length);
  if (image.checkoutCode !== checkoutCode)
    throw new Error(`the order item ${pk} names another checkout code`);
  return journalEntry(image);
}

/** Which item a record is of: its keys. */
const itemOf = (record: DynamoDBRecord) =>
  JSON.stringify([record.dynamodb?.Keys?.pk?.S, record.dynamodb?.Keys?.sk?.S]);

export interface JournalDeps {
  write(entry: Record<string, unknown>): Promise<void>;
}

export function journalOrders(deps: JournalDeps = { write: writeJournaledOrder }) {
  return async (event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> => {
    const records = event.Records ?? [];
    // The last image of each item in the batch: the earlier ones are superseded by it (a
    // removal supersedes nothing: the journal keeps the last form).
    const last = new Map<string, number>();
    records.forEach((record, i) => {
      if (record.dynamodb?.NewImage) last.set(itemOf(record), i);
    });
    for (const [i, record] of records.entries()) {
      const pk = record.dynamodb?.Keys?.pk?.S;
      if (record.dynamodb?.NewImage && last.get(itemOf(record)) !== i) continue;
      try {
        const entry = journaledImage(record);
        if (entry) await deps.write(entry);
      } catch (error) {
        const sequence = record.dynamodb?.SequenceNumber;
        logger.error('an order could not be journaled', { pk, sequence, error: safeError(error) });
        // Without its sequence the whole batch is delivered again.
        if (!sequence) throw error;
        // From here on the batch is delivered again (the records before are done).
        return { batchItemFailures: [{ itemIdentifier: sequence }] };
      }
    }
    return { batchItemFailures: [] };
  };
}

export const handler = journalOrders();
