import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { UPLOAD_KINDS } from '#shared/admin.ts';
import { MEDIA_PREFIX } from '#shared/constants.ts';
import { S3_URL_PREFIX } from '#shared/media.ts';

/**
 * The media keys a web page names outright: a string literal (or a template's fixed start) that
 * is a stored url (`s3/<key>`) or a same-origin media address (`/media/<key>`), and every CSS
 * `url(/media/…)`. A page may build such addresses from what the API answers (`s3/` + a key
 * read from the table); a key written in the page itself is a file somebody must put in the
 * bucket by hand, which only the local demo does.
 */
export interface NamedKey {
  file: string;
  literal: string;
  key: string;
}

const MEDIA = `${MEDIA_PREFIX}/`;

/** The key a literal names, or undefined when it names none (or only a prefix to build on). */
function keyOf(text: string): string | undefined {
  const at = text.startsWith(S3_URL_PREFIX)
    ? S3_URL_PREFIX.length
    : text.includes(MEDIA)
      ? text.indexOf(MEDIA) + MEDIA.length
      : -1;
  if (at < 0) return undefined;
  const key = text.slice(at).split(/[?#\s"')]/)[0] ?? '';
  return key === '' ? undefined : key;
}

/** Every media key named in one file's text (TypeScript, TSX, CSS or HTML). */
export function keysNamedIn(file: string, text: string): NamedKey[] {
  const found: NamedKey[] = [];
  const add = (literal: string) => {
    const key = keyOf(literal);
    if (key !== undefined) found.push({ file, literal, key });
  };
  if (/\.(ts|tsx)$/.test(file)) {
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
    const visit = (node: ts.Node) => {
      if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateHead(node))
        add(node.text);
      else if (ts.isTemplateMiddle(node) || ts.isTemplateTail(node) || ts.isJsxText(node)) {
        // After an interpolation the text is no address's start; JSX text is words on a page.
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  } else {
    for (const match of text.matchAll(/(?:url\(\s*["']?|(?:src|href|content)=["'])([^"')\s]+)/g))
      add(match[1] ?? '');
  }
  return found;
}

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

/**
 * The keys production writes: an admin upload's (`<kind prefix><uuid>.<extension>`, made by
 * functions/platform/uploads.ts, the only writer of new media, films included) and the
 * responsive set made from an uploaded picture (`…/<uuid>/<width>w.<format>`, and its crop for link
 * previews, `…/<uuid>/preview-1200x630.jpg`).
 */
const PRODUCED = Object.values(UPLOAD_KINDS).map(
  (kind) =>
    new RegExp(
      `^${kind.prefix.replace(/[/]/g, '\\/')}${UUID}(?:\\.(?:${Object.values(kind.types).join('|')})|\\/\\d+w\\.(?:avif|webp|jpg)|\\/preview-\\d+x\\d+\\.jpg)$`,
    ),
);

export const producedInProduction = (key: string): boolean => PRODUCED.some((p) => p.test(key));

/** The keys of the web's pages that nothing in production writes. */
export function unwrittenKeys(named: NamedKey[]): NamedKey[] {
  return named.filter((n) => !producedInProduction(n.key));
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(path);
    return /\.(ts|tsx|css|html)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** What the web's pages are made of: web/src, web/index.html and the shared code they import. */
export function webSourceFiles(root = process.cwd()): string[] {
  return [
    ...filesUnder(join(root, 'web/src')),
    join(root, 'web/index.html'),
    ...filesUnder(join(root, 'shared')),
  ].map((f) => relative(root, f));
}

export function keysNamedInWeb(root = process.cwd()): NamedKey[] {
  return webSourceFiles(root).flatMap((file) => keysNamedIn(file, readFileSync(join(root, file), 'utf8')));
}
