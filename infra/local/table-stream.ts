import { randomUUID } from 'node:crypto';
import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  ExpiredIteratorException,
  GetRecordsCommand,
  type GetRecordsCommandOutput,
  GetShardIteratorCommand,
  type _Record as StreamRecord,
} from '@aws-sdk/client-dynamodb-streams';
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';

/**
 * The DynamoDB stream → Lambda event source mapping of AWS on the local stack (issue 47): reads
 * the table's stream from DynamoDB Local with the real Streams client (DescribeStream,
 * GetShardIterator, GetRecords) and invokes a function with the event AWS sends
 * (`{ Records: [{ eventID, eventName, eventSource: 'aws:dynamodb', eventSourceARN, dynamodb:
 * { Keys, NewImage, OldImage, SequenceNumber, … } }] }`), batched as a mapping batches: up to
 * `batchSize` records, and a batch waits at most `batchingWindowMs` after its first record for
 * more. One batch at a time, in stream order. The function's ReportBatchItemFailures answer is
 * honoured: the records from the reported one on are retried (up to `retryAttempts` times), then
 * handed to the on-failure list (the stand-in of the mapping's SQS destination), logged, and the
 * stream goes on.
 *
 * It starts at the stream's end (LATEST, as a mapping made with that starting position): what
 * was written before (the demo catalogue) is the full re-render's. Shards opened later are read
 * from their start; a closed shard is left once read to its end.
 */

/** Invokes the function with one batch, as Lambda would. */
export type StreamInvoker = (
  event: DynamoDBStreamEvent,
  requestId: string,
) => Promise<DynamoDBBatchResponse | undefined | null>;

export interface TableStreamOptions {
  /** DynamoDB Local's address (its Streams API answers there too). */
  endpoint: string;
  streamArn: string;
  invoke: StreamInvoker;
  /** Records a batch at most (the mapping's BatchSize). */
  batchSize?: number;
  /** How long a batch waits after its first record for more (MaximumBatchingWindowInSeconds). */
  batchingWindowMs?: number;
  /** Retries of a failing batch before its records go to the on-failure list (MaximumRetryAttempts). */
  retryAttempts?: number;
  /** How often the shards are read (Lambda polls a shard about four times a second). */
  pollMs?: number;
  region?: string;
  credentials?: { accessKeyId: string; secretAccessKey: string; sessionToken?: string };
  log?: (line: string) => void;
}

export interface DeliveredBatch {
  records: number;
  /** The sequence the function asked to be retried from, if any. */
  failedFrom?: string;
  /** When the batch was handed to the function, and when it answered (epoch ms). */
  at: number;
  ms: number;
}

export interface TableStream {
  /** Resolves once every change written before the call has been delivered (and answered). */
  idle(): Promise<void>;
  /** The batches delivered so far. */
  delivered(): readonly DeliveredBatch[];
  /** Records given up on after their retries (what the on-failure queue would hold). */
  failed(): readonly { from: string; to: string; records: number; error: string }[];
  stop(): Promise<void>;
}

interface Pending {
  record: DynamoDBRecord;
  attempts: number;
  /** When the poller read it: the batching window runs from the batch's first record. */
  readAt: number;
}

type WireValue = Record<string, unknown>;

/**
 * An attribute value as Lambda's event JSON carries it, from the Streams client's: binary as
 * base64 text (the client gives bytes), and an empty map as `{ M: {} }` (the client gives `{}`
 * for it, which no reader can take: seen with DynamoDB Local's stream).
 */
function onTheWire(value: WireValue): WireValue {
  const [type, inner] = Object.entries(value)[0] ?? [];
  if (type === undefined) return { M: {} };
  if (type === 'B' && inner instanceof Uint8Array) return { B: Buffer.from(inner).toString('base64') };
  if (type === 'BS' && Array.isArray(inner))
    return { BS: inner.map((bytes: Uint8Array) => Buffer.from(bytes).toString('base64')) };
  if (type === 'M' && inner && typeof inner === 'object')
    return { M: imageOnTheWire(inner as Record<string, WireValue>) };
  if (type === 'L' && Array.isArray(inner)) return { L: inner.map((item: WireValue) => onTheWire(item)) };
  return value;
}

const imageOnTheWire = (image: Record<string, WireValue>) =>
  Object.fromEntries(Object.entries(image).map(([name, value]) => [name, onTheWire(value)]));

/** A record of the Streams API as Lambda puts it in the event. */
function eventRecord(record: StreamRecord, streamArn: string): DynamoDBRecord {
  const data = record.dynamodb ?? {};
  const created = data.ApproximateCreationDateTime;
  return {
    ...(record.eventID ? { eventID: record.eventID } : {}),
    ...(record.eventName ? { eventName: record.eventName } : {}),
    eventVersion: record.eventVersion ?? '1.1',
    eventSource: 'aws:dynamodb',
    awsRegion: record.awsRegion ?? 'us-east-1',
    eventSourceARN: streamArn,
    dynamodb: {
      // Lambda's events give the time in epoch seconds; the SDK parses it into a Date.
      ...(created ? { ApproximateCreationDateTime: Math.floor(new Date(created).getTime() / 1000) } : {}),
      ...(data.Keys ? { Keys: imageOnTheWire(data.Keys as never) as never } : {}),
      ...(data.NewImage ? { NewImage: imageOnTheWire(data.NewImage as never) as never } : {}),
      ...(data.OldImage ? { OldImage: imageOnTheWire(data.OldImage as never) as never } : {}),
      ...(data.SequenceNumber ? { SequenceNumber: data.SequenceNumber } : {}),
      ...(data.SizeBytes !== undefined ? { SizeBytes: data.SizeBytes } : {}),
      ...(data.StreamViewType ? { StreamViewType: data.StreamViewType } : {}),
    },
  };
}

const sequenceOf = (pending: Pending) => pending.record.dynamodb?.SequenceNumber ?? '';

export async function startTableStream(options: TableStreamOptions): Promise<TableStream> {
  const batchSize = options.batchSize ?? 100;
  const windowMs = options.batchingWindowMs ?? 1000;
  const retryAttempts = options.retryAttempts ?? 2;
  const pollMs = options.pollMs ?? 250;
  const log = options.log ?? (() => undefined);
  const client = new DynamoDBStreamsClient({
    endpoint: options.endpoint,
    region: options.region ?? 'us-east-1',
    ...(options.credentials ? { credentials: options.credentials } : {}),
  });
  const streamArn = options.streamArn;

  /** Open shards' iterators, and the last sequence read of each (to renew an expired iterator). */
  const iterators = new Map<string, { iterator: string; last?: string }>();
  const known = new Set<string>();
  const buffer: Pending[] = [];
  const delivered: DeliveredBatch[] = [];
  const failed: { from: string; to: string; records: number; error: string }[] = [];
  let stopped = false;
  let rounds = 0;
  /** Waiters of idle(): each resolves at the end of a later round that left nothing waiting. */
  let waiters: { after: number; done: () => void }[] = [];
  let wake: (() => void) | undefined;

  const shards = async (first: boolean) => {
    let start: string | undefined;
    do {
      const { StreamDescription } = await client.send(
        new DescribeStreamCommand({
          StreamArn: streamArn,
          ...(start ? { ExclusiveStartShardId: start } : {}),
        }),
      );
      for (const shard of StreamDescription?.Shards ?? []) {
        const id = shard.ShardId;
        if (!id || known.has(id)) continue;
        known.add(id);
        const closed = shard.SequenceNumberRange?.EndingSequenceNumber !== undefined;
        // At the start: the open shards from now on. Later: a new shard from its start.
        if (first && closed) continue;
        const { ShardIterator } = await client.send(
          new GetShardIteratorCommand({
            StreamArn: streamArn,
            ShardId: id,
            ShardIteratorType: first ? 'LATEST' : 'TRIM_HORIZON',
          }),
        );
        if (ShardIterator) iterators.set(id, { iterator: ShardIterator });
      }
      start = StreamDescription?.LastEvaluatedShardId;
    } while (start);
  };

  /**
   * Reads every open shard to its present end (a page of 1,000 records at a time, 20 pages at
   * most a round); answers whether it got there, so idle() never trusts a round left short.
   */
  const read = async (): Promise<boolean> => {
    let caughtUp = true;
    for (const [id, shard] of [...iterators]) {
      for (let page = 0; ; page++) {
        if (page === 20) {
          caughtUp = false;
          break;
        }
        let answer: GetRecordsCommandOutput;
        try {
          answer = await client.send(new GetRecordsCommand({ ShardIterator: shard.iterator, Limit: 1000 }));
        } catch (error) {
          if (!(error instanceof ExpiredIteratorException)) throw error;
          const { ShardIterator } = await client.send(
            new GetShardIteratorCommand({
              StreamArn: streamArn,
              ShardId: id,
              ...(shard.last
                ? { ShardIteratorType: 'AFTER_SEQUENCE_NUMBER', SequenceNumber: shard.last }
                : { ShardIteratorType: 'LATEST' }),
            }),
          );
          if (ShardIterator) shard.iterator = ShardIterator;
          caughtUp = false;
          break;
        }
        const now = Date.now();
        const records = answer.Records ?? [];
        for (const record of records) {
          buffer.push({ record: eventRecord(record, streamArn), attempts: 0, readAt: now });
          shard.last = record.dynamodb?.SequenceNumber ?? shard.last;
        }
        if (!answer.NextShardIterator) {
          iterators.delete(id); // closed and read to its end
          break;
        }
        shard.iterator = answer.NextShardIterator;
        if (records.length === 0) break;
      }
    }
    return caughtUp;
  };

  const deliver = async (batch: Pending[]) => {
    const at = Date.now();
    let failedFrom: string | undefined;
    let error = '';
    try {
      const answer = await options.invoke({ Records: batch.map((p) => p.record) }, randomUUID());
      failedFrom = answer?.batchItemFailures?.[0]?.itemIdentifier || undefined;
      if (failedFrom !== undefined) error = `the function reported ${failedFrom} failed`;
    } catch (thrown) {
      failedFrom = sequenceOf(batch[0] as Pending);
      error = (thrown as Error).message;
    }
    delivered.push({ records: batch.length, ...(failedFrom ? { failedFrom } : {}), at, ms: Date.now() - at });
    if (failedFrom === undefined) return;
    // As a mapping does: the records before the reported one are done, the rest are retried.
    const from = Math.max(
      0,
      batch.findIndex((p) => sequenceOf(p) === failedFrom),
    );
    const again = batch.slice(from).map((p) => ({ ...p, attempts: p.attempts + 1 }));
    if ((again[0]?.attempts ?? 0) > retryAttempts) {
      const first = again[0] as Pending;
      const last = again.at(-1) as Pending;
      failed.push({ from: sequenceOf(first), to: sequenceOf(last), records: again.length, error });
      log(`table stream: ${again.length} records given up after ${retryAttempts} retries: ${error}`);
      return;
    }
    buffer.unshift(...again);
  };

  const due = () => {
    const first = buffer[0];
    if (!first) return false;
    // A retried batch goes at once (Lambda retries without waiting for a window).
    return buffer.length >= batchSize || first.attempts > 0 || Date.now() - first.readAt >= windowMs;
  };

  await shards(true);
  const loop = (async () => {
    let describedAt = Date.now();
    while (!stopped) {
      const round = ++rounds;
      let erred = false; // or not caught up: no idle() answered this round
      try {
        // New shards (DynamoDB rolls them over): looked for every few seconds.
        if (Date.now() - describedAt >= 5000) {
          describedAt = Date.now();
          await shards(false);
        }
        if (!(await read())) erred = true;
        while (due()) await deliver(buffer.splice(0, batchSize));
      } catch (error) {
        if (!stopped) log(`table stream: ${(error as Error).message}`);
        erred = true; // not idle: try again
      }
      // A round that began after idle() was called has read every change written before the
      // call; once nothing read is waiting any more, those changes are delivered.
      if (buffer.length === 0 && !erred) {
        const ready = waiters.filter((w) => w.after < round);
        waiters = waiters.filter((w) => w.after >= round);
        for (const w of ready) w.done();
      }
      if (stopped) break;
      await new Promise<void>((done) => {
        const timer = setTimeout(done, buffer.length > 0 ? Math.min(pollMs, windowMs) : pollMs);
        wake = () => {
          clearTimeout(timer);
          done();
        };
      });
      wake = undefined;
    }
  })();

  return {
    idle: () =>
      new Promise<void>((done) => {
        if (stopped) return done();
        // The round running now may have read before the caller's last write: wait for a later one.
        waiters.push({ after: rounds, done });
      }),
    delivered: () => delivered,
    failed: () => failed,
    stop: async () => {
      stopped = true;
      wake?.();
      await loop;
      for (const w of waiters) w.done();
      waiters = [];
      client.destroy();
    },
  };
}
