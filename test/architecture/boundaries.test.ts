import { describe, expect, it } from 'vitest';
import { type ImportEdge, importsOf, sourceFiles } from '../support/import-graph.ts';

/**
 * The house rules of docs/architecture.md, checked on every import of the repository:
 * functions/ in layers (platform ← table ← capability modules), module cores in one declared
 * order, no import cycle between files, modules entered only through their index, rule files
 * free of AWS and HTTP, payment providers only inside payments, zod only as shared/zod.ts, and
 * web/ reaching only the shared contracts.
 */

/**
 * The modules' cores, bottom first: a core may import only modules of a lower level (never one
 * of its own level or above). A level that is a list holds siblings that must not import each
 * other's cores. staff (accounts, sessions, the guard, the audit log), media (the picture
 * sets, a job that uses no module) and payments (one provider interface, its providers and their
 * registry; it uses no module, and checkout and the draws pay through it) at the bottom; catalog on them; the passport (its signing key,
 * its log) on them, since authenticity and checkout append to its log; members, size finders and
 * authenticity on the catalogue; checkout (it sells pieces, records owners and reads the
 * published terms); the release draws (issue 35: a draw's entries are checkouts); at the top the
 * public pages rendered ahead of time (issue 47), which read what every module shows the shopper.
 */
const MODULE_ORDER: readonly (string | readonly string[])[] = [
  ['staff', 'media', 'payments'],
  'catalog',
  'passport',
  ['members', 'size-finder', 'authenticity'],
  'checkout',
  'draws',
  // the restore validation (issue 49) reads every module's items, as the restored table holds them
  ['pages', 'backups'],
];
const MODULES = MODULE_ORDER.flat();
/** The one folder of functions/ that composes the whole app (placeOf). */
const APP_RENDERER = 'functions/pages/app/';
const levelOf = (module: string) =>
  MODULE_ORDER.findIndex((level) => (typeof level === 'string' ? level === module : level.includes(module)));

/**
 * A module's handlers: they may compose several modules' index.ts, whatever their level. The
 * rest of a module (entities, rules, adapters, index.ts, use cases at its root) is its core.
 */
const HANDLER_FOLDERS = ['http', 'admin', 'webhooks', 'jobs', 'events'];
const isCore = (file: string) => {
  const [, folder] = file.match(/^functions\/[^/]+\/([^/]+)\//) ?? [];
  return !folder || !HANDLER_FOLDERS.includes(folder);
};

/**
 * Files that may import each other's types in a loop (never values): each group lives in one
 * folder, and says why.
 */
const TYPE_ONLY_CYCLES: { files: string[]; why: string }[] = [
  {
    files: ['collection', 'image', 'product', 'size', 'video'].map(
      (f) => `functions/catalog/entities/${f}.ts`,
    ),
    why: "the catalogue entities name each other in their item types (a collection's family holds its sizes and products, a product its pictures and videos); their keys are in keys.ts, so no value goes round",
  },
];

const files = sourceFiles();
const edges = files.flatMap(importsOf);

type Place = {
  layer: 'platform' | 'table' | 'module' | 'routes' | 'app' | 'shared' | 'web' | 'other';
  module?: string;
};

function placeOf(file: string): Place {
  if (file.startsWith('shared/')) return { layer: 'shared' };
  if (file.startsWith('web/')) return { layer: 'web' };
  if (file === 'functions/routes.ts') return { layer: 'routes' };
  // The public pages' renderer (issue 47): the app rendered in a function, its reads answered by
  // the route table's handlers in process as API Gateway would, its React from the web app's
  // server build. It composes the whole app, as the gateway does; only the pages' handlers use it.
  if (file.startsWith(APP_RENDERER)) return { layer: 'app' };
  const [, top] = file.match(/^functions\/([^/]+)\//) ?? [];
  if (top === 'platform') return { layer: 'platform' };
  if (top === 'table') return { layer: 'table' };
  if (top && MODULES.includes(top)) return { layer: 'module', module: top };
  return { layer: 'other' };
}

/** The payment providers' own SDKs. */
const PROVIDER_SDK = /^stripe($|\/)|^@paypal\//;

/** A planted import, for the cases that show a rule failing. */
const edge = (from: string, specifier: string, to: string | undefined, typeOnly = false): ImportEdge => ({
  from,
  specifier,
  to,
  typeOnly,
});

const isTest = (file: string) => /\.test\.tsx?$/.test(file);
const show = (list: ImportEdge[]) => list.map((edge) => `${edge.from} → ${edge.specifier}`);

/** The production files the cycle rule runs over. */
const inCycleScope = (file: string) => /^(functions|shared|web|infra)\//.test(file) && !isTest(file);

/** Strongly connected groups of more than one file (Tarjan), with the edges inside each. */
function cycles(list: ImportEdge[]): { files: string[]; edges: ImportEdge[] }[] {
  const next = new Map<string, ImportEdge[]>();
  for (const edge of list) {
    if (!edge.to || !inCycleScope(edge.from) || !inCycleScope(edge.to)) continue;
    next.set(edge.from, [...(next.get(edge.from) ?? []), edge]);
    if (!next.has(edge.to)) next.set(edge.to, []);
  }
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (file: string) => {
    index.set(file, counter);
    low.set(file, counter);
    counter++;
    stack.push(file);
    onStack.add(file);
    for (const { to } of next.get(file) ?? []) {
      const target = to as string;
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file) as number, low.get(target) as number));
      } else if (onStack.has(target))
        low.set(file, Math.min(low.get(file) as number, index.get(target) as number));
    }
    if (low.get(file) !== index.get(file)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop() as string;
      onStack.delete(member);
      group.push(member);
    } while (member !== file);
    if (group.length > 1) groups.push(group.sort());
  };
  for (const file of next.keys()) if (!index.has(file)) visit(file);
  return groups.map((files) => ({
    files,
    edges: files.flatMap((file) =>
      (next.get(file) ?? []).filter((edge) => files.includes(edge.to as string)),
    ),
  }));
}

/** Imports that run against the layering, for the test and for the architecture doc's figures. */
function violations(all: ImportEdge[] = edges): Record<string, ImportEdge[]> {
  const production = all.filter((edge) => !isTest(edge.from));
  const inside = (edge: ImportEdge) => edge.to !== undefined;
  const allowedTypeCycle = (files: string[]) =>
    TYPE_ONLY_CYCLES.some((allowed) => files.every((file) => allowed.files.includes(file)));
  return {
    // no two files import each other's values, directly or round a loop of any length
    importCycle: cycles(production.filter((edge) => !edge.typeOnly)).flatMap((cycle) => cycle.edges),
    // a loop that only type imports close stays only inside one listed folder (TYPE_ONLY_CYCLES)
    typeCycle: cycles(production)
      .filter((cycle) => cycle.edges.some((edge) => edge.typeOnly) && !allowedTypeCycle(cycle.files))
      .flatMap((cycle) => cycle.edges),
    // a module's core imports only modules below it (MODULE_ORDER); handlers compose any
    moduleOrder: production.filter((edge) => {
      const from = placeOf(edge.from);
      if (from.layer !== 'module' || !inside(edge) || !isCore(edge.from)) return false;
      const to = placeOf(edge.to as string);
      if (to.layer !== 'module' || to.module === from.module) return false;
      return levelOf(to.module as string) >= levelOf(from.module as string);
    }),
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
    // a payment provider's SDK and its provider files are imported only inside payments: the
    // rest of functions/ (checkout, the draws, their webhook handlers) pays through its index
    providerOutside: production.filter((edge) => {
      if (!edge.from.startsWith('functions/') || edge.from.startsWith('functions/payments/')) return false;
      return (
        PROVIDER_SDK.test(edge.specifier) || edge.to?.startsWith('functions/payments/providers/') === true
      );
    }),
    // modules never import the route table or anything outside functions/ and shared/
    moduleOut: production.filter((edge) => {
      if (placeOf(edge.from).layer !== 'module' || !inside(edge)) return false;
      const to = placeOf(edge.to as string).layer;
      // the pages' handlers (never a core) run the app's renderer
      if (to === 'app' && edge.from.startsWith('functions/pages/') && !isCore(edge.from)) return false;
      return !['platform', 'table', 'module', 'shared'].includes(to);
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
      importCycle: 0,
      typeCycle: 0,
      moduleOrder: 0,
      platformUp: 1,
      tableUp: 1,
      intoInternals: 1,
      moduleOut: 0,
      providerOutside: 0,
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

  it("lets only the pages' handlers run the app's renderer (functions/pages/app/)", () => {
    const found = violations([
      edge(
        'functions/pages/jobs/render-all.ts',
        '../app/render-pages.ts',
        'functions/pages/app/render-pages.ts',
      ),
      edge(
        'functions/pages/catalogue-facts.ts',
        './app/render-pages.ts',
        'functions/pages/app/render-pages.ts',
      ),
      edge('functions/catalog/http/get-product.ts', '#pages/app/x.ts', 'functions/pages/app/x.ts'),
    ]);
    expect(show(found.moduleOut ?? [])).toEqual([
      'functions/pages/catalogue-facts.ts → ./app/render-pages.ts',
      'functions/catalog/http/get-product.ts → #pages/app/x.ts',
    ]);
  });

  it('catches a provider SDK or a provider file imported outside payments, and lets its index through', () => {
    const found = violations([
      edge('functions/checkout/http/secret.ts', 'stripe', undefined),
      edge('functions/draws/enter.ts', '@paypal/paypal-server-sdk', undefined),
      edge('functions/checkout/webhooks/stripe.ts', 'stripe', undefined, true),
      edge(
        'functions/draws/adapters/entry-payments.ts',
        '#payments/providers/stripe.ts',
        'functions/payments/providers/stripe.ts',
      ),
      // inside payments, and through its index: fine
      edge('functions/payments/providers/stripe-client.ts', 'stripe', undefined, true),
      edge(
        'functions/payments/registry.ts',
        './providers/paypal.ts',
        'functions/payments/providers/paypal.ts',
      ),
      edge('functions/draws/enter.ts', '#payments/index.ts', 'functions/payments/index.ts'),
      edge('functions/checkout/http/secret.ts', '#payments/index.ts', 'functions/payments/index.ts'),
      // payments is below checkout: it never reaches up into it
      edge('functions/payments/registry.ts', '#checkout/index.ts', 'functions/checkout/index.ts'),
    ]);
    expect(show(found.providerOutside ?? [])).toEqual([
      'functions/checkout/http/secret.ts → stripe',
      'functions/draws/enter.ts → @paypal/paypal-server-sdk',
      'functions/checkout/webhooks/stripe.ts → stripe',
      'functions/draws/adapters/entry-payments.ts → #payments/providers/stripe.ts',
    ]);
    expect(show(found.intoInternals ?? [])).toEqual([
      'functions/draws/adapters/entry-payments.ts → #payments/providers/stripe.ts',
    ]);
    expect(show(found.moduleOrder ?? [])).toEqual(['functions/payments/registry.ts → #checkout/index.ts']);
  });

  it('states every module in the order, once', () => {
    expect(MODULES.length).toBe(new Set(MODULES).size);
    const present = new Set(files.map((file) => placeOf(file).module).filter(Boolean));
    expect([...present].sort()).toEqual([...MODULES].sort());
  });

  it('catches an import cycle of two files and of three, values or types outside the list', () => {
    const edge = (from: string, to: string, typeOnly = false): ImportEdge => ({
      from,
      specifier: to,
      to,
      typeOnly,
    });
    const found = violations([
      // two files importing each other
      edge('functions/catalog/entities/a.ts', 'functions/catalog/entities/b.ts'),
      edge('functions/catalog/entities/b.ts', 'functions/catalog/entities/a.ts'),
      // three files round a loop, across modules
      edge('functions/catalog/index.ts', 'functions/size-finder/index.ts'),
      edge('functions/size-finder/index.ts', 'functions/authenticity/index.ts'),
      edge('functions/authenticity/index.ts', 'functions/catalog/index.ts'),
      // a loop closed by a type import, in two folders: not listed
      edge('shared/films.ts', 'shared/contracts/films.ts', true),
      edge('shared/contracts/films.ts', 'shared/films.ts'),
      // a type-only loop of the listed catalogue entities: allowed
      edge('functions/catalog/entities/size.ts', 'functions/catalog/entities/product.ts', true),
      edge('functions/catalog/entities/product.ts', 'functions/catalog/entities/size.ts', true),
      // a test file's loop is not production
      edge('functions/catalog/x.test.ts', 'functions/catalog/y.ts'),
      edge('functions/catalog/y.ts', 'functions/catalog/x.test.ts'),
    ]);
    expect(show(found.importCycle ?? [])).toEqual([
      'functions/catalog/entities/a.ts → functions/catalog/entities/b.ts',
      'functions/catalog/entities/b.ts → functions/catalog/entities/a.ts',
      'functions/authenticity/index.ts → functions/catalog/index.ts',
      'functions/catalog/index.ts → functions/size-finder/index.ts',
      'functions/size-finder/index.ts → functions/authenticity/index.ts',
    ]);
    expect(found.importCycle).toHaveLength(5);
    expect(show(found.typeCycle ?? [])).toEqual([
      'shared/contracts/films.ts → shared/films.ts',
      'shared/films.ts → shared/contracts/films.ts',
    ]);
  });

  it('catches a module core importing a module not below it, and lets handlers compose', () => {
    const edge = (from: string, to: string, typeOnly = false): ImportEdge => ({
      from,
      specifier: to,
      to,
      typeOnly,
    });
    const found = violations([
      // up: catalog's entity uses size-finder and authenticity (type imports count too)
      edge('functions/catalog/entities/collection.ts', 'functions/size-finder/index.ts'),
      edge('functions/catalog/rules/public-views.ts', 'functions/size-finder/index.ts', true),
      edge('functions/catalog/entities/product.ts', 'functions/authenticity/index.ts'),
      // up from the bottom: staff's core uses catalog
      edge('functions/staff/admin-auth.ts', 'functions/catalog/index.ts'),
      // sideways: siblings of one level
      edge('functions/members/releases.ts', 'functions/size-finder/index.ts'),
      edge('functions/authenticity/entities/auth-record.ts', 'functions/members/index.ts'),
      edge('functions/media/adapters/picture-set.ts', 'functions/staff/index.ts'),
      // down: fine
      edge('functions/checkout/entities/order.ts', 'functions/catalog/index.ts'),
      edge('functions/checkout/start-checkout.ts', 'functions/members/index.ts'),
      edge('functions/members/releases.ts', 'functions/catalog/index.ts'),
      edge('functions/size-finder/entities/answer.ts', 'functions/catalog/index.ts'),
      edge('functions/catalog/index.ts', 'functions/staff/index.ts'),
      // handlers compose any module
      edge('functions/catalog/admin/products/create-product.ts', 'functions/authenticity/index.ts'),
      edge('functions/staff/http/x.ts', 'functions/checkout/index.ts'),
      edge('functions/members/jobs/send-releases.ts', 'functions/checkout/index.ts'),
      edge('functions/checkout/webhooks/stripe.ts', 'functions/authenticity/index.ts'),
      edge('functions/members/events/ses-feedback.ts', 'functions/size-finder/index.ts'),
    ]);
    expect(show(found.moduleOrder ?? [])).toEqual([
      'functions/catalog/entities/collection.ts → functions/size-finder/index.ts',
      'functions/catalog/rules/public-views.ts → functions/size-finder/index.ts',
      'functions/catalog/entities/product.ts → functions/authenticity/index.ts',
      'functions/staff/admin-auth.ts → functions/catalog/index.ts',
      'functions/members/releases.ts → functions/size-finder/index.ts',
      'functions/authenticity/entities/auth-record.ts → functions/members/index.ts',
      'functions/media/adapters/picture-set.ts → functions/staff/index.ts',
    ]);
  });
});
