import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from '#platform/aws-clients.ts';
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
  const items = await queryAll<{ sk: string; text: string }>({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :entry)',
    ExpressionAttributeValues: { ':pk': LOG_PK, ':entry': ENTRY_PREFIX },
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
