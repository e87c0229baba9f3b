import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  docsMapProblems,
  entityTableProblems,
  missingPaths,
  missingPathsInDocs,
  repoFiles,
} from '../support/doc-paths.ts';

/**
 * The docs point at rooms that exist: every repository path README.md, docs/ and the READMEs
 * under infra/ and test/ write down is in the repository, the entity table of
 * docs/reference/data-model-keys.md (written by `npm run docs`) names every entity file once, and
 * README.md's map of docs/ names every file of docs/ once. The checks live in test/support/doc-paths.ts; each is shown
 * failing on a planted text first, so a green run means something.
 */

const files = repoFiles();

describe('paths written in the docs', () => {
  it('catches a planted path that is not in the repository, and passes what is', () => {
    const planted = [
      'The sweep is `functions/jobs/mail-sweep.ts` (moved), see [the stand-in](../infra/local/payments/gone.md).',
      'Its table is built in `functions/table/audit.ts:12`, the house in `docs/architecture.md`, the bucket in `stack.ts`.',
      'Placeholders pass: `functions/<capability>/http/…`, `docs/robustness-*.md`; so do `.local/data/s3` and `cdk.out/`.',
      'A bare name no file has: `nowhere-at-all.ts`.',
    ].join('\n');
    expect(missingPaths('docs/planted.md', planted, files)).toEqual([
      { doc: 'docs/planted.md', path: 'functions/jobs/mail-sweep.ts', problem: 'not in the repository' },
      {
        doc: 'docs/planted.md',
        path: 'nowhere-at-all.ts',
        problem: 'no file in the repository has this name',
      },
      { doc: 'docs/planted.md', path: '../infra/local/payments/gone.md', problem: 'not in the repository' },
    ]);
  });

  it('reads a relative path from the doc’s own folder', () => {
    expect(missingPaths('infra/local/demo/media/README.md', 'made from (`../catalogue.ts`)', files)).toEqual(
      [],
    );
    expect(missingPaths('infra/local/README.md', 'made from (`../catalogue.ts`)', files)).toHaveLength(1);
  });

  it('are all in the repository', () => {
    expect(missingPathsInDocs()).toEqual([]);
  });
});

describe("docs/reference/data-model-keys.md's entity table", () => {
  const dataModel = readFileSync('docs/reference/data-model-keys.md', 'utf8');

  it('catches a planted table that leaves an entity file out, names one twice or names one that is gone', () => {
    const planted = [
      '## Items and keys',
      '',
      '| entity | pk | file (under `functions/`) |',
      '| ------ | -- | ------------------------- |',
      '| Product | `PRODUCT#<pid>` | `catalog/entities/product.ts` |',
      '| Product, again | `PRODUCT#<pid>` | `catalog/entities/product.ts` |',
      '| Gone | `GONE#<id>` | `catalog/entities/gone.ts` |',
      '',
      '## Access patterns',
    ].join('\n');
    const plantedFiles = [
      'functions/catalog/entities/product.ts',
      'functions/catalog/entities/product.test.ts',
      'functions/authenticity/entities/reset-token.ts',
    ];
    expect(entityTableProblems(planted, plantedFiles)).toEqual([
      'the table names functions/catalog/entities/gone.ts, which does not exist',
      'functions/catalog/entities/product.ts is named 2 times in the table (once, then "same file")',
      'functions/authenticity/entities/reset-token.ts is not named in the table',
    ]);
  });

  it('names every entity file exactly once, and only files that exist', () => {
    expect(entityTableProblems(dataModel, files)).toEqual([]);
  });
});

describe("README.md's map of docs/", () => {
  it('catches a map that leaves a doc out or names one twice', () => {
    const planted = [
      '## The docs',
      '',
      '- [data-model.md](docs/data-model.md): the table',
      '- [data-model.md](docs/data-model.md): the table, again',
      '',
      '## After',
      '- [draw.md](docs/draw.md): outside the map, so not counted',
    ].join('\n');
    expect(docsMapProblems(planted, ['docs/data-model.md', 'docs/draw.md', 'README.md'])).toEqual([
      "docs/data-model.md is in the README's map of docs/ 2 times",
      "docs/draw.md is not in the README's map of docs/",
    ]);
    expect(docsMapProblems('# no map', [])).toEqual(['README.md has no "## The docs" map']);
  });

  it('names every file under docs/ once', () => {
    expect(docsMapProblems(readFileSync('README.md', 'utf8'), files)).toEqual([]);
  });
});
