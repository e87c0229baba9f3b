import { describe, expect, it } from 'vitest';
import { type ImportEdge, importsOf, sourceFiles } from '../support/import-graph.ts';

/**
 * The house rules of docs/architecture.md, checked on every import of the repository:
 * functions/ in layers (platform ← table ← capability modules), modules entered only through
 * their index, rule files free of AWS and HTTP, zod only as shared/zod.ts, and web/ reaching only
 * the shared contracts.
 */
const MODULES = ['catalog', 'size-finder', 'checkout', 'authenticity', 'staff', 'members', 'media'];
const files = sourceFiles();
const edges = files.flatMap(importsOf);

type Place = {
  layer: 'platform' | 'table' | 'module' | 'routes' | 'shared' | 'web' | 'other';
  module?: string;
};

function placeOf(file: string): Place {
  if (file.startsWith('shared/')) return { layer: 'shared' };
  if (file.startsWith('web/')) return { layer: 'web' };
  if (file === 'functions/routes.ts') return { layer: 'routes' };
  const [, top] = file.match(/^functions\/([^/]+)\//) ?? [];
  if (top === 'platform') return { layer: 'platform' };
  if (top === 'table') return { layer: 'table' };
  if (top && MODULES.includes(top)) return { layer: 'module', module: top };
  return { layer: 'other' };
}

const isTest = (file: string) => /\.test\.tsx?$/.test(file);
const show = (list: ImportEdge[]) => list.map((edge) => `${edge.from} → ${edge.specifier}`);

/** Imports that run against the layering, for the test and for the architecture doc's figures. */
function violations(all: ImportEdge[] = edges): Record<string, ImportEdge[]> {
  const production = all.filter((edge) => !isTest(edge.from));
  const inside = (edge: ImportEdge) => edge.to !== undefined;
  return {
    // platform imports nothing of functions/ but itself (and shared/)
    platformUp: production.filter((edge) => {
      if (placeOf(edge.from).layer !== 'platform' || !inside(edge)) return false;
      const to = placeOf(edge.to as string).layer;
      return to !== 'platform' && to !== 'shared';
    }),
    // the table layer imports the platform, shared/ and itself only
    tableUp: production.filter((edge) => {
      if (placeOf(edge.from).layer !== 'table' || !inside(edge)) return false;
      const to = placeOf(edge.to as string).layer;
      return !['platform', 'table', 'shared'].includes(to);
    }),
    // a module enters another module only through its index.ts
    intoInternals: production.filter((edge) => {
      const from = placeOf(edge.from);
      if (from.layer !== 'module' || !inside(edge)) return false;
      const to = placeOf(edge.to as string);
      return (
        to.layer === 'module' && to.module !== from.module && edge.to !== `functions/${to.module}/index.ts`
      );
    }),
    // modules never import the route table or anything outside functions/ and shared/
    moduleOut: production.filter((edge) => {
      if (placeOf(edge.from).layer !== 'module' || !inside(edge)) return false;
      return !['platform', 'table', 'module', 'shared'].includes(placeOf(edge.to as string).layer);
    }),
    // rule files are pure: no AWS SDK, no middy or Lambda types, no table or HTTP code, and
    // only types (never code) from entity and adapter files
    impureRules: production.filter((edge) => {
      if (!/^functions\/[^/]+\/rules\//.test(edge.from)) return false;
      if (/^@aws-sdk\/|^@middy\/|^aws-lambda$|^stripe$|^@paypal\//.test(edge.specifier)) return true;
      if (!edge.to) return false;
      const to = placeOf(edge.to);
      if (to.layer === 'shared') return false;
      if (/^functions\/[^/]+\/rules\//.test(edge.to)) return false;
      return !edge.typeOnly;
    }),
    // shared/ is below everything: it imports only itself
    sharedOut: production.filter(
      (edge) =>
        placeOf(edge.from).layer === 'shared' &&
        inside(edge) &&
        placeOf(edge.to as string).layer !== 'shared',
    ),
    // zod's runtime comes only through shared/zod.ts (zod/mini with English messages): classic
    // zod cannot be tree-shaken and was a fifth of every admin bundle
    zodRuntime: production.filter(
      (edge) =>
        /^zod(\/|$)/.test(edge.specifier) &&
        !edge.typeOnly &&
        edge.from !== 'shared/zod.ts' &&
        !edge.from.startsWith('test/') &&
        !edge.from.startsWith('infra/'),
    ),
    // web/ reaches outside itself only for the shared contracts and vocabulary, through #shared
    // (vite's configuration runs in Node at build time, never in the browser: its dev server
    // writes the local shop settings into the page as the local gateway does)
    webOut: all.filter((edge) => {
      if (placeOf(edge.from).layer !== 'web' || !inside(edge) || edge.from === 'web/vite.config.ts')
        return false;
      const to = placeOf(edge.to as string).layer;
      if (to === 'web') return false;
      return to !== 'shared' || !edge.specifier.startsWith('#shared/');
    }),
  };
}

describe('architecture boundaries', () => {
  it('reads the imports of the whole repository', () => {
    expect(files.length).toBeGreaterThan(300);
    expect(edges.length).toBeGreaterThan(1000);
  });

  for (const [rule, found] of Object.entries(violations())) {
    it(`has no import against the rule '${rule}'`, () => {
      expect(show(found)).toEqual([]);
    });
  }

  it('catches an import that runs back up a layer, into internals, or out of web/', () => {
    const edge = (from: string, specifier: string, to: string | undefined, typeOnly = false): ImportEdge => ({
      from,
      specifier,
      to,
      typeOnly,
    });
    const found = violations([
      edge('functions/platform/mail.ts', '#table/query.ts', 'functions/table/query.ts'),
      edge('functions/table/audit.ts', '#staff/index.ts', 'functions/staff/index.ts'),
      edge(
        'functions/checkout/x.ts',
        '#catalog/entities/product.ts',
        'functions/catalog/entities/product.ts',
      ),
      edge('functions/catalog/rules/x.ts', '@aws-sdk/lib-dynamodb', undefined),
      edge('functions/catalog/rules/x.ts', '../entities/product.ts', 'functions/catalog/entities/product.ts'),
      edge('web/src/x.tsx', '../../functions/routes.ts', 'functions/routes.ts'),
      edge('web/src/x.tsx', '../../shared/constants.ts', 'shared/constants.ts'),
      edge('shared/x.ts', '../functions/routes.ts', 'functions/routes.ts'),
      edge('shared/contracts/x.ts', 'zod', undefined),
      edge('functions/catalog/x.ts', 'zod/mini', undefined),
      edge('functions/catalog/y.ts', 'zod', undefined, true),
    ]);
    expect(Object.fromEntries(Object.entries(found).map(([rule, list]) => [rule, list.length]))).toEqual({
      platformUp: 1,
      tableUp: 1,
      intoInternals: 1,
      moduleOut: 0,
      impureRules: 2,
      sharedOut: 1,
      zodRuntime: 2,
      webOut: 2,
    });
    // a type-only import of an entity is fine in a rule file
    expect(
      violations([
        edge(
          'functions/catalog/rules/x.ts',
          '../entities/product.ts',
          'functions/catalog/entities/product.ts',
          true,
        ),
      ]).impureRules,
    ).toEqual([]);
  });
});
