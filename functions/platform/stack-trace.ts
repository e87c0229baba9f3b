import { readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { fileURLToPath } from 'node:url';

/**
 * An error's stack in the TypeScript sources, mapped only when an error is logged. The deployed
 * bundles ship their source map beside them (`index.mjs.map`) but Lambda does not run with
 * `--enable-source-maps`, which would parse the map at every cold start
 * (docs/lambda-settings.md); a frame in a file with no map beside it (the local stack runs the
 * sources) is left as it is.
 */
export function originalStack(stack: string | undefined): string | undefined {
  if (!stack) return stack;
  return stack.replace(
    FRAME,
    (frame, before: string, file: string, line: string, column: string, after: string) => {
      const map = sourceMapOf(file);
      const entry = map?.findEntry(Number(line) - 1, Number(column) - 1);
      if (!entry || !('originalSource' in entry)) return frame;
      const source = entry.originalSource.replace(/^(\.\.\/)+/, '');
      return `${before}${source}:${entry.originalLine + 1}:${entry.originalColumn + 1}${after}`;
    },
  );
}

// "at name (file:line:column)" or "at file:line:column".
const FRAME = /^(\s+at (?:.*? \()?)((?:file:\/\/)?\/[^():]+\.m?js):(\d+):(\d+)(\)?)$/gm;

const maps = new Map<string, SourceMap | null>();

function sourceMapOf(file: string): SourceMap | null {
  let map = maps.get(file);
  if (map === undefined) {
    try {
      const path = file.startsWith('file://') ? fileURLToPath(file) : file;
      map = new SourceMap(JSON.parse(readFileSync(`${path}.map`, 'utf8')));
    } catch {
      map = null;
    }
    maps.set(file, map);
  }
  return map;
}
