import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { EntityFileDoc } from '#platform/table-doc.ts';
import { accessWords, type Route, routes } from '../../functions/routes.ts';
import { moduleClosure } from '../api/answers.ts';

/**
 * The docs' reference parts, made from the code so they cannot drift (`npm run docs` writes
 * them; test/architecture/generated-docs.test.ts fails when what is committed differs):
 * docs/reference/data-model-keys.md, from the `tableDoc` each entity file exports, and
 * docs/reference/routes.md, from the route table of functions/routes.ts. Both are written as the
 * generator lays them out (biome.json leaves docs/reference/ alone, as it does benchmarks.md).
 */

export const ROOT = resolve(import.meta.dirname, '../..');

/** Files outside functions/*\/entities/ that own table items (named in the keys table). */
export const OTHER_ITEM_FILES = [
  'functions/table/rate-limit.ts',
  'functions/table/devices.ts',
  'functions/table/sessions.ts',
  'functions/table/audit.ts',
  'functions/platform/uploads.ts',
];

/**
 * The order of the keys table: the storefront's items, the members', the shop's machinery, the
 * orders and owners, staff, the passport, the draws. A file not listed comes after, by path.
 */
const ROW_ORDER = [
  'catalog/entities/collection.ts',
  'catalog/entities/image.ts',
  'catalog/entities/product.ts',
  'catalog/entities/video.ts',
  'catalog/entities/film.ts',
  'catalog/entities/size.ts',
  'size-finder/entities/size-finder.ts',
  'members/entities/member.ts',
  'members/entities/release.ts',
  'members/entities/terms.ts',
  'size-finder/entities/answer.ts',
  'table/rate-limit.ts',
  'table/devices.ts',
  'checkout/entities/order.ts',
  'checkout/entities/provider-event.ts',
  'authenticity/entities/auth-record.ts',
  'table/sessions.ts',
  'staff/entities/admin.ts',
  'table/audit.ts',
  'platform/uploads.ts',
  'catalog/entities/card-claim.ts',
  'authenticity/entities/reset-token.ts',
  'authenticity/entities/login-link.ts',
  'checkout/entities/order-delete-token.ts',
  'passport/entities/certificate.ts',
  'passport/entities/signing-keys.ts',
  'passport/entities/proof.ts',
  'passport/entities/log-items.ts',
  'passport/entities/sequencer-lease.ts',
  'passport/entities/status-items.ts',
  'draws/entities/draw.ts',
  'draws/entities/create-draw.ts',
  'draws/entities/entry.ts',
  'draws/entities/entry-link.ts',
  'draws/entities/entry-binding.ts',
  'draws/entities/entry-outcome.ts',
];

/** Every file that says what it holds of the table: the entity files, then OTHER_ITEM_FILES. */
export function itemFiles(root = ROOT): string[] {
  const entities = readdirSync(join(root, 'functions'), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .flatMap((d) => {
      const folder = join(root, 'functions', d.name, 'entities');
      try {
        return readdirSync(folder)
          .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
          .map((f) => `functions/${d.name}/entities/${f}`);
      } catch {
        return [];
      }
    });
  return [...entities.sort(), ...OTHER_ITEM_FILES];
}

/** Each item file's `tableDoc`, by path; a file without one is an error naming it. */
export async function tableDocs(root = ROOT): Promise<Map<string, EntityFileDoc>> {
  const docs = new Map<string, EntityFileDoc>();
  for (const file of itemFiles(root)) {
    const module = (await import(join(root, file))) as { tableDoc?: EntityFileDoc };
    if (!module.tableDoc) throw new Error(`${file} exports no tableDoc (functions/platform/table-doc.ts)`);
    docs.set(file, module.tableDoc);
  }
  return docs;
}

const cell = (text: string | undefined) => (text ?? '').replaceAll('|', '\\|').replaceAll('\n', ' ');
/** A Markdown table row; an empty cell is one space. */
const row = (cells: string[]) => `|${cells.map((c) => (c ? ` ${c} ` : ' ')).join('|')}|`;
const rank = (file: string) => {
  const i = ROW_ORDER.indexOf(file.replace(/^functions\//, ''));
  return i < 0 ? ROW_ORDER.length : i;
};

/** docs/data-model.md's "Items and keys" table. */
export function keysTable(docs: Map<string, EntityFileDoc>): string {
  const owners = [...docs].filter(([, d]) => d.items?.length);
  owners.sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b));
  const entities = new Set(owners.flatMap(([, d]) => d.items?.map((i) => i.entity) ?? []));
  const lines = [
    '| entity | pk | sk | gsi1pk / gsi1sk | gsi2pk / gsi2sk | file (under `functions/`) |',
    '| --- | --- | --- | --- | --- | --- |',
  ];
  for (const [file, doc] of owners) {
    for (const [n, item] of (doc.items ?? []).entries()) {
      const named = `\`${file.replace(/^functions\//, '')}\``;
      const companions =
        n === 0
          ? [...docs]
              .filter(([, d]) => d.adds && d.adds.to === item.entity)
              .map(([f, d]) => `; ${d.adds?.what} \`${f.replace(/^functions\//, '')}\``)
              .join('')
          : '';
      const fileCell =
        n === 0
          ? `${named}${item.fileNote ? ` ${item.fileNote}` : ''}${companions}`
          : `same file${item.fileNote ? `; ${item.fileNote}` : ''}`;
      lines.push(row([item.entity, item.pk, item.sk, item.gsi1, item.gsi2, fileCell].map(cell)));
    }
  }
  for (const [file, doc] of docs)
    if (doc.adds && !entities.has(doc.adds.to))
      throw new Error(`${file} adds to "${doc.adds.to}", which no file's items name`);
  return lines.join('\n');
}

/** docs/reference/routes.md: one row per route of functions/routes.ts. */
export function routesDoc(table: readonly Route[] = routes): string {
  const rows = table.map((r) => {
    const module = r.handler.split('/')[0];
    const notes = [r.pending ? 'pending' : '', r.edge ? `edge-cached (${r.edge.cache})` : '']
      .filter(Boolean)
      .join(', ');
    return row([r.method, `\`/api${r.path}\``, r.auth, `\`functions/${r.handler}.ts\``, module ?? '', notes]);
  });
  return [
    '# Routes',
    '',
    '<!-- Written by `npm run docs` (infra/docs/generate.ts) from `functions/routes.ts`; do not edit by hand. -->',
    '',
    `Every route of the API (${table.length}), in the route table's order: its method and path (under`,
    "the shop's domain), who may call it, its handler and module. Each is one Lambda function whose",
    'IAM role is granted from its row (`docs/iam.md`); its DynamoDB requests are in',
    '`docs/data-model.md`, Access patterns.',
    '',
    '| method | path | auth | handler | module | notes |',
    '| --- | --- | --- | --- | --- | --- |',
    ...rows,
    '',
  ].join('\n');
}

/** docs/reference/data-model-keys.md: the keys table, with what it is. */
export function keysDoc(docs: Map<string, EntityFileDoc>): string {
  return [
    '# Data model: items and keys',
    '',
    '<!-- Written by `npm run docs` (infra/docs/generate.ts) from the `tableDoc` of each entity file; do not edit by hand. -->',
    '',
    'Every item of the one table: its keys and the file that owns it (under `functions/`). What the',
    'attributes and indexes are for, and every access pattern: `docs/data-model.md`.',
    '',
    '## Items and keys',
    '',
    keysTable(docs),
    '',
  ].join('\n');
}

/**
 * docs/reference/access-patterns.md: for each route, the AWS actions its function is granted (its
 * row's access, which IAM is made from and test/iam holds to every recorded call) and the table
 * items its code can reach: the entities of every item file among the modules its handler imports.
 */
export function accessPatternsDoc(
  docs: Map<string, EntityFileDoc>,
  table: readonly Route[] = routes,
): string {
  const entitiesOf = new Map(
    [...docs].map(([file, doc]) => [
      join(ROOT, file),
      [...(doc.items ?? []).map((item) => item.entity), ...(doc.adds ? [doc.adds.to] : [])],
    ]),
  );
  const rows = table
    .filter((r) => !r.pending)
    .map((r) => {
      const reached = moduleClosure(join(ROOT, 'functions', `${r.handler}.ts`))
        .flatMap((file) => entitiesOf.get(file) ?? [])
        .map((entity) => entity.replace(/\s*\(.*$/, ''));
      const actions = accessWords(r.access).map((word) => `\`${word}\``);
      return row(
        [r.method, `\`/api${r.path}\``, actions.join(' '), [...new Set(reached)].sort().join('; ')].map(cell),
      );
    });
  return [
    '# Access patterns by route',
    '',
    '<!-- Written by `npm run docs` (infra/docs/generate.ts) from `functions/routes.ts` and the entity files; do not edit by hand. -->',
    '',
    'Each route: the AWS actions its function is granted (its row of `functions/routes.ts`: IAM is',
    'made from them and `npm run test:iam` holds every recorded call to them) and the table items its',
    'code can reach (the entities of the item files among the modules its handler imports, through a',
    "capability's `index.ts` only what it imports). How many requests each read and write costs, and",
    'why: `docs/data-model.md`, Access patterns.',
    '',
    '| method | path | granted | items its code reaches |',
    '| --- | --- | --- | --- |',
    ...rows,
    '',
  ].join('\n');
}

/** Every generated file, by path from the root, with what `npm run docs` writes into it now. */
export async function generatedDocs(root = ROOT): Promise<Map<string, string>> {
  return new Map([
    ['docs/reference/data-model-keys.md', keysDoc(await tableDocs(root))],
    ['docs/reference/routes.md', routesDoc()],
    ['docs/reference/access-patterns.md', accessPatternsDoc(await tableDocs(root))],
  ]);
}
