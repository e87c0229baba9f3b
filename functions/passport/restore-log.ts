import { GetObjectCommand } from '@aws-sdk/client-s3';
import { GetCommand, PutCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from '#platform/aws-clients.ts';
import { logger } from '#platform/logger.ts';
import { mediaBucket, s3 } from '#platform/media-clients.ts';
import { toBase64, utf8 } from '#shared/passport/bytes.ts';
import { parseCheckpoint, verifyCheckpoint } from '#shared/passport/checkpoint.ts';
import type { KeySet } from '#shared/passport/keys.ts';
import { parseEntry, parseListEntry, parseMapEntry } from '#shared/passport/log-entry.ts';
import { leafHash, rootOf } from '#shared/passport/merkle.ts';
import { entriesPath, parseEntryBundle, TILE_WIDTH } from '#shared/passport/tiles.ts';
import { isConditionFailed, MAX_TRANSACTION, type TransactItem } from '#table/transactions.ts';
import {
  ENTRY_PREFIX,
  headKey,
  LOG_PK,
  type LogHead,
  PENDING_PK,
  type PendingItem,
} from './entities/log-items.ts';
import { keySet } from './key-set.ts';
import { checkpointItem, entryItems, LOG_PREFIX, mapItem, moveHead } from './log-sequencer.ts';

/**
 * The passport log brought up to its published checkpoint after the table was restored (issue 49).
 *
 * A restore from a backup taken at T gives back the log as it was at T: N entries. The sequencer
 * may have published a checkpoint of M > N entries after T, which the world (the witnesses,
 * verifiers that kept it) has seen; a log that went on from N would fork it, and the witnesses
 * would refuse to cosign. The published entry bundles (`passport/log/tile/entries/…`) hold every
 * entry the checkpoint commits to, so the log is made again from them:
 *
 * 1. the published checkpoint (`passport/log/checkpoint`, size M) and the table's head (N): with
 *    M ≤ N nothing is to be done;
 * 2. the checkpoint MUST verify with the shop's key set (signed by its log key; a cosignature that
 *    does not verify refuses it too); the entry bundles of [0, M): the table's N entries MUST be their first N, byte for byte
 *    (else the restored log is another history: refused, a person must look), and the M leaves
 *    MUST make the checkpoint's root (else refused); each published entry past N MUST be an entry
 *    with its own `seq`;
 * 3. each entry N…M-1 written as the sequencer writes it (log-sequencer.ts entryItems, mapItem),
 *    then the pending entries the published tail already holds removed (same kind, piece, time,
 *    owner; a list's draw, list and time): they were pending at the backup and were sequenced
 *    after it, and sequencing them again would log them twice; then the head {M, root} (only if it
 *    is still N) and the checkpoint's table item, the published note, in one transaction (the
 *    table items of the checkpoints published between N and M written before it).
 *
 * Every write is idempotent: a run stopped anywhere is run again (entries already written past the
 * head are kept when they are the published ones; the head moves last). While entries stand past
 * the head the sequencer cannot append (its puts are conditional on the entry being absent), so
 * the log is never forked, only held until this run ends.
 *
 * Where it runs: locally `npm run job restore-passport-log` (infra/local/stack.ts LOCAL_JOBS; the
 * shop's own table and media bucket). In AWS it is a function invoked by hand, never scheduled
 * (infra/stack.ts PassportLogRestore; its name is the stack output PassportLogRestoreFunctionName):
 * the step "Bring the passport log up to its published checkpoint" of docs/restore.md, run once
 * by the operator with `aws lambda invoke` after the stack points at the restored table and
 * before the shop takes traffic, with the sequencer's schedule disabled (the PassportLog
 * ScheduledJob of infra/stack.ts: its EventBridge rule). Its environment is the shop's:
 * TABLE_NAME the restored table, MEDIA_BUCKET, SHOP_URL and PASSPORT_WITNESSES (the key set the
 * checkpoint is verified with); then the validation (backups/jobs/validate-restore.ts, check
 * passport-checkpoint-prefix) passes, and the sequencer is enabled again. A refusal
 * (LogRestoreRefused) writes nothing and says what differs: a person must look.
 *
 * The checkpoints published between N and M (`checkpoints.txt`, `checkpoints/<size>`) get their
 * table items back too (the export's list reads the table's), each checked against the entries.
 */

export interface LogRestore {
  /** The published checkpoint's size (0 when none is published). */
  published: number;
  /** The restored table's head before this run. */
  restoredHead: number;
  /** Entries written (M - N), 0 when the table was not behind. */
  restored: number;
  /** Pending entries removed because the published tail holds them. */
  pendingRemoved: number;
}

/** Why the log was not restored: the table and the published log disagree; a person must look. */
export class LogRestoreRefused extends Error {
  override name = 'LogRestoreRefused';
}

interface Where {
  /** The restored table (the shop's TABLE_NAME unless given). */
  table?: string;
  /** The bucket the log is published in (MEDIA_BUCKET unless given). */
  bucket?: string;
  /** The shop's key set the checkpoint must verify with (the table's keys, SHOP_URL, PASSPORT_WITNESSES unless given). */
  keys?: KeySet;
}

async function readObject(bucket: string, key: string): Promise<Uint8Array | undefined> {
  try {
    const object = await s3().send(new GetObjectCommand({ Bucket: bucket, Key: key }));
    return await object.Body?.transformToByteArray();
  } catch (error) {
    if ((error as { name?: string }).name === 'NoSuchKey') return undefined;
    throw error;
  }
}

/** Every item of a partition (consistent), or those whose sort key begins with `prefix`. */
async function partition<T>(table: string, pk: string, prefix?: string): Promise<T[]> {
  const items: T[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await ddb().send(
      new QueryCommand({
        TableName: table,
        KeyConditionExpression: prefix ? 'pk = :pk AND begins_with(sk, :prefix)' : 'pk = :pk',
        ExpressionAttributeValues: { ':pk': pk, ...(prefix ? { ':prefix': prefix } : {}) },
        ConsistentRead: true,
        ExclusiveStartKey,
      }),
    );
    items.push(...((page.Items ?? []) as T[]));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return items;
}

/** The published entries [0, size), from the entry bundles: full ones, then the partial one of `size`. */
async function publishedEntries(bucket: string, size: number): Promise<string[]> {
  const texts: string[] = [];
  const decoder = new TextDecoder('utf-8', { fatal: true });
  for (let index = 0; index * TILE_WIDTH < size; index++) {
    const width = Math.min(TILE_WIDTH, size - index * TILE_WIDTH);
    const key = `${LOG_PREFIX}${entriesPath(index, width)}`;
    const bytes = await readObject(bucket, key);
    if (!bytes)
      throw new LogRestoreRefused(`${key} is not published: the checkpoint's entries cannot be read`);
    const entries = parseEntryBundle(bytes);
    if (entries?.length !== width) throw new LogRestoreRefused(`${key} is not a bundle of ${width} entries`);
    texts.push(...entries.map((entry) => decoder.decode(entry)));
  }
  return texts;
}

/**
 * The checkpoints published with sizes between `from` and `to` (both excluded), as
 * `checkpoints.txt` lists them, each of the root of its first entries; refused when one is not.
 */
async function checkpointsBetween(
  bucket: string,
  from: number,
  to: number,
  leaves: readonly Uint8Array[],
): Promise<{ size: number; root: string; text: string }[]> {
  const list = await readObject(bucket, `${LOG_PREFIX}checkpoints.txt`);
  if (!list) return [];
  const sizes = new TextDecoder()
    .decode(list)
    .split('\n')
    .filter((line) => /^\d+$/.test(line))
    .map(Number)
    .filter((size) => size > from && size < to);
  const found: { size: number; root: string; text: string }[] = [];
  for (const size of sizes) {
    const bytes = await readObject(bucket, `${LOG_PREFIX}checkpoints/${size}`);
    if (!bytes) continue; // not published (the list is written after each file): nothing to restore
    const text = new TextDecoder().decode(bytes);
    const checkpoint = parseCheckpoint(text);
    const root = toBase64(await rootOf(leaves.slice(0, size)));
    if (checkpoint?.size !== size || toBase64(checkpoint.root) !== root)
      throw new LogRestoreRefused(
        `${LOG_PREFIX}checkpoints/${size} is not the checkpoint of the published entries' first ${size}`,
      );
    found.push({ size, root, text });
  }
  return found;
}

/** What the sequencer wrote an entry as, read from its text; undefined for no entry of that `seq`. */
function sequencedOf(text: string, seq: number) {
  const entry = parseEntry(text);
  if (entry) return entry.seq === seq ? { kind: 'piece' as const, entry } : undefined;
  const list = parseListEntry(text);
  if (list) return list.seq === seq ? { kind: 'list' as const, list } : undefined;
  const map = parseMapEntry(text);
  return map?.seq === seq ? { kind: 'map' as const } : undefined;
}

/** The pending item that a published entry was sequenced from: same kind, piece, time, owner (a list: draw, list, time). */
function samePending(pending: PendingItem, text: string): boolean {
  const entry = parseEntry(text);
  if (entry)
    return (
      pending.kind !== 'list' &&
      pending.kind === entry.kind &&
      pending.piece === entry.piece &&
      pending.time === entry.time &&
      (pending.owner ?? null) === entry.owner
    );
  const list = parseListEntry(text);
  return (
    list !== undefined &&
    pending.kind === 'list' &&
    pending.draw === list.draw &&
    pending.list === list.list &&
    pending.time === list.time
  );
}

async function writeAll(items: TransactItem[][]): Promise<void> {
  // Whole entries per transaction (an entry and its copy together), within DynamoDB's 100.
  let batch: TransactItem[] = [];
  const flush = async () => {
    if (batch.length > 0) await ddb().send(new TransactWriteCommand({ TransactItems: batch }));
    batch = [];
  };
  for (const group of items) {
    if (batch.length + group.length > MAX_TRANSACTION) await flush();
    batch.push(...group);
  }
  await flush();
}

/** Brings the restored table's log up to the published checkpoint (see above). */
export async function restoreLogFromPublished(where: Where = {}): Promise<LogRestore> {
  const table = where.table ?? tableName();
  const bucket = where.bucket ?? mediaBucket();
  const noteBytes = await readObject(bucket, `${LOG_PREFIX}checkpoint`);
  const note = noteBytes && new TextDecoder().decode(noteBytes);
  const checkpoint = note === undefined ? undefined : parseCheckpoint(note);
  if (note !== undefined && !checkpoint)
    throw new LogRestoreRefused(`${LOG_PREFIX}checkpoint is not a checkpoint note`);
  const headItem = (
    await ddb().send(new GetCommand({ TableName: table, Key: headKey, ConsistentRead: true }))
  ).Item as LogHead | undefined;
  const head: LogHead = headItem ? { size: headItem.size, root: headItem.root } : { size: 0, root: '' };
  const size = checkpoint?.size ?? 0;
  const answer = { published: size, restoredHead: head.size, restored: 0, pendingRemoved: 0 };
  if (!checkpoint || note === undefined || size <= head.size) {
    logger.info('passport log not behind its published checkpoint', answer);
    return answer;
  }

  const verified = await verifyCheckpoint(note, where.keys ?? (await keySet()));
  if (!verified.ok)
    throw new LogRestoreRefused(
      `the published checkpoint does not verify with the shop's keys: ${verified.reason}`,
    );

  const stored = (await partition<{ sk: string; text: string }>(table, LOG_PK, ENTRY_PREFIX)).map((item) => ({
    seq: Number(item.sk.slice(ENTRY_PREFIX.length)),
    text: item.text,
  }));
  const published = await publishedEntries(bucket, size);
  // The table's entries, the head's N and any a stopped run wrote past it, are the published ones.
  for (const { seq, text } of stored) {
    if (seq >= size) throw new LogRestoreRefused(`the table holds entry ${seq}, past the published ${size}`);
    if (published[seq] !== text)
      throw new LogRestoreRefused(
        `the table's entry ${seq} is not the published entry ${seq}: the restored log is another history`,
      );
  }
  const have = new Set(stored.map((entry) => entry.seq));
  for (let seq = 0; seq < head.size; seq++)
    if (!have.has(seq))
      throw new LogRestoreRefused(`the table's head says ${head.size} entries; entry ${seq} is missing`);
  const leaves = await Promise.all(published.map((text) => leafHash(utf8(text))));
  if (head.size > 0 && toBase64(await rootOf(leaves.slice(0, head.size))) !== head.root)
    throw new LogRestoreRefused(`the table's head root is not the root of its ${head.size} entries`);
  const root = toBase64(await rootOf(leaves));
  if (root !== toBase64(checkpoint.root))
    throw new LogRestoreRefused(
      `the published entries do not make the published checkpoint's root (${size})`,
    );

  const between = await checkpointsBetween(bucket, head.size, size, leaves);

  // The tail, as the sequencer wrote it.
  const tail: TransactItem[][] = [];
  for (let seq = head.size; seq < size; seq++) {
    const text = published[seq] as string;
    const what = sequencedOf(text, seq);
    if (!what) throw new LogRestoreRefused(`the published entry ${seq} is not a log entry of seq ${seq}`);
    if (have.has(seq)) continue; // written by a run that stopped
    tail.push(
      what.kind === 'map'
        ? [mapItem(seq, text, table)]
        : what.kind === 'list'
          ? entryItems({ kind: 'list', draw: what.list.draw }, seq, text, table)
          : entryItems({ kind: what.entry.kind, piece: what.entry.piece }, seq, text, table),
    );
  }
  await writeAll(tail);

  // Pending entries the tail holds, each entry matched once.
  const pending = await partition<PendingItem>(table, PENDING_PK);
  const unmatched = published.slice(head.size);
  const removed: TransactItem[][] = [];
  for (const item of pending) {
    const at = unmatched.findIndex((text) => text !== '' && samePending(item, text));
    if (at < 0) continue;
    unmatched[at] = '';
    removed.push([{ Delete: { TableName: table, Key: { pk: PENDING_PK, sk: item.sk } } }]);
  }
  await writeAll(removed);

  for (const { size: at, root: atRoot, text } of between) {
    try {
      await ddb().send(new PutCommand(checkpointItem({ size: at, root: atRoot }, text, table).Put));
    } catch (error) {
      if (!isConditionFailed(error)) throw error; // written by a run that stopped
    }
  }

  const next: LogHead = { size, root };
  await ddb().send(
    new TransactWriteCommand({
      TransactItems: [moveHead(head, next, table), checkpointItem(next, note, table)],
    }),
  );
  const done = { ...answer, restored: size - head.size, pendingRemoved: removed.length };
  logger.info('passport log restored from its published checkpoint', done);
  return done;
}

/** The function's entry (invoked by hand, no input): the run's account, or its refusal as the error. */
export const handler = (): Promise<LogRestore> => restoreLogFromPublished();
