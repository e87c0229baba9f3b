import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Plugin } from 'vite';

/**
 * The API reference page (issue 48) is built like the app's pages (web/api-docs.html, its script
 * and styles into /assets/) but answered by the API at /api/docs (GET /docs): CloudFront sends all
 * of /api to API Gateway and has no behaviour left for another path. So the built HTML leaves the
 * web bucket's files and becomes a module the handler bundles (`#api-reference-page`,
 * package.json), as the page renderer's build does (vite-server-render.ts).
 */
export function apiReferencePage({ html, outFile }: { html: string; outFile: string }): Plugin {
  let outDir = '';
  return {
    name: 'one-of-one:api-reference-page',
    apply: 'build',
    configResolved(config) {
      outDir = join(config.root, config.build.outDir);
    },
    async closeBundle() {
      const built = join(outDir, html);
      const page = await readFile(built, 'utf8');
      await rm(built);
      await mkdir(join(outFile, '..'), { recursive: true });
      await writeFile(
        outFile,
        `// Built by web/vite-api-reference.ts from web/${html}.\nexport const pageHtml = ${JSON.stringify(page)};\n`,
      );
    },
  };
}

export const API_REFERENCE_FILE = (webDir: string) => join(webDir, 'dist-server', 'api-reference-page.mjs');

/** The module whose default export is the address of Redoc's script (src/lib/api-reference.ts). */
export const REDOC_SCRIPT_MODULE = 'virtual:redoc-script';
const RESOLVED = `\0${REDOC_SCRIPT_MODULE}`;

/**
 * What of Redoc's standalone script (redoc, pinned) is changed as the script is emitted: the
 * "API docs by Redocly" link's logo, an image from cdn.redoc.ly that Redoc 2.5 shows whatever its
 * options and the shop's Content-Security-Policy refuses (the link and its words stay); the side
 * menu's nested lists' role; and the source map's name, a file the package has but the web bucket
 * does not serve. A change of the script that leaves any not found exactly once fails the build.
 */
export const REDOC_PATCHES: readonly { find: string; replace: string }[] = [
  { find: 'n.createElement($x,null),"API docs by Redocly"', replace: '"API docs by Redocly"' },
  // The logo's component, no longer drawn, keeps no address elsewhere either.
  { find: 'src:"https://cdn.redoc.ly/redoc/logo-mini.svg"', replace: 'src:""' },
  // A group's list of operations in the side menu is a menu too, as its root is: its items are
  // menu items, which axe-core (aria-required-parent, list) refuses in a plain list.
  { find: 't?{role:"menu"}:{}', replace: '{role:"menu"}' },
  { find: '\n//# sourceMappingURL=redoc.standalone.js.map', replace: '' },
];

export function patchRedoc(source: string): string {
  let patched = source;
  for (const { find, replace } of REDOC_PATCHES) {
    const count = patched.split(find).length - 1;
    if (count !== 1)
      throw new Error(`redoc.standalone.js: ${JSON.stringify(find)} found ${count} times, not once`);
    patched = patched.replace(find, replace);
  }
  if (patched.includes('https://cdn.redoc.ly/'))
    throw new Error('redoc.standalone.js still loads something from cdn.redoc.ly');
  return patched;
}

/**
 * `virtual:redoc-script`: Redoc's standalone script, patched (REDOC_PATCHES) and emitted to
 * /assets/ under a hashed name; the module exports its address. The dev server answers the
 * package's own file.
 */
export function redocScript(): Plugin {
  const file = createRequire(import.meta.url).resolve('redoc/bundles/redoc.standalone.js');
  let build = false;
  return {
    name: 'one-of-one:redoc-script',
    enforce: 'pre',
    configResolved(config) {
      build = config.command === 'build';
    },
    resolveId: (id) => (id === REDOC_SCRIPT_MODULE ? RESOLVED : undefined),
    async load(id) {
      if (id !== RESOLVED) return undefined;
      if (!build) return `export default ${JSON.stringify(`/@fs${file}`)};`;
      const reference = this.emitFile({
        type: 'asset',
        name: 'redoc.standalone.js',
        source: patchRedoc(await readFile(file, 'utf8')),
      });
      return `export default import.meta.ROLLUP_FILE_URL_${reference};`;
    },
  };
}
