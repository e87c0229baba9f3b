import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { posix } from 'node:path';

/**
 * The checks that keep the docs pointing at rooms that exist (test/architecture/docs.test.ts).
 * Each takes the text and the repository's file list as arguments, so a test can run it on a
 * planted text and see it fail. Re-run them with `npx vitest run test/architecture/docs.test.ts`.
 */

/** The repository's files, as git tracks them (paths from its root). */
export function repoFiles(root = process.cwd()): string[] {
  return execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' }).split('\n').filter(Boolean);
}

/** The docs whose paths are checked: README.md, docs/**\/*.md and any README.md under infra/ or test/. */
export const checkedDocs = (files: string[]) =>
  files.filter(
    (f) => f === 'README.md' || /^docs\/.+\.md$/.test(f) || /^(infra|test)\/(.+\/)?README\.md$/.test(f),
  );

/**
 * Paths a doc may name that are not in the repository, each with why. Matched as a prefix of
 * the path as written.
 */
export const NOT_IN_THE_REPOSITORY: Record<string, string> = {
  '.local/': 'made by the local stack at run time (npm start, the test stack): data, demo photographs',
  'cdk.out/': 'made by npm run synth',
  'web/dist': 'made by npm run build:web',
  'test-results/': 'made by npm run test:iam (its report)',
  'node_modules/': 'made by npm install',
  '../shared/': "the workspace's product spec, beside the checkout and not in it",
};

/** File names a doc may name bare that no file in the repository has, each with why. */
export const NAMES_MADE_AT_RUN_TIME: Record<string, string> = {
  'index.mjs': "a function bundle's entry, made by infra/build-functions.ts",
  'index.mjs.map': "a function bundle's source map, made by infra/build-functions.ts",
  'aws-calls.bundles.jsonl': 'the AWS call log the bundle tests write',
  'trap.svg': 'a file name the fuzz and security tests upload, made by the test',
  'x.js': 'an example name in the robustness docs (a planted script), made by the test',
  'ALGORITHM.md': "a file of the passport's export, made by npm run passport:export",
  'vectors.json': "a file of the passport's export, made by npm run passport:export",
  'keys.json': "a file of the passport's export and of the public bucket's passport/, made at run time",
  'restore-manifest.json':
    "the source's counts an export writes beside its files (functions/backups/restore-reader.ts)",
};

/** A placeholder or a pattern rather than one path: `<capability>`, `*`, `…`, `{a,b}`, `a|b`. */
const isPattern = (path: string) => /[<>*…{}|$]|\.\.\.|\[/.test(path);

const FILE_EXTENSION =
  /\.(ts|tsx|js|mjs|cjs|json|jsonl|md|ya?ml|html|css|svg|png|jpe?g|webp|mp4|sh|conf|map|txt)$/;

/** A problem: which doc, which path as written, and why it is one. */
export interface DocPathProblem {
  doc: string;
  path: string;
  problem: string;
}

/**
 * Every repository path written in `text` (the doc at `doc`) that does not exist in `files`.
 * Looked at: backticked spans (each word in one), and Markdown links' targets. A word is a
 * repository path when it starts with a top-level folder of the repository and a '/', or with
 * './' or '../' (then read from the doc's folder, as Markdown does); a bare file name with an
 * extension (`stack.ts`) must be some file's name. Trailing punctuation and a line number
 * (`:42`) are dropped; placeholders and globs are skipped; so are the paths made at run time
 * listed above.
 */
export function missingPaths(doc: string, text: string, files: string[]): DocPathProblem[] {
  const fileSet = new Set(files);
  const folders = new Set<string>();
  for (const f of files) {
    const parts = f.split('/');
    for (let i = 1; i < parts.length; i++) folders.add(parts.slice(0, i).join('/'));
  }
  const topFolders = new Set(files.filter((f) => f.includes('/')).map((f) => f.split('/')[0] as string));
  const names = new Set(files.map((f) => posix.basename(f)));
  const words: string[] = [];
  for (const m of text.matchAll(/`([^`\n]+)`/g)) words.push(...(m[1] as string).split(/\s+/));
  for (const m of text.matchAll(/\]\(([^)\s]+)\)/g)) words.push(m[1] as string);
  const problems: DocPathProblem[] = [];
  for (const word of words) {
    const path = word
      .replace(/^[('"[]+/, '')
      .replace(/[)'",;.\]]+$/, '')
      .replace(/#.*$/, '')
      .replace(/:\d+(-\d+)?$/, '')
      .replace(/:$/, '');
    if (!path || /^[a-z]+:\/\//i.test(path) || isPattern(path)) continue;
    if (Object.keys(NOT_IN_THE_REPOSITORY).some((prefix) => path.startsWith(prefix))) continue;
    if (!path.includes('/')) {
      if (
        FILE_EXTENSION.test(path) &&
        /^\w[\w.-]*$/.test(path) &&
        !names.has(path) &&
        !(path in NAMES_MADE_AT_RUN_TIME)
      )
        problems.push({ doc, path, problem: 'no file in the repository has this name' });
      continue;
    }
    const relative = path.startsWith('./') || path.startsWith('../');
    if (!relative && !topFolders.has(path.split('/')[0] as string)) continue;
    const resolved = relative ? posix.normalize(posix.join(posix.dirname(doc), path)) : posix.normalize(path);
    if (resolved.startsWith('../')) continue; // outside the repository
    const bare = resolved.replace(/\/$/, '');
    if (!fileSet.has(bare) && !folders.has(bare))
      problems.push({ doc, path, problem: 'not in the repository' });
  }
  return problems;
}

/** missingPaths over every checked doc of the repository. */
export function missingPathsInDocs(root = process.cwd()): DocPathProblem[] {
  const files = repoFiles(root);
  return checkedDocs(files).flatMap((doc) =>
    missingPaths(doc, readFileSync(`${root}/${doc}`, 'utf8'), files),
  );
}

/** The entity files: functions/<module>/entities/*.ts, tests left out. */
export const entityFiles = (files: string[]) =>
  files.filter((f) => /^functions\/[^/]+\/entities\/[^/]+\.ts$/.test(f) && !f.endsWith('.test.ts'));

/**
 * How the entity table ("## Items and keys" of docs/reference/data-model-keys.md, which
 * `npm run docs` writes; its last column naming files under functions/) fails to map one-to-one to the entity files: an entity file it does not name, or
 * names more than once, and a file it names that does not exist.
 */
export function entityTableProblems(dataModel: string, files: string[]): string[] {
  const section = dataModel.split(/^## /m).find((s) => s.startsWith('Items and keys'));
  if (!section) return ['the keys table has no "## Items and keys" section'];
  const rows = section.split('\n').filter((line) => line.startsWith('|'));
  const header = rows[0]?.split('|').map((c) => c.trim()) ?? [];
  const fileColumn = header.findIndex((c) => c.startsWith('file'));
  if (fileColumn < 0) return ['the entity table has no "file" column'];
  const named = rows
    .slice(2)
    .flatMap((row) =>
      [...(row.split('|')[fileColumn] ?? '').matchAll(/`([^`]+\.ts)`/g)].map((m) => `functions/${m[1]}`),
    );
  const problems: string[] = [];
  const fileSet = new Set(files);
  for (const path of new Set(named))
    if (!fileSet.has(path)) problems.push(`the table names ${path}, which does not exist`);
  for (const entity of entityFiles(files)) {
    const times = named.filter((n) => n === entity).length;
    if (times === 0) problems.push(`${entity} is not named in the table`);
    if (times > 1) problems.push(`${entity} is named ${times} times in the table (once, then "same file")`);
  }
  return problems;
}

/**
 * How README.md's map of docs/ ("## The docs": one line per file, a link to it) fails to name
 * every file under docs/ once: a file it leaves out or names twice. A file it names that does not
 * exist is missingPaths' to catch.
 */
export function docsMapProblems(readme: string, files: string[]): string[] {
  const section = readme.split(/^## /m).find((s) => s.startsWith('The docs'));
  if (!section) return ['README.md has no "## The docs" map'];
  const named = [...section.matchAll(/^- \[[^\]]*\]\((docs\/[^)\s]+)\)/gm)].map((m) => m[1] as string);
  const problems: string[] = [];
  for (const doc of files.filter((f) => f.startsWith('docs/'))) {
    const times = named.filter((n) => n === doc).length;
    if (times === 0) problems.push(`${doc} is not in the README's map of docs/`);
    if (times > 1) problems.push(`${doc} is in the README's map of docs/ ${times} times`);
  }
  return problems;
}
