import { readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { build } from 'esbuild';
import type { Plugin } from 'vite';

/**
 * Builds the page renderer's entry (web/src/render/render-page.tsx) for Node beside the web build:
 * one ES module with React and the app inside, the style sheets left out (the browser build has
 * them), into `outFile` — not under web/dist, which is the public web bucket's. The page-rendering
 * function imports it (`#web-render`, package.json).
 */
export function serverRender({ entry, outFile }: { entry: string; outFile: string }): Plugin {
  let outDir = '';
  return {
    name: 'one-of-one:server-render',
    apply: 'build',
    configResolved(config) {
      outDir = join(config.root, config.build.outDir);
    },
    async closeBundle() {
      // The browser build's manifest (build.manifest) tells the renderer each route's style
      // sheets; it is the renderer's, not a file of the public web bucket.
      const manifestFile = join(outDir, '.vite', 'manifest.json');
      const manifest = await readFile(manifestFile, 'utf8');
      await rm(dirname(manifestFile), { recursive: true });
      await build({
        entryPoints: [entry],
        outfile: outFile,
        bundle: true,
        platform: 'node',
        format: 'esm',
        target: 'node22',
        jsx: 'automatic',
        loader: { '.css': 'empty' },
        // The API reference's Redoc (src/lib/api-reference.ts, emitted to /assets/ by
        // vite-api-reference.ts) is never loaded while a page renders: its address stays empty.
        plugins: [
          {
            name: 'url-imports',
            setup(server) {
              server.onResolve({ filter: /^virtual:redoc-script$/ }, (args) => ({
                path: args.path,
                namespace: 'url-import',
              }));
              server.onLoad({ filter: /.*/, namespace: 'url-import' }, () => ({
                contents: 'export default "";',
                loader: 'js',
              }));
            },
          },
        ],
        define: { 'process.env.NODE_ENV': '"production"', __CLIENT_MANIFEST__: manifest },
        // CommonJS parts of React ask `require` for Node's built-ins.
        banner: {
          js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
        },
        logLevel: 'warning',
        sourcemap: 'linked',
      });
      await writeFile(join(dirname(outFile), 'manifest.json'), manifest);
    },
  };
}

export const SERVER_RENDER_FILE = (webDir: string) => join(webDir, 'dist-server', 'render-page.mjs');
