import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { apiCompare } from 'api-smart-diff';
import type { Audience } from './document.ts';
import { DOCUMENTS_DIR, documentFile, documentText } from './write-documents.ts';

/**
 * Each release keeps its API documents (shared/api/releases/<version>/), and a change to the API
 * is held to the package's version against the last of them: a breaking change (an operation or
 * a field removed, a type narrowed, a new required input), as api-smart-diff classifies it, needs
 * a new major version (a new minor while the major is 0). `npm run api:release` records the
 * documents of the package's version; test/api/breaking-changes.test.ts checks every change.
 */
export const RELEASES_DIR = path.join(DOCUMENTS_DIR, 'releases');
const FILE_NAME = (audience: Audience) => path.basename(documentFile(audience));

type Version = [number, number, number];
const parse = (version: string): Version => {
  const parts = version.split('.').map(Number);
  if (parts.length !== 3 || parts.some((n) => !Number.isInteger(n)))
    throw new Error(`not a version: ${version}`);
  return parts as Version;
};
const compare = (a: Version, b: Version) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2];

export const packageVersion = () =>
  (JSON.parse(readFileSync(path.resolve(DOCUMENTS_DIR, '../../package.json'), 'utf8')) as { version: string })
    .version;

/** The newest release recorded at or before `version`. */
export function lastRelease(version = packageVersion()): string | undefined {
  if (!existsSync(RELEASES_DIR)) return undefined;
  return readdirSync(RELEASES_DIR)
    .filter((name) => compare(parse(name), parse(version)) <= 0)
    .sort((a, b) => compare(parse(a), parse(b)))
    .at(-1);
}

export const releasedDocument = (release: string, audience: Audience): object =>
  JSON.parse(readFileSync(path.join(RELEASES_DIR, release, FILE_NAME(audience)), 'utf8'));

/** The breaking changes from `before` to `after`, in api-smart-diff's words, with where. */
export function breakingChanges(before: object, after: object): string[] {
  const { diffs } = apiCompare(before, after);
  return diffs
    .filter((diff) => diff.type === 'breaking' && diff.path[0] !== 'components')
    .map((diff) => `${diff.description ?? diff.action} (${diff.path.join('.')})`);
}

/** Whether going from `released` to `version` may break the API: a new major (or minor, in 0.x). */
export function mayBreak(released: string, version: string): boolean {
  const [major, minor] = parse(released);
  const [newMajor, newMinor] = parse(version);
  return major === 0 ? newMajor > 0 || newMinor > minor : newMajor > major;
}

if (import.meta.main) {
  const version = packageVersion();
  const dir = path.join(RELEASES_DIR, version);
  mkdirSync(dir, { recursive: true });
  for (const audience of ['public', 'admin'] as const) {
    const file = path.join(dir, FILE_NAME(audience));
    const text = documentText(audience);
    if (existsSync(file) && readFileSync(file, 'utf8') !== text)
      throw new Error(`${file} records ${version} already, as released: a new version needs a new number`);
    writeFileSync(file, text);
    console.log(`recorded ${path.relative(process.cwd(), file)}`);
  }
}
