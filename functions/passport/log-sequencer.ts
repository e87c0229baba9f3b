import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from '#platform/aws-clients.ts';
import { logger } from '#platform/logger.ts';
import { mediaBucket, s3 } from '#platform/media-clients.ts';
import { toBase64, toHex, utf8 } from '#shared/passport/bytes.ts';
import { parseCheckpoint } from '#shared/passport/checkpoint.ts';
import { entryText, listEntryText, mapEntryText } from '#shared/passport/log.ts';
import { type PrevLink, parseMapEntry } from '#shared/passport/log-entry.ts';
import { type Hash, leafHash, rootOf } from '#shared/passport/merkle.ts';
import { latestEntries, mapTree, recordEntry } from '#shared/passport/piece-map.ts';
import { consistentGet } from '#table/query.ts';
import { isConditionFailed, type TransactItem, transact } from '#table/transactions.ts';
import { cosignCheckpoint, fullyCosigned } from './cosign-checkpoint.ts';
import {
  checkpointKey,
  headKey,
  type LogHead,
  listEntryKey,
  logEntryKey,
  PENDING_PK,
  type PendingEntry,
  type PendingItem,
  pieceEntryKey,
} from './entities/log-items.ts';
import {
  allEntryTexts,
  checkpointSizes,
  latestCheckpoint,
  oldestPending,
  readHead,
} from './entities/log-reads.ts';
import { changedLogFiles } from './rules/log-files.ts';
import { signCheckpointNote } from './sign-checkpoint.ts';

/**
 * The log's sequencer (docs/passport.md, How the shop keeps it), Trillian's way: pending entries
 * get the next sequence numbers in one transaction conditional on the head, then the tiles, the
 * signed checkpoint. Every step is idempotent: a run killed anywhere leaves the old head (the
 * pending entries stay) or the new one (the next run writes the tiles and signs).
 *
 * The root and the tiles are computed from every entry's leaf hash, read from the table on each
 * round: at a shop's scale (a few entries a piece, a few thousand pieces) that is a few hundred
 * kilobytes; a log of millions would keep the tiles' hashes instead.
 */

/**
 * Pending entries sequenced per round: each takes three transaction items (the entry, its copy
 * under the piece, the queue item's delete), the round's map entry one and the head one, within
 * DynamoDB's 100.
 */
export const ENTRIES_PER_ROUND = 32;
/** Rounds lost to another sequencer before this run gives up (the next run takes over). */
const MAX_CONFLICTS = 20;
/** Public prefix of the log's files in the media bucket (CloudFront serves /passport/*). */
export const LOG_PREFIX = 'passport/log/';

const leavesOf = async (texts: readonly string[]): Promise<Hash[]> =>
  Promise.all(texts.map((text) => leafHash(utf8(text))));

/**
 * One round: the oldest pending entries appended, or nothing. 'conflict' when the head moved
 * meanwhile. A log whose last entry is not a map entry (one made before map entries) gets one.
 */
async function sequenceRound(): Promise<'appended' | 'empty' | 'conflict'> {
  const [head, pending] = await Promise.all([readHead(), oldestPending(ENTRIES_PER_ROUND)]);
  if (pending.length === 0 && (head.size === 0 || (await endsWithMap(head)))) return 'empty';
  return appendRound(head, pending);
}

async function endsWithMap(head: LogHead): Promise<boolean> {
  const last = await consistentGet<{ text: string }>(logEntryKey(head.size - 1));
  return last !== undefined && parseMapEntry(last.text) !== undefined;
}

/**
 * Appends these pending entries after the head as read: refused ('conflict') when another
 * sequencer moved the head or took one of them meanwhile, and then nothing is written.
 */
export async function appendRound(head: LogHead, pending: PendingItem[]): Promise<'appended' | 'conflict'> {
  const texts = (await allEntryTexts()).slice(0, head.size);
  if (texts.length !== head.size)
    throw new Error(`the log holds ${texts.length} entries, its head ${head.size}`);
  // Each entry names its piece's previous one (docs/passport.md, Completeness): the latest
  // entries of the log as read, then of this round's own.
  const latest = await latestEntries(texts);
  const added: { item: PendingItem; seq: number; text: string }[] = [];
  for (const [i, item] of pending.entries()) {
    const seq = head.size + i;
    if (item.kind === 'list') {
      // A draw's list: in the log, in no piece's history and not in the map.
      added.push({
        item,
        seq,
        text: listEntryText({ seq, time: item.time, draw: item.draw, list: item.list }),
      });
      continue;
    }
    const text = textOf(item, seq, latest.get(item.piece) ?? null);
    await recordEntry(latest, text, seq);
    added.push({ item, seq, text });
  }
  const map = await mapEntryOf(latest, head.size + added.length);
  const all = [...texts, ...added.map((a) => a.text), map];
  const root = await rootOf(await leavesOf(all));
  const next: LogHead = { size: all.length, root: toBase64(root) };
  try {
    await transact([
      ...added.flatMap(({ item, seq, text }) => appendItems(item, seq, text)),
      mapItem(head.size + added.length, map),
      moveHead(head, next),
    ]);
    logger.info('passport log appended', { from: head.size, size: next.size });
    return 'appended';
  } catch (error) {
    // Another sequencer moved the head or took these entries: start over from what it wrote.
    if (error instanceof TransactionCanceledException) return 'conflict';
    throw error;
  }
}

/** The round's last entry: the map of every piece's latest entry among the entries before it. */
async function mapEntryOf(latest: ReadonlyMap<string, PrevLink>, seq: number): Promise<string> {
  const tree = await mapTree(latest);
  return mapEntryText({
    seq,
    time: new Date().toISOString(),
    pieces: tree.leaves.length,
    root: toHex(tree.root),
  });
}

/** The round's map entry's item (it has no copy: it is no piece's). `table`: the shop's unless given (a restore's). */
export const mapItem = (seq: number, text: string, table = tableName()): TransactItem => ({
  Put: {
    TableName: table,
    Item: { ...logEntryKey(seq), seq, text },
    ConditionExpression: 'attribute_not_exists(pk)',
  },
});

function textOf(item: PendingEntry, seq: number, prev: PrevLink | null): string {
  const { time, kind, piece, owner, cert, draw, result } = item;
  return entryText({
    seq,
    time,
    kind,
    piece,
    owner,
    prev,
    ...(kind === 'issue' && cert ? { cert } : {}),
    ...(kind === 'draw' && draw && result ? { draw, result } : {}),
  });
}

/** What an entry's items say of it: a draw's list (under its draw) or a piece's entry (under its piece). */
export type SequencedOf =
  | { kind: 'list'; draw: string }
  | { kind: Exclude<PendingItem['kind'], 'list'>; piece: string };

/**
 * A sequenced entry's two items: the entry in the log and its copy under its piece (or a draw's
 * list under its draw), each put only where none is. `table`: the shop's unless given.
 */
export function entryItems(
  item: SequencedOf,
  seq: number,
  text: string,
  table = tableName(),
): TransactItem[] {
  return [
    {
      Put: {
        TableName: table,
        Item: { ...logEntryKey(seq), seq, ...(item.kind === 'list' ? {} : { piece: item.piece }), text },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    {
      Put: {
        TableName: table,
        // The entry again under its piece, or a draw's list under its draw.
        Item: {
          ...(item.kind === 'list' ? listEntryKey(item.draw) : pieceEntryKey(item.piece, seq)),
          seq,
          text,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
  ];
}

/** A pending entry's items once sequenced, and its queue item's delete. */
function appendItems(item: PendingItem, seq: number, text: string): TransactItem[] {
  return [
    ...entryItems(item, seq, text),
    {
      Delete: {
        TableName: tableName(),
        Key: { pk: PENDING_PK, sk: item.sk },
        ConditionExpression: 'attribute_exists(pk)',
      },
    },
  ];
}

/** The head moved from `head` to `next`, only if it is still `head`. `table`: the shop's unless given. */
export const moveHead = (head: LogHead, next: LogHead, table = tableName()): TransactItem => ({
  Update: {
    TableName: table,
    Key: headKey,
    UpdateExpression: 'SET #size = :next, #root = :root',
    ConditionExpression: head.size === 0 ? 'attribute_not_exists(pk)' : '#size = :size',
    ExpressionAttributeNames: { '#size': 'size', '#root': 'root' },
    ExpressionAttributeValues: {
      ':next': next.size,
      ':root': next.root,
      ...(head.size === 0 ? {} : { ':size': head.size }),
    },
  },
});

/** Sequences every pending entry, ENTRIES_PER_ROUND at a time. */
export async function sequencePending(): Promise<number> {
  let rounds = 0;
  for (let conflicts = 0; conflicts < MAX_CONFLICTS; ) {
    const outcome = await sequenceRound();
    if (outcome === 'empty') return rounds;
    if (outcome === 'conflict') conflicts++;
    else rounds++;
  }
  logger.warn('passport log: another sequencer kept winning; the next run goes on');
  return rounds;
}

async function putPublic(key: string, body: Uint8Array | string, type: string, cache: string): Promise<void> {
  await s3().send(
    new PutObjectCommand({
      Bucket: mediaBucket(),
      Key: key,
      Body: body,
      ContentType: type,
      CacheControl: cache,
    }),
  );
}

const CHECKPOINT_CACHE = 'public, max-age=60';
const TILE_CACHE = { full: 'public, max-age=31536000, immutable', partial: 'public, max-age=60' };

/**
 * Publishes the head: the tiles and entry bundles written since the last checkpoint, then the
 * signed checkpoint of the head (the signer reads the head itself), `checkpoint` last, then its
 * table item (which says the files of that size are all written). With nothing new it writes
 * the newest checkpoint again, which heals a run that died between its item and the file.
 */
export async function publishHead(): Promise<{ size: number; signed: boolean }> {
  const [head, published] = await Promise.all([readHead(), latestCheckpoint()]);
  if (head.size === 0) return { size: 0, signed: false };
  if (published && published.size >= head.size) {
    const text = await witnessAgain(published);
    await putPublic(`${LOG_PREFIX}checkpoint`, text, 'text/plain; charset=utf-8', CHECKPOINT_CACHE);
    return { size: published.size, signed: false };
  }
  const texts = (await allEntryTexts()).slice(0, head.size);
  const entries = texts.map(utf8);
  const leaves = await Promise.all(entries.map(leafHash));
  if (toBase64(await rootOf(leaves)) !== head.root)
    throw new Error('the log entries do not make the head root');
  for (const file of await changedLogFiles(leaves, entries, published?.size ?? 0)) {
    await putPublic(
      `${LOG_PREFIX}${file.path}`,
      file.bytes,
      'application/octet-stream',
      file.full ? TILE_CACHE.full : TILE_CACHE.partial,
    );
  }
  let note: string;
  try {
    note = await signCheckpointNote(head);
  } catch (error) {
    // Another run moved the head meanwhile: the signer signs only the head's own checkpoint, and
    // that run publishes it.
    const now = await readHead();
    if (now.size > head.size) return { size: now.size, signed: false };
    throw error;
  }
  // The witnesses' cosignatures, before it is published (docs/passport.md, Witnesses).
  note = await cosignCheckpoint(note, leaves);
  await putPublic(`${LOG_PREFIX}checkpoint`, note, 'text/plain; charset=utf-8', CHECKPOINT_CACHE);
  try {
    await ddb().send(new PutCommand(checkpointItem(head, note).Put));
  } catch (error) {
    // Another run signed this size first: its note stands as well as this one.
    if (!isConditionFailed(error)) throw error;
  }
  // Every checkpoint stays published, with their list, for the export (docs/passport.md).
  // Immutable once every witness cosigned it; until then the next runs add cosignatures.
  await putPublic(
    `${LOG_PREFIX}checkpoints/${head.size}`,
    note,
    'text/plain; charset=utf-8',
    (await fullyCosigned(note)) ? TILE_CACHE.full : CHECKPOINT_CACHE,
  );
  const sizes = await checkpointSizes();
  await putPublic(
    `${LOG_PREFIX}checkpoints.txt`,
    sizes.map((size) => `${size}\n`).join(''),
    'text/plain; charset=utf-8',
    CHECKPOINT_CACHE,
  );
  return { size: head.size, signed: true };
}

/** A signed checkpoint's table item (it says the files of that size are all written), put only where none is. */
export const checkpointItem = (head: LogHead, note: string, table = tableName()) =>
  ({
    Put: {
      TableName: table,
      Item: { ...checkpointKey(head.size), size: head.size, root: head.root, text: note },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  }) satisfies TransactItem;

/**
 * The log in the table behind the checkpoint the world has seen: the table was restored from a
 * backup older than the last publication (issue 49, docs/restore.md). Appending now would give
 * published positions other entries, a fork the witnesses refuse and verifiers catch; so nothing
 * is appended until the log is brought up to its checkpoint from the published tiles
 * (restore-log.ts). The run fails, and its error alarms.
 */
async function refuseBehindPublished(): Promise<void> {
  const [head, published] = await Promise.all([readHead(), publishedSize()]);
  if (published > head.size)
    throw new Error(
      `the passport log in the table holds ${head.size} entries, its published checkpoint ${published}: the table was restored from an older backup; bring the log up to its checkpoint (restore-passport-log, docs/restore.md) before anything is appended`,
    );
}

/** The size of the published checkpoint (`checkpoint` under LOG_PREFIX); 0 before the first. */
async function publishedSize(): Promise<number> {
  try {
    const object = await s3().send(
      new GetObjectCommand({ Bucket: mediaBucket(), Key: `${LOG_PREFIX}checkpoint` }),
    );
    const checkpoint = parseCheckpoint((await object.Body?.transformToString()) ?? '');
    if (!checkpoint) throw new Error(`${LOG_PREFIX}checkpoint is not a checkpoint note`);
    return checkpoint.size;
  } catch (error) {
    if ((error as { name?: string }).name === 'NoSuchKey') return 0;
    throw error;
  }
}

/**
 * The latest checkpoint submitted again to the witnesses that have not cosigned it (one was down,
 * or refused): with their cosignatures, its table item and its `checkpoints/<size>` file are
 * rewritten, so a checkpoint published with fewer cosignatures becomes witnessed. Answers its text.
 */
async function witnessAgain(published: { size: number; text: string }): Promise<string> {
  if (await fullyCosigned(published.text)) return published.text;
  const leaves = await leavesOf((await allEntryTexts()).slice(0, published.size));
  const text = await cosignCheckpoint(published.text, leaves);
  if (text === published.text) return text;
  try {
    await ddb().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: checkpointKey(published.size),
        UpdateExpression: 'SET #text = :text',
        ConditionExpression: '#text = :old',
        ExpressionAttributeNames: { '#text': 'text' },
        ExpressionAttributeValues: { ':text': text, ':old': published.text },
      }),
    );
  } catch (error) {
    // Another run added cosignatures meanwhile: its text stands, and the next run adds the rest.
    if (isConditionFailed(error)) return published.text;
    throw error;
  }
  await putPublic(
    `${LOG_PREFIX}checkpoints/${published.size}`,
    text,
    'text/plain; charset=utf-8',
    CHECKPOINT_CACHE,
  );
  logger.info('passport log checkpoint witnessed again', { size: published.size });
  return text;
}

/** The job's run: sequence what is pending, then publish the head. */
export async function runSequencer(): Promise<{ rounds: number; size: number; signed: boolean }> {
  await refuseBehindPublished();
  const rounds = await sequencePending();
  return { rounds, ...(await publishHead()) };
}
