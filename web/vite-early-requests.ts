import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { build } from 'esbuild';
import type { Plugin } from 'vite';

/** What the early script is told: for each route module, the files its chunk needs. */
export type RouteChunks = Record<string, { scripts: string[]; styles: string[] }>;

interface Chunk {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
  viteMetadata?: { importedCss: Set<string> };
}

/**
 * Builds web/src/boot/early.ts into its own small script and puts it first in index.html, so the
 * first screen's API reads, its first picture and its route's chunks are asked for while the
 * app's main bundle is still downloading (issue 16: first paint). The script learns the chunk
 * files of each lazily loaded route (`routes`, module paths under web/src) from the bundle.
 */
export function earlyRequests({ entry, routes }: { entry: string; routes: string[] }): Plugin {
  let outDir = '';
  return {
    name: 'one-of-one:early-requests',
    apply: 'build',
    configResolved(config) {
      outDir = join(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter(
        (file): file is Chunk & typeof file => file.type === 'chunk',
      );
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk as Chunk]));
      const closure = (start: Chunk): Chunk[] => {
        const seen = new Map<string, Chunk>();
        const visit = (chunk: Chunk) => {
          if (seen.has(chunk.fileName)) return;
          seen.set(chunk.fileName, chunk);
          for (const file of chunk.imports) {
            const imported = byFile.get(file);
            if (imported) visit(imported);
          }
        };
        visit(start);
        return [...seen.values()];
      };
      // The app's entry (the build has another: the /verify page's, which this script is not for).
      const mainEntry = chunks.find(
        (chunk) => chunk.isEntry && /\/web\/(index\.html|src\/main\.tsx)$/.test(chunk.facadeModuleId ?? ''),
      ) as Chunk | undefined;
      if (!mainEntry) throw new Error('early-requests: the build has no entry chunk');
      const alreadyLoaded = new Set(closure(mainEntry).map((chunk) => chunk.fileName));

      const routeChunks: RouteChunks = {};
      for (const route of routes) {
        const chunk = chunks.find((c) => c.facadeModuleId?.endsWith(`/web/src/${route}`)) as
          | Chunk
          | undefined;
        if (!chunk) throw new Error(`early-requests: no chunk for the route module ${route}`);
        const needed = closure(chunk).filter((c) => !alreadyLoaded.has(c.fileName));
        routeChunks[route] = {
          scripts: needed.map((c) => `/${c.fileName}`),
          styles: needed.flatMap((c) => [...(c.viteMetadata?.importedCss ?? [])].map((css) => `/${css}`)),
        };
      }

      await addEarlyScript({
        outDir,
        page: 'index.html',
        entry,
        name: 'early',
        define: { __ROUTE_CHUNKS__: JSON.stringify(routeChunks) },
      });
    },
  };
}

/**
 * The /verify page's early script (web/src/verify/early.ts), built the same way and put first in
 * verify.html, and its reader (`reader`, a worker's script, built beside it): they ask for the
 * piece's answer while the page's own script downloads and starts.
 */
export function verifyEarlyRequests({ entry, reader }: { entry: string; reader: string }): Plugin {
  let outDir = '';
  return {
    name: 'one-of-one:verify-early-requests',
    apply: 'build',
    configResolved(config) {
      outDir = join(config.root, config.build.outDir);
    },
    async writeBundle() {
      const readerFile = await buildScript({ outDir, entry: reader, name: 'verify-reader', format: 'iife' });
      await addEarlyScript({
        outDir,
        page: 'verify.html',
        entry,
        name: 'verify-early',
        blocking: true,
        define: { __VERIFY_READER__: JSON.stringify(`/${readerFile}`) },
      });
    },
  };
}

/**
 * Builds `entry` on its own into assets/<name>-<hash>.js and puts it before the first script of
 * `page`: async, or `blocking`, a classic script that runs the moment it arrives. Chromium runs an
 * async script only after the page's first paint (measured on /verify: 100–250 ms later on a
 * slowed phone); a few hundred bytes that hold the parser for their download cost less than that.
 */
async function addEarlyScript(options: {
  outDir: string;
  page: string;
  entry: string;
  name: string;
  define?: Record<string, string>;
  blocking?: boolean;
}): Promise<void> {
  const { outDir, page, entry, name, define = {}, blocking = false } = options;
  const fileName = await buildScript({ outDir, entry, name, format: blocking ? 'iife' : 'esm', define });

  const htmlFile = join(outDir, page);
  const html = await readFile(htmlFile, 'utf8');
  const tag = blocking
    ? `<script src="/${fileName}"></script>`
    : `<script type="module" crossorigin async src="/${fileName}"></script>`;
  const at = html.indexOf('<script');
  if (at < 0) throw new Error(`early-requests: ${page} has no script to go before`);
  await writeFile(htmlFile, `${html.slice(0, at)}${tag}\n    ${html.slice(at)}`);
}

/** Builds `entry` on its own, minified, into assets/<name>-<hash>.js; the file's name. */
async function buildScript(options: {
  outDir: string;
  entry: string;
  name: string;
  format: 'iife' | 'esm';
  define?: Record<string, string>;
}): Promise<string> {
  const { outDir, entry, name, format, define = {} } = options;
  const built = await build({
    entryPoints: [entry],
    bundle: true,
    minify: true,
    format,
    target: 'es2022',
    write: false,
    logLevel: 'warning',
    define,
  });
  const code = built.outputFiles[0]?.contents;
  if (!code) throw new Error('early-requests: esbuild gave no output');
  const hash = createHash('sha256').update(code).digest('base64url').slice(0, 8);
  const fileName = `assets/${name}-${hash}.js`;
  await writeFile(join(outDir, fileName), code);
  return fileName;
}
