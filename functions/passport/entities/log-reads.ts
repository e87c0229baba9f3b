import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from '#platform/aws-clients.ts';
import type { EntityFileDoc } from '#platform/table-doc.ts';
import { consistentGet, queryAll } from '#table/query.ts';
import {
  CHECKPOINT_PREFIX,
  ENTRY_PREFIX,
  headKey,
  LOG_PK,
  type LogHead,
  PENDING_PK,
  type PendingItem,
  piecePk,
  twelveDigits,
} from './log-items.ts';

/** The log's head (size and root), read consistently; size 0 when nothing was ever sequenced. */
export async function readHead(): Promise<LogHead> {
  const head = await consistentGet<LogHead>(headKey);
  return head ? { size: head.size, root: head.root } : { size: 0, root: '' };
}

/** The oldest pending entries, at most `limit`. */
export async function oldestPending(limit: number): Promise<PendingItem[]> {
  const page = await ddb().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': PENDING_PK },
      ConsistentRead: true,
      Limit: limit,
    }),
  );
  return (page.Items ?? []) as PendingItem[];
}

/** Every sequenced entry's text, in order (`seq` is the index). */
export async function allEntryTexts(): Promise<string[]> {
  return entryTextsFrom(0);
}

/** The sequenced entries' texts from `seq` on, in order. */
export async function entryTextsFrom(seq: number): Promise<string[]> {
  const items = await queryAll<{ sk: string; text: string }>({
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :first AND :last',
    ExpressionAttributeValues: {
      ':pk': LOG_PK,
      ':first': `${ENTRY_PREFIX}${twelveDigits(seq)}`,
      ':last': `${ENTRY_PREFIX}${'9'.repeat(12)}`,
    },
    ConsistentRead: true,
  });
  return items.map((item) => item.text);
}

/** A piece's sequenced entries, oldest first: their `seq` and text. */
export async function pieceEntries(pid: string): Promise<{ seq: number; text: string }[]> {
  const items = await queryAll<{ sk: string; text: string }>({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :entry)',
    ExpressionAttributeValues: { ':pk': piecePk(pid), ':entry': ENTRY_PREFIX },
  });
  return items.map((item) => ({ seq: Number(item.sk.slice(ENTRY_PREFIX.length)), text: item.text }));
}

/** A page of entries, newest first: `limit` of them below `before` (a seq), the whole log's or a piece's. */
export async function entriesPage(input: {
  limit: number;
  before?: number;
  piece?: string;
}): Promise<{ seq: number; text: string }[]> {
  const pk = input.piece === undefined ? LOG_PK : piecePk(input.piece);
  const page = await ddb().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :first AND :last',
      ExpressionAttributeValues: {
        ':pk': pk,
        ':first': `${ENTRY_PREFIX}${twelveDigits(0)}`,
        ':last': `${ENTRY_PREFIX}${twelveDigits(Math.max(0, (input.before ?? 10 ** 12) - 1))}`,
      },
      ScanIndexForward: false,
      Limit: input.limit,
    }),
  );
  const items = (page.Items ?? []) as { sk: string; text: string }[];
  // A `before` of 0 asks for nothing (the range above would still hold entry 0).
  return input.before === 0
    ? []
    : items.map((item) => ({ seq: Number(item.sk.slice(ENTRY_PREFIX.length)), text: item.text }));
}

/** How many entries wait for the sequencer. */
export async function pendingCount(): Promise<number> {
  const page = await ddb().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': PENDING_PK },
      Select: 'COUNT',
    }),
  );
  return page.Count ?? 0;
}

export interface StoredCheckpoint {
  size: number;
  text: string;
}

/** The newest signed checkpoint, or undefined before the first. */
export async function latestCheckpoint(): Promise<StoredCheckpoint | undefined> {
  const page = await ddb().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :checkpoint)',
      ExpressionAttributeValues: { ':pk': LOG_PK, ':checkpoint': CHECKPOINT_PREFIX },
      ScanIndexForward: false,
      ConsistentRead: true,
      Limit: 1,
    }),
  );
  const item = page.Items?.[0] as { size: number; text: string } | undefined;
  return item && { size: item.size, text: item.text };
}

/** The sizes of every signed checkpoint, smallest first (the export's list). */
export async function checkpointSizes(): Promise<number[]> {
  const items = await queryAll<{ size: number }>({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :checkpoint)',
    ExpressionAttributeValues: { ':pk': LOG_PK, ':checkpoint': CHECKPOINT_PREFIX },
    ProjectionExpression: '#size',
    ExpressionAttributeNames: { '#size': 'size' },
  });
  return items.map((item) => item.size);
}

export interface StoredCertificate {
  jws: string;
  code: string;
}

/** The piece's newest certificate and code (`PASSPORT#<pid> / CERT#<issuedAt>`), if one was issued. */
export async function newestCertificate(pid: string): Promise<StoredCertificate | undefined> {
  const page = await ddb().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :cert)',
      ExpressionAttributeValues: { ':pk': piecePk(pid), ':cert': 'CERT#' },
      ProjectionExpression: 'jws, code',
      ScanIndexForward: false,
      Limit: 1,
    }),
  );
  const item = page.Items?.[0] as StoredCertificate | undefined;
  return item && { jws: item.jws, code: item.code };
}

/** The signed checkpoints larger than `size`, smallest first, at most `limit`. */
export async function checkpointsAfter(size: number, limit: number): Promise<StoredCheckpoint[]> {
  const page = await ddb().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :first AND :last',
      ExpressionAttributeValues: {
        ':pk': LOG_PK,
        ':first': `${CHECKPOINT_PREFIX}${twelveDigits(size + 1)}`,
        ':last': `${CHECKPOINT_PREFIX}${'9'.repeat(12)}`,
      },
      ConsistentRead: true,
      Limit: limit,
    }),
  );
  return ((page.Items ?? []) as { size: number; text: string }[]).map(({ size, text }) => ({ size, text }));
}

/** Its table items, for docs/reference/data-model-keys.md (`npm run docs`; functions/platform/table-doc.ts). */
export const tableDoc: EntityFileDoc = {
  adds: {
    to: 'Passport log entry, pending (written in the transaction of its change)',
    what: "the log's reads",
  },
};
