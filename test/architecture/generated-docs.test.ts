import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { EntityFileDoc } from '#platform/table-doc.ts';
import { generatedDocs, keysTable, ROOT, tableDocs } from '../../infra/docs/reference.ts';
import { keyTemplateProblems } from '../support/doc-keys.ts';

/**
 * The docs' reference parts are the code's (issue 48): docs/reference/data-model-keys.md and
 * docs/reference/routes.md are what `npm run docs` (infra/docs/generate.ts) writes now, and the
 * key templates each entity file's `tableDoc` writes are the keys its builders make. Each check is
 * shown failing on a planted text or descriptor first.
 */

const docs = await tableDocs();
const generated = await generatedDocs();

/** The generated files whose committed text is not what the generator writes now. */
const stale = (committed: (path: string) => string, now: Map<string, string>) =>
  [...now].filter(([path, text]) => committed(path) !== text).map(([path]) => path);
const onDisk = (path: string) => readFileSync(join(ROOT, path), 'utf8');

describe('the generated docs', () => {
  it('catch a committed text that is not what npm run docs writes now', () => {
    const keys = 'docs/reference/data-model-keys.md';
    const edited = (path: string) =>
      path === keys ? onDisk(path).replace('`ORDER#<checkoutCode>`', '`ORDER#<code>`') : onDisk(path);
    expect(stale(edited, generated)).toEqual([keys]);
    const routes = 'docs/reference/routes.md';
    const routeGone = (path: string) =>
      path === routes ? onDisk(path).replace(/^\| GET .*\n/m, '') : onDisk(path);
    expect(stale(routeGone, generated)).toEqual([routes]);
    const patterns = 'docs/reference/access-patterns.md';
    const grantGone = (path: string) =>
      path === patterns ? onDisk(path).replace(' `table:condition-check`', '') : onDisk(path);
    expect(stale(grantGone, generated)).toEqual([patterns]);
  });

  it('are what npm run docs writes now (run it after changing an entity file or a route)', () => {
    expect(stale(onDisk, generated)).toEqual([]);
  });
});

describe("the keys table's templates", () => {
  it('catch a builder that makes another key than the doc writes, and an item with nothing checked', () => {
    const planted = new Map<string, EntityFileDoc>([
      [
        'functions/checkout/entities/order.ts',
        {
          items: [
            {
              entity: 'Order',
              pk: '`ORDER#<checkoutCode>`',
              sk: '`#ORDER`',
              gsi2: '`ORDERS` / `<checkoutTime>#<checkoutCode>`',
              // a builder changed to another prefix, and its list key no longer made
              keys: () => ({ pk: 'ORDERS#<checkoutCode>', sk: '#ORDER' }),
            },
            { entity: 'Unchecked', pk: '`X#<id>`', sk: '`#X`' },
          ],
        },
      ],
    ]);
    expect(keyTemplateProblems(planted)).toEqual([
      'functions/checkout/entities/order.ts "Order": its builder makes pk `ORDERS#<checkoutCode>`, the doc writes "`ORDER#<checkoutCode>`"',
      'functions/checkout/entities/order.ts "Order": the doc writes pk `ORDER#<checkoutCode>`, its builder makes `ORDERS#<checkoutCode>`',
      'functions/checkout/entities/order.ts "Order": the doc writes gsi2pk `ORDERS`, its builder makes none',
      'functions/checkout/entities/order.ts "Order": the doc writes gsi2sk `<checkoutTime>#<checkoutCode>`, its builder makes none',
      'functions/checkout/entities/order.ts "Unchecked": no keys() calls its key builders (or say why in unchecked)',
    ]);
  });

  it("are the keys every entity's builders make", () => {
    expect(keyTemplateProblems(docs)).toEqual([]);
  });

  it('has a row for every item of every entity file', () => {
    const table = keysTable(docs);
    const items = [...docs.values()].flatMap((d) => d.items ?? []);
    expect(table.split('\n').length - 2).toBe(items.length);
    expect(generated.get('docs/reference/data-model-keys.md')).toContain(table);
  });
});
