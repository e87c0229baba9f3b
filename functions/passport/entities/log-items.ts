import { randomUUID } from 'node:crypto';
import { tableName } from '#platform/aws-clients.ts';
import type { EntityFileDoc } from '#platform/table-doc.ts';
import type { EntryKind } from '#shared/passport/log-entry.ts';
import type { TransactItem } from '#table/transactions.ts';

/**
 * The public log's table items (docs/passport.md, How the shop keeps it): the pending queue,
 * the head, the sequenced entries (whole log, and under their piece) and the checkpoints.
 */
export const LOG_PK = 'PASSPORTLOG';
export const PENDING_PK = 'PASSPORTLOG#PENDING';
export const ENTRY_PREFIX = 'ENTRY#';
export const CHECKPOINT_PREFIX = 'CHECKPOINT#';

/** Sequence numbers and sizes as 12 digits, so the sort keys sort as the numbers do. */
export const twelveDigits = (n: number) => String(n).padStart(12, '0');

/** A pending entry, queued by its time (a uuid keeps two at the same time apart). */
export const pendingKey = (time: string, id: string) => ({ pk: PENDING_PK, sk: `${time}#${id}` });
export const headKey = { pk: LOG_PK, sk: '#HEAD' } as const;
export const logEntryKey = (seq: number) => ({ pk: LOG_PK, sk: `${ENTRY_PREFIX}${twelveDigits(seq)}` });
export const piecePk = (pid: string) => `PASSPORT#${pid}`;
export const pieceEntryKey = (pid: string, seq: number) => ({
  pk: piecePk(pid),
  sk: `${ENTRY_PREFIX}${twelveDigits(seq)}`,
});
export const checkpointKey = (size: number) => ({
  pk: LOG_PK,
  sk: `${CHECKPOINT_PREFIX}${twelveDigits(size)}`,
});

/** A release draw's list (docs/draw.md): numbered in the log, under no piece, found by its draw. */
export const listEntryKey = (drawId: string) => ({ pk: `${LOG_PK}#LIST`, sk: drawId });

/** What a change of ownership (or an issue) records, before the sequencer numbers it. */
export interface PendingEntry {
  kind: EntryKind;
  piece: string;
  /** The owner commitment (hex), or null (an issue before any sale). */
  owner: string | null;
  /** The certificate's digest: issue entries only. */
  cert?: string;
  /** A release draw's id and its result's hash: draw entries only. */
  draw?: string;
  result?: string;
  /** ISO time of the change. */
  time: string;
}

/** A release draw's list, before the sequencer numbers it (a list entry). */
export interface PendingList {
  kind: 'list';
  draw: string;
  /** Hex SHA-256 of the draw's entries.txt. */
  list: string;
  time: string;
}

export type PendingItem = (PendingEntry | PendingList) & {
  pk: typeof PENDING_PK;
  sk: string;
};

const pendingItem = (Item: Record<string, unknown>): TransactItem => ({
  Put: {
    TableName: tableName(),
    Item: { ...pendingKey(String(Item.time), randomUUID()), ...Item },
    ConditionExpression: 'attribute_not_exists(pk)',
  },
});

/** A draw's list entry as a transaction item, in the transaction that fixes the list. */
export function pendingListItem({ draw, list, time }: Omit<PendingList, 'kind'>): TransactItem {
  return pendingItem({ kind: 'list', draw, list, time });
}

/**
 * The pending entry as a transaction item, to write in the same transaction as the change it
 * records: both exist or neither. The sequencer takes it from the queue (jobs/sequence-log.ts).
 */
export function pendingEntryItem(entry: PendingEntry): TransactItem {
  const { kind, piece, owner, cert, draw, result, time } = entry;
  return pendingItem({
    kind,
    piece,
    owner,
    ...(kind === 'issue' && cert ? { cert } : {}),
    ...(kind === 'draw' && draw && result ? { draw, result } : {}),
    time,
  });
}

/** The log's size and root (base64); an empty log has no head item. */
export interface LogHead {
  size: number;
  root: string;
}

/** Its table items, for docs/reference/data-model-keys.md (`npm run docs`; functions/platform/table-doc.ts). */
export const tableDoc: EntityFileDoc = {
  items: [
    {
      entity: 'Passport log entry, pending (written in the transaction of its change)',
      pk: '`PASSPORTLOG#PENDING`',
      sk: '`<time>#<uuid>`',
      fileNote: '(its keys and the pending entry)',
      keys: () => pendingKey('<time>', '<uuid>'),
    },
    {
      entity: 'Passport log head (`size`, `root`)',
      pk: '`PASSPORTLOG`',
      sk: '`#HEAD`',
      keys: () => headKey,
    },
  ],
};
