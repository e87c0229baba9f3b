import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
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
