import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { cliArgs } from '../cli-args.ts';
import { generatedDocs, ROOT } from './reference.ts';

cliArgs({
  usage:
    'usage: npm run docs   (writes docs/reference/data-model-keys.md, routes.md and access-patterns.md; takes no arguments)',
});

for (const [path, text] of await generatedDocs()) {
  mkdirSync(dirname(join(ROOT, path)), { recursive: true });
  writeFileSync(join(ROOT, path), text);
  console.log(`wrote ${path}`);
}
