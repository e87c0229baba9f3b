import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT_DIR } from '../../infra/build-functions.ts';

/** One import or re-export of a source file, with the file it resolves to inside the repository. */
export interface ImportEdge {
  from: string;
  specifier: string;
  /** Repository-relative path, or undefined for a package (npm or node:). */
  to: string | undefined;
  typeOnly: boolean;
}

/** package.json's imports, each to its source: a conditional one (#web-render) to its `types` file. */
const ALIASES = Object.fromEntries(
  Object.entries(
    JSON.parse(readFileSync(path.join(ROOT_DIR, 'package.json'), 'utf8')).imports as Record<
      string,
      string | { types: string }
    >,
  ).map(([alias, target]) => [alias, typeof target === 'string' ? target : target.types]),
);

/** The repository's tracked TypeScript sources (and untracked ones not ignored); another tree's with `root`. */
export function sourceFiles(root = ROOT_DIR): string[] {
  return execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  })
    .split('\n')
    .filter((file) => /\.(ts|tsx)$/.test(file) && !file.endsWith('.d.ts'));
}

export function resolveSpecifier(from: string, specifier: string): string | undefined {
  for (const [alias, target] of Object.entries(ALIASES)) {
    const prefix = alias.replace('*', '');
    if (specifier.startsWith(prefix))
      return path.posix.normalize(target.replace('*', specifier.slice(prefix.length)));
  }
  if (specifier.startsWith('.'))
    return path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
  return undefined;
}

// Either quote: the formatter writes single quotes, but a file it has not formatted yet still counts.
const STATIC = /^\s*(import|export)(\s+type)?\b[^'";]*?\bfrom\s*['"]([^'"]+)['"]/gm;
const SIDE_EFFECT = /^\s*import\s*['"]([^'"]+)['"]/gm;
const DYNAMIC = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

export function importsOf(file: string): ImportEdge[] {
  return importsIn(ROOT_DIR, file);
}

/** The imports of a file of the tree at `root` (another checkout of the repository). */
export function importsIn(root: string, file: string): ImportEdge[] {
  const source = readFileSync(path.join(root, file), 'utf8');
  const edges: ImportEdge[] = [];
  for (const [, , typeKeyword, specifier = ''] of source.matchAll(STATIC))
    edges.push({
      from: file,
      specifier,
      to: resolveSpecifier(file, specifier),
      typeOnly: Boolean(typeKeyword),
    });
  for (const [, specifier = ''] of [...source.matchAll(SIDE_EFFECT), ...source.matchAll(DYNAMIC)])
    edges.push({ from: file, specifier, to: resolveSpecifier(file, specifier), typeOnly: false });
  return edges;
}
