import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { importsIn, sourceFiles } from '../support/import-graph.ts';

/**
 * The module figures of issue 46, for a tree of the repository (this one, or another checkout
 * given as an argument): `node test/architecture/module-figures.ts [root] [--sites]` prints them
 * (with --sites, where each provider branch is);
 * `moduleFigures(root)` answers them (for the benchmark). What each counts:
 *
 * - checkoutExports: the names functions/checkout/index.ts exports (`export { a, type B }` lists
 *   and `export function|const|class|interface|type|enum NAME`), each name once.
 * - providerBranches: in the non-test .ts files of functions/ outside functions/payments/, the
 *   route table (functions/routes.ts: the public paths, which the browser and the providers'
 *   dashboards call) and the handlers of the routes whose path names a provider (its webhooks,
 *   /webhooks/stripe and /webhooks/paypal, and PayPal's return routes /paypal/orders and
 *   /paypal/capture, whose contracts and answer fields are named after their paths), with
 *   comments taken out, the lines that match PROVIDER_NAME (a provider's name anywhere in code:
 *   identifiers, strings, paths, any case) or KIND_COMPARISON (a stored payment kind compared
 *   with a literal: `paymentType === 1`, `provider !== 'paypal'`, either side). A line counts
 *   once however often it matches; `providerBranchSites` lists them (file:line: what matched).
 * - checkoutLines: the lines of the non-test .ts files under functions/checkout/.
 * - webCrossFeatureImports: imports (each import or re-export statement, types too) in a file
 *   of web/src/features/<a>/ of a file in web/src/features/<b>/, a ≠ b; test files included.
 * - duplicatePairsPer1000Lines: the pairs the library's `duplicates` command finds in the tree
 *   (six or more shared lines), per 1,000 lines of the files it reads (the tracked and untracked
 *   unignored sources by DUPLICATE_SOURCES); undefined where the command is not on the PATH.
 */

export const PROVIDER_NAME = /stripe|paypal/gi;
export const KIND_COMPARISON =
  /\b(?:paymentType|provider)\s*[!=]==?\s*(?:\d|['"`])|(?:\d|['"`])\s*[!=]==?\s*[\w.?]*\b(?:paymentType|provider)\b/g;
/** A row of the route table: r('METHOD', 'path', 'handler module', …), on one line or several. */
const ROUTE_ROW = /\br\(\s*'[A-Z]+',\s*'([^']+)',\s*'([^']+)'/g;

/** The folder and the files whose provider names are not counted (see providerBranches). */
function providerScopeExcluded(routesSource: string): string[] {
  const providerRoutes = [...routesSource.matchAll(ROUTE_ROW)]
    .filter(([, routePath = '']) => new RegExp(PROVIDER_NAME.source, 'i').test(routePath))
    .map(([, , handler]) => `functions/${handler}.ts`);
  return ['functions/payments/', 'functions/routes.ts', ...providerRoutes];
}
/** What `duplicates` reads: source files by their ending (it passes over data and prose). */
const DUPLICATE_SOURCES = /\.(ts|tsx|js|mjs|cjs|css|html|sh|py)$/;

export interface ModuleFigures {
  checkoutExports: number;
  providerBranches: number;
  providerBranchSites: string[];
  checkoutLines: number;
  webCrossFeatureImports: number;
  duplicatePairsPer1000Lines?: number;
}

const isTest = (file: string) => /\.test\.tsx?$/.test(file);

/** The text of a file without its comments (strings kept, so `'//'` in one stays). */
export function withoutComments(source: string): string {
  return source.replace(/(['"`])(?:\\.|(?!\1)[^\\\n])*\1|\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, (match) =>
    match.startsWith('/') ? match.replace(/[^\n]/g, ' ') : match,
  );
}

export function exportedNames(source: string): string[] {
  const names = new Set<string>();
  const code = withoutComments(source);
  for (const [, list = ''] of code.matchAll(/export\s+(?:type\s+)?\{([^}]*)\}/g))
    for (const item of list.split(',')) {
      const name = item
        .trim()
        .replace(/^type\s+/, '')
        .split(/\s+as\s+/)
        .pop();
      if (name) names.add(name);
    }
  for (const [, name = ''] of code.matchAll(
    /export\s+(?:declare\s+)?(?:async\s+)?(?:function\*?|const|let|class|interface|type|enum)\s+([\w$]+)/g,
  ))
    names.add(name);
  return [...names];
}

/** Where code outside payments names a provider or compares a stored payment kind with a literal. */
export function providerBranchSites(file: string, source: string): string[] {
  const lines = withoutComments(source).split('\n');
  return lines.flatMap((line, index) => {
    const found = [...line.matchAll(PROVIDER_NAME), ...line.matchAll(KIND_COMPARISON)].map(([text]) => text);
    return found.length > 0 ? [`${file}:${index + 1}: ${found.join(', ')}`] : [];
  });
}

const featureOf = (file: string) => file.match(/^web\/src\/features\/([^/]+)\//)?.[1];

function duplicatesPer1000Lines(root: string, files: string[]): number | undefined {
  let answer: string;
  try {
    answer = execFileSync('duplicates', ['--repo', root, '--most', '1', '--seconds', '300'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
  } catch {
    return undefined;
  }
  const pairs = /^no duplicates/m.test(answer) ? '0' : answer.match(/^(\d+) pairs? /m)?.[1];
  if (pairs === undefined) return undefined;
  const lines = files
    .filter((file) => DUPLICATE_SOURCES.test(file))
    .reduce((sum, file) => sum + readFileSync(path.join(root, file), 'utf8').split('\n').length - 1, 0);
  return Math.round((Number(pairs) / lines) * 1000 * 10) / 10;
}

function allFiles(root: string): string[] {
  return execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  })
    .split('\n')
    .filter(Boolean);
}

export function moduleFigures(root: string, { duplicates = true } = {}): ModuleFigures {
  const files = sourceFiles(root);
  const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
  const production = files.filter((file) => !isTest(file));

  const excluded = providerScopeExcluded(read('functions/routes.ts'));
  const sites = production
    .filter((file) => file.startsWith('functions/') && !excluded.some((out) => file.startsWith(out)))
    .flatMap((file) => providerBranchSites(file, read(file)));

  const checkoutLines = production
    .filter((file) => file.startsWith('functions/checkout/') && file.endsWith('.ts'))
    .reduce((sum, file) => sum + read(file).split('\n').length - 1, 0);

  const webCrossFeatureImports = files
    .filter((file) => featureOf(file) !== undefined)
    .flatMap((file) => importsIn(root, file))
    .filter((edge) => {
      const to = edge.to && featureOf(edge.to);
      return to !== undefined && to !== featureOf(edge.from);
    }).length;

  const per1000 = duplicates ? duplicatesPer1000Lines(root, allFiles(root)) : undefined;
  return {
    checkoutExports: exportedNames(read('functions/checkout/index.ts')).length,
    providerBranches: sites.length,
    providerBranchSites: sites,
    checkoutLines,
    webCrossFeatureImports,
    ...(per1000 === undefined ? {} : { duplicatePairsPer1000Lines: per1000 }),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [given] = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
  const root = path.resolve(given ?? path.join(import.meta.dirname, '../..'));
  const figures = moduleFigures(root);
  const rows: [string, string][] = [
    ['checkout: exported names', String(figures.checkoutExports)],
    ['provider branches outside payments', String(figures.providerBranches)],
    ['checkout: lines', String(figures.checkoutLines)],
    ['web: cross-feature imports', String(figures.webCrossFeatureImports)],
    ['duplicate pairs per 1,000 lines', String(figures.duplicatePairsPer1000Lines ?? 'not measured')],
  ];
  const width = Math.max(...rows.map(([name]) => name.length));
  console.log(`module figures of ${root}`);
  for (const [name, value] of rows) console.log(`${name.padEnd(width)}  ${value.padStart(6)}`);
  if (process.argv.includes('--sites'))
    for (const site of figures.providerBranchSites) console.log(`  ${site}`);
}
