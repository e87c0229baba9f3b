import { randomUUID } from 'node:crypto';
import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import type { CollectionEntity } from '../../functions/catalog/entities/collection.ts';
import { collectionKeys, productKey, productKeysOf } from '../../functions/catalog/entities/keys.ts';
import type { ProductEntity } from '../../functions/catalog/entities/product.ts';
import type { PageWork, RenderPages } from '../../functions/pages/render-port.ts';
import { BATCH_SIZE, BATCHING_WINDOW_SECONDS } from '../../functions/pages/stream-batching.ts';
import { type PublicPage, pagePath } from '../../shared/pages/public-pages.ts';
import { db } from '../../test/support/db.ts';
import { pointAtLocalStack } from '../../test/support/stack-env.ts';
import { sourceRenderOnChange } from './page-rendering.ts';
import { TABLE_STREAM, tableStreamArn } from './resources.ts';
import { startTableStream, type TableStream } from './table-stream.ts';

/**
 * The local stack's table stream → the render-on-change function (issue 47), on the run's
 * DynamoDB Local: each test starts its own reader of the stream with a recording renderer (the
 * stack's own reader runs beside it with the stack's renderer; streams have many readers).
 */

const run = randomUUID().slice(0, 8);
const TYPE = `stream${run}`;
const pieceId = (n: number) => `st${run}p${n}`;
const PIECES = 50;

interface Call {
  at: number;
  work: PageWork;
}

function recordingRenderer(fail: (work: PageWork) => readonly PublicPage[] = () => []) {
  const calls: Call[] = [];
  const renderPages: RenderPages = async (work) => {
    calls.push({ at: Date.now(), work });
    return { failed: fail(work) };
  };
  return { calls, renderPages };
}

/** This file's pages only: other files' tests write to the same table meanwhile. */
const ours = (pages: readonly PublicPage[]) =>
  pages.filter((p) => p.kind === 'piece' && p.productId.startsWith(`st${run}`)).map(pagePath);

const collection: CollectionEntity = {
  kind: 'type',
  id: TYPE,
  name: 'stream test coat',
  gender: 0,
  areaAmount: 1,
  singlecollection: false,
  issoldout: false,
  preSale: false,
  discount: false,
  womenproductimage: '[]',
  menproductimage: '[]',
  shippingPrices: {},
  createdAt: new Date().toISOString(),
};

const piece = (n: number): ProductEntity => ({
  kind: 'product',
  id: pieceId(n),
  typeId: TYPE,
  typeName: collection.name,
  name: `coat ${n}`,
  gender: 0,
  colors: ['black'],
  status: 1,
  priceUs: 1000,
  removeShipmentCharge: false,
  singleproduct: false,
  soldOnOtherPlatform: false,
  createdAt: new Date().toISOString(),
});

let streamArn: string;
const readers: TableStream[] = [];

async function reader(
  renderPages: RenderPages,
  over: { batchingWindowMs?: number; retryAttempts?: number } = {},
) {
  const stream = await startTableStream({
    endpoint: inject('dynamoDbUrl'),
    streamArn,
    invoke: sourceRenderOnChange(renderPages),
    batchSize: BATCH_SIZE,
    batchingWindowMs: over.batchingWindowMs ?? BATCHING_WINDOW_SECONDS * 1000,
    ...(over.retryAttempts !== undefined ? { retryAttempts: over.retryAttempts } : {}),
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  readers.push(stream);
  return stream;
}

beforeAll(async () => {
  pointAtLocalStack();
  const client = new DynamoDBClient({});
  streamArn = await tableStreamArn(client, inject('tableName'));
  const { Table } = await client.send(new DescribeTableCommand({ TableName: inject('tableName') }));
  expect(Table?.StreamSpecification).toMatchObject(TABLE_STREAM);
  const table = inject('tableName');
  await db().send(
    new PutCommand({ TableName: table, Item: { ...collectionKeys(collection), ...collection } }),
  );
  for (let n = 0; n < PIECES; n++) {
    const p = piece(n);
    await db().send(new PutCommand({ TableName: table, Item: { ...productKeysOf(p), ...p } }));
  }
});

afterEach(async () => {
  for (const stream of readers.splice(0)) await stream.stop();
});

const setPrice = (n: number, price: number) =>
  db().send(
    new UpdateCommand({
      TableName: inject('tableName'),
      Key: productKey(pieceId(n)),
      UpdateExpression: 'SET priceUs = :p',
      ExpressionAttributeValues: { ':p': price },
    }),
  );

describe('the table stream on the local stack', () => {
  it('1,000 price changes of 50 pieces within a minute: batched, each page once a batch, far fewer renders', async () => {
    const renderer = recordingRenderer();
    const stream = await reader(renderer.renderPages);
    const started = Date.now();
    // 20 rounds over the 50 pieces, ten writes at a time.
    for (let round = 1; round <= 20; round++) {
      const writes = Array.from({ length: PIECES }, (_, n) => n);
      while (writes.length > 0) await Promise.all(writes.splice(0, 10).map((n) => setPrice(n, 1000 + round)));
    }
    const lastWrite = Date.now();
    expect(lastWrite - started).toBeLessThan(60_000);
    await stream.idle();
    const calls = renderer.calls.filter((c) => ours(c.work.render).length > 0);
    const lastRender = Math.max(...calls.map((c) => c.at));
    const renders = calls.reduce((sum, c) => sum + ours(c.work.render).length, 0);
    for (const call of calls)
      expect(new Set(ours(call.work.render)).size).toBe(ours(call.work.render).length);
    // Every piece's page rendered after its last change.
    expect(new Set(calls.flatMap((c) => ours(c.work.render))).size).toBe(PIECES);
    expect(renders).toBeLessThan(1000 / 2);
    expect(lastRender - lastWrite).toBeLessThan(60_000);
    console.log(
      `table stream: 1,000 writes in ${lastWrite - started} ms → ${stream.delivered().length} batches ` +
        `(${stream
          .delivered()
          .map((b) => b.records)
          .join(', ')} records), ${calls.length} renderer calls with our pages, ${renders} page renders; ` +
        `last write → last render ${lastRender - lastWrite} ms`,
    );
  });

  it('1,000 price changes paced over half a minute: a few batches, each page once a batch', {
    timeout: 90_000,
  }, async () => {
    const renderer = recordingRenderer();
    const stream = await reader(renderer.renderPages);
    const started = Date.now();
    // 20 rounds of the 50 pieces, one round every 1.5 s: about 33 changes a second for 30 s. The
    // pause paces the writes (the load's shape); what the test waits for is idle(), a condition.
    for (let round = 1; round <= 20; round++) {
      const due = started + (round - 1) * 1500;
      if (Date.now() < due) await new Promise((done) => setTimeout(done, due - Date.now()));
      const writes = Array.from({ length: PIECES }, (_, n) => n);
      while (writes.length > 0) await Promise.all(writes.splice(0, 10).map((n) => setPrice(n, 2000 + round)));
    }
    const lastWrite = Date.now();
    expect(lastWrite - started).toBeLessThan(60_000);
    await stream.idle();
    const calls = renderer.calls.filter((c) => ours(c.work.render).length > 0);
    const renders = calls.reduce((sum, c) => sum + ours(c.work.render).length, 0);
    for (const call of calls)
      expect(new Set(ours(call.work.render)).size).toBe(ours(call.work.render).length);
    const lastRender = Math.max(...calls.map((c) => c.at));
    // A batch a window (10 s): about four, so about 200 renders for 1,000 changes.
    expect(calls.length).toBeGreaterThan(1);
    expect(renders).toBeLessThanOrEqual(calls.length * PIECES);
    expect(renders).toBeLessThan(1000 / 2);
    expect(lastRender - lastWrite).toBeLessThan(60_000);
    console.log(
      `table stream, paced: 1,000 writes over ${lastWrite - started} ms → ${stream.delivered().length} batches ` +
        `(${stream
          .delivered()
          .map((b) => b.records)
          .join(
            ', ',
          )} records), ${renders} page renders; last write → last render ${lastRender - lastWrite} ms`,
    );
  });

  it('a piece sold: its page rendered; a piece deleted: its page removed', async () => {
    const renderer = recordingRenderer();
    const stream = await reader(renderer.renderPages, { batchingWindowMs: 500 });
    const table = inject('tableName');
    const sold = Date.now();
    await db().send(
      new UpdateCommand({
        TableName: table,
        Key: productKey(pieceId(1)),
        UpdateExpression: 'SET #s = :sold',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: { ':sold': 0 },
      }),
    );
    await db().send(new DeleteCommand({ TableName: table, Key: productKey(pieceId(2)) }));
    await stream.idle();
    const rendered = renderer.calls.flatMap((c) => c.work.render.map(pagePath));
    const removed = renderer.calls.flatMap((c) => c.work.remove.map(pagePath));
    expect(rendered).toContain(pagePath({ kind: 'piece', productId: pieceId(1) }));
    expect(rendered).toContain('/women/');
    expect(removed).toEqual([pagePath({ kind: 'piece', productId: pieceId(2) })]);
    expect(rendered).not.toContain(pagePath({ kind: 'piece', productId: pieceId(2) }));
    const at =
      renderer.calls.find((c) => c.work.render.some((p) => pagePath(p).endsWith(pieceId(1))))?.at ?? 0;
    expect(at - sold).toBeLessThan(60_000);
  });

  it('hands the function the event AWS sends: the stream, the keys, both images, the sequence', async () => {
    const events: DynamoDBStreamEvent[] = [];
    const stream = await startTableStream({
      endpoint: inject('dynamoDbUrl'),
      streamArn,
      invoke: async (event) => {
        events.push(JSON.parse(JSON.stringify(event)) as DynamoDBStreamEvent);
        return { batchItemFailures: [] };
      },
      batchingWindowMs: 200,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    readers.push(stream);
    await setPrice(6, 4321);
    await stream.idle();
    const record = events
      .flatMap((e) => e.Records)
      .find((r) => r.dynamodb?.Keys?.pk?.S === productKey(pieceId(6)).pk);
    expect(record).toMatchObject({
      eventName: 'MODIFY',
      eventSource: 'aws:dynamodb',
      eventSourceARN: streamArn,
      dynamodb: {
        Keys: { pk: { S: `PRODUCT#${pieceId(6)}` }, sk: { S: '#PRODUCT' } },
        NewImage: { priceUs: { N: '4321' }, kind: { S: 'product' } },
        OldImage: { kind: { S: 'product' } },
        SequenceNumber: expect.stringMatching(/^\d+$/),
        StreamViewType: 'NEW_AND_OLD_IMAGES',
        ApproximateCreationDateTime: expect.any(Number),
      },
    });
    // Binary as base64 text and an empty map as { M: {} }, as Lambda's JSON has them (the Streams
    // client gives bytes and a bare {} that nothing can read back).
    const odd = `ODD#${run}`;
    await db().send(
      new PutCommand({
        TableName: inject('tableName'),
        Item: { pk: odd, sk: 'x', kind: 'probe', bytes: new Uint8Array([1, 2, 3]), nothing: {}, list: [{}] },
      }),
    );
    await stream.idle();
    const image = events.flatMap((e) => e.Records).find((r) => r.dynamodb?.Keys?.pk?.S === odd)
      ?.dynamodb?.NewImage;
    expect(image).toMatchObject({ bytes: { B: 'AQID' }, nothing: { M: {} }, list: { L: [{ M: {} }] } });
    expect(unmarshall(image as Parameters<typeof unmarshall>[0])).toMatchObject({ nothing: {}, list: [{}] });
  });

  it('a page not written is asked again; a batch that keeps failing is given up, and the stream goes on', async () => {
    let refusals = 1;
    const flaky = recordingRenderer((work) => {
      const mine = work.render.filter((p) => ours([p]).length > 0);
      if (mine.length > 0 && refusals-- > 0) return mine;
      return [];
    });
    const stream = await reader(flaky.renderPages, { batchingWindowMs: 300 });
    await setPrice(3, 7);
    await stream.idle();
    const asked = flaky.calls.filter((c) =>
      ours(c.work.render).includes(pagePath({ kind: 'piece', productId: pieceId(3) })),
    );
    expect(asked).toHaveLength(2);
    expect(stream.delivered().some((b) => b.failedFrom)).toBe(true);
    expect(stream.failed()).toEqual([]);

    const broken = recordingRenderer(() => {
      throw new Error('renderPages: not wired yet');
    });
    const stuck = await reader(broken.renderPages, { batchingWindowMs: 300, retryAttempts: 1 });
    await setPrice(4, 8);
    await stuck.idle();
    expect(stuck.failed().length).toBeGreaterThanOrEqual(1);
    expect(stuck.failed()[0]?.error).toContain('reported');
    // The stream went on: a later change is delivered.
    const before = broken.calls.length;
    await setPrice(5, 9);
    await stuck.idle();
    expect(broken.calls.length).toBeGreaterThan(before);
  });
});
