import { randomUUID } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { productKeysOf } from '#catalog/entities/keys.ts';
import type { ProductEntity } from '#catalog/entities/product.ts';
import { runInScope } from '#platform/request-scope.ts';
import { CONTENT_PATHS, pagePath } from '#shared/pages/public-pages.ts';
import { allPublicPages, renderAll } from '../../functions/pages/jobs/render-all.ts';
import type { PageWork } from '../../functions/pages/render-port.ts';
import { db } from '../support/db.ts';
import { pointAtLocalStack } from '../support/stack-env.ts';

/**
 * The full re-render's list of pages (issue 47), read from the run's table with the entity
 * modules' queries, in the function's scope so its calls are recorded as its (test/iam).
 */
const FUNCTION = 'pages/jobs/render-all';
const id = `ra${randomUUID().slice(0, 8)}`;

beforeAll(async () => {
  pointAtLocalStack();
  const piece: ProductEntity = {
    kind: 'product',
    id,
    typeId: '',
    typeName: '',
    name: 'a single piece',
    gender: 2,
    colors: [],
    status: 1,
    priceUs: 10,
    removeShipmentCharge: false,
    singleproduct: true,
    soldOnOtherPlatform: false,
    createdAt: new Date().toISOString(),
  };
  await db().send(
    new PutCommand({ TableName: inject('tableName'), Item: { ...productKeysOf(piece), ...piece } }),
  );
});

describe('the full re-render', () => {
  it('names every public page once: home, both lists, the content pages, the draws, every piece, every collection', async () => {
    const pages = (await runInScope(() => allPublicPages(), FUNCTION, randomUUID())).map(pagePath);
    expect(new Set(pages).size).toBe(pages.length);
    expect(pages.slice(0, 3)).toEqual(['/home', '/women/', '/men/']);
    for (const path of CONTENT_PATHS) expect(pages).toContain(path);
    expect(pages).toContain('/draws');
    expect(pages).toContain(pagePath({ kind: 'piece', productId: id }));
    // The demo catalogue's pieces too.
    expect(pages.filter((p) => p.startsWith('/products/productdetails')).length).toBeGreaterThan(10);
    // Each collection on each list it is on: a women's landing on the women's list only, a unisex
    // single collection's list of pieces on both.
    expect(pages).toContain('/products/productrelated?type=t-aurora&gender=0');
    expect(pages).not.toContain('/products/productrelated?type=t-aurora&gender=1');
    expect(pages).toContain('/products/singleproducts?type=t-atelier&gender=0');
    expect(pages).toContain('/products/singleproducts?type=t-atelier&gender=1');
    expect(pages).not.toContain('/products/productrelated?type=t-atelier&gender=0');
  });

  it('hands them to the renderer in chunks, each page once', async () => {
    const calls: PageWork[] = [];
    const report = await runInScope(
      () =>
        renderAll({
          renderPages: async (work) => {
            calls.push(work);
            return { failed: [] };
          },
        }),
      FUNCTION,
      randomUUID(),
    );
    const rendered = calls.flatMap((c) => c.render.map(pagePath));
    expect(rendered).toHaveLength(report.pages);
    expect(new Set(rendered).size).toBe(rendered.length);
    expect(calls.every((c) => c.render.length <= 50)).toBe(true);
    console.log(
      `full re-render: ${report.pages} pages in ${report.chunks} chunks, listed and handed over in ${report.ms} ms`,
    );
  });
});
