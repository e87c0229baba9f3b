import { randomUUID } from 'node:crypto';
import { tableName } from '#platform/aws-clients.ts';
import type { LogEntry } from '#shared/passport/log-entry.ts';
import type { TransactItem } from '#table/transactions.ts';

/**
 * A log entry not yet sequenced (docs/passport.md, How the shop keeps it):
 * `PASSPORTLOG#PENDING / <time>#<uuid>`, written in the same transaction as what it records;
 * the sequencer gives it its `seq`.
 */
export type PendingEntry = Omit<LogEntry, 'seq'>;

export const PENDING_PK = 'PASSPORTLOG#PENDING';

export function pendingEntryItem(entry: PendingEntry): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: {
        pk: PENDING_PK,
        sk: `${entry.time}#${randomUUID()}`,
        kind: entry.kind,
        piece: entry.piece,
        owner: entry.owner,
        ...(entry.cert === undefined ? {} : { cert: entry.cert }),
        time: entry.time,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}
