import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productKey, productKeysOf } from '#catalog/entities/keys.ts';
import type { ProductEntity } from '#catalog/entities/product.ts';
import { sellProductItem } from '#catalog/entities/product-hold.ts';
import { pagePath } from '#shared/pages/public-pages.ts';
import { transact } from '#table/transactions.ts';
import type { PageWork, RenderPages } from '../../functions/pages/render-port.ts';
import { type LocalStack, startLocalStack } from '../../infra/local/stack.ts';

/**
 * The local stack reads its table's stream into the render-on-change function from its start
 * (issue 47): a stack of this file's own, with a recording renderer in place of the renderer,
 * and the checkout's own sale item. `pagesIdle()` waits until every change so far is answered.
 */
let stack: LocalStack;
let dir: string;
const calls: { at: number; work: PageWork }[] = [];
const renderPages: RenderPages = async (work) => {
  calls.push({ at: Date.now(), work });
  return { failed: [] };
};

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'boutique-pages-'));
  stack = await startLocalStack({
    port: 0,
    s3Dir: join(dir, 's3'),
    tableName: 'boutique-pages',
    seed: false,
    renderPages,
  });
}, 120_000);

afterAll(async () => {
  await stack?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const piece: ProductEntity = {
  kind: 'product',
  id: 'pagespiece1',
  typeId: '',
  typeName: '',
  name: 'a single piece',
  gender: 0,
  colors: ['black'],
  status: 1,
  priceUs: 4200,
  removeShipmentCharge: false,
  singleproduct: true,
  soldOnOtherPlatform: false,
  createdAt: new Date().toISOString(),
};
const PAGE = pagePath({ kind: 'piece', productId: piece.id });

describe('the local stack renders on change', () => {
  // Three changes, each waiting out the stream's batching window (10 s) before it is handed over.
  it("a piece made, sold by checkout's sale item, deleted: rendered, rendered, removed", {
    timeout: 90_000,
  }, async () => {
    expect(stack.tableStream).toBeDefined();
    const db = DynamoDBDocumentClient.from(new DynamoDBClient({}));
    await db.send(
      new PutCommand({ TableName: stack.tableName, Item: { ...productKeysOf(piece), ...piece } }),
    );
    await stack.pagesIdle();
    expect(calls.flatMap((c) => c.work.render.map(pagePath))).toContain(PAGE);

    const made = calls.length;
    const sold = Date.now();
    await transact([
      sellProductItem({
        productId: piece.id,
        holdId: 'h',
        checkoutCode: 'PAGES1',
        at: new Date().toISOString(),
        now: sold,
      }),
    ]);
    await stack.pagesIdle();
    const sale = calls.slice(made).find((c) => c.work.render.map(pagePath).includes(PAGE));
    expect(sale).toBeDefined();
    console.log(
      `local stack: a piece sold → its page handed to the renderer after ${(sale?.at ?? 0) - sold} ms`,
    );
    expect((sale?.at ?? 0) - sold).toBeLessThan(60_000);

    const before = calls.length;
    await db.send(new DeleteCommand({ TableName: stack.tableName, Key: productKey(piece.id) }));
    await stack.pagesIdle();
    const after = calls.slice(before);
    expect(after.flatMap((c) => c.work.remove.map(pagePath))).toEqual([PAGE]);
    expect(after.flatMap((c) => c.work.render.map(pagePath))).not.toContain(PAGE);
    expect(stack.tableStream?.failed()).toEqual([]);
  });
});
