import type { Plugin } from 'vite';

/** V8's explicit compile hint (Chrome 136 and later): compile every function of this file at once. */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/**
 * Puts V8's explicit compile hint atop the entry chunk `chunk` once it is minified (a minifier
 * drops comments): the /verify page's script runs nearly every function it holds before its
 * verdict, so the browser compiles them while the file streams in, off the page's thread, rather
 * than one by one on it as each is first called. The source map is moved down one line to match.
 */
export function compileHint({ chunk }: { chunk: string }): Plugin {
  return {
    name: 'one-of-one:compile-hint',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const file of Object.values(bundle)) {
        if (file.type !== 'chunk' || !file.isEntry || file.name !== chunk) continue;
        file.code = `${COMPILE_HINT}\n${file.code}`;
        if (file.map) file.map.mappings = `;${file.map.mappings}`;
        const map = bundle[`${file.fileName}.map`];
        if (map?.type === 'asset' && typeof map.source === 'string') {
          const parsed = JSON.parse(map.source) as { mappings: string };
          map.source = JSON.stringify({ ...parsed, mappings: `;${parsed.mappings}` });
        }
      }
    },
  };
}
