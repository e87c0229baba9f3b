import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { routes } from '../../functions/routes.ts';
import { apiDocument, operationIdOf } from '../../infra/api/document.ts';
import { documentFile, documentText } from '../../infra/api/write-documents.ts';

/**
 * The API documents (shared/api/): current with the contracts, covering every route, and clean
 * under Redocly's lint (redocly.yaml: its recommended rules, stricter where a reader depends on it).
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const REDOCLY = path.join(ROOT, 'node_modules/.bin/redocly');
const run = promisify(execFile);

interface LintResult {
  totals: { errors: number; warnings: number; ignored: number };
  problems: { ruleId: string; message: string; location: { pointer: string }[] }[];
}
async function lint(args: string[], cwd = ROOT): Promise<LintResult> {
  const { stdout } = await run(REDOCLY, ['lint', ...args, '--format=json'], { cwd }).catch(
    (error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }),
  );
  return JSON.parse(stdout) as LintResult;
}
type Operation = { operationId: string; responses: Record<string, unknown>; description?: string };
type Doc = { info: { version: string }; paths: Record<string, Record<string, Operation>>; webhooks?: object };
const documents = { public: apiDocument('public') as Doc, admin: apiDocument('admin') as Doc };

describe('the API documents', () => {
  for (const audience of ['public', 'admin'] as const)
    it(`shared/api's ${audience} document is the one the contracts make now (npm run api:docs)`, () => {
      expect(
        readFileSync(documentFile(audience), 'utf8') === documentText(audience),
        'run `npm run api:docs`',
      ).toBe(true);
    });

  it('has one operation per built route, in the document of its audience, with a 4xx answer', () => {
    const built = routes.filter((route) => !route.pending);
    for (const route of built) {
      const doc = route.auth === 'admin' ? documents.admin : documents.public;
      const operation = doc.paths[route.path]?.[route.method.toLowerCase()];
      expect(operation?.operationId, `${route.method} ${route.path}`).toBe(operationIdOf(route));
      expect(Object.keys(operation?.responses ?? {})).toContain('200');
      // A public route that takes nothing (its contract names no input) has nothing to refuse.
      const { query, path: inPath, body, bodyOrQuery } = route.contract;
      if (route.auth !== 'public' || query || inPath || body || bodyOrQuery)
        expect(
          Object.keys(operation?.responses ?? {}).some((s) => s.startsWith('4')),
          route.path,
        ).toBe(true);
    }
    const apiOperations = (doc: Doc) =>
      Object.entries(doc.paths)
        .filter(([p]) => !p.startsWith('/passport/') || routes.some((r) => r.path === p))
        .filter(([p]) => !p.startsWith('/.well-known/'))
        .flatMap(([, item]) => Object.keys(item).filter((k) => k !== 'servers'));
    expect(apiOperations(documents.public).length + apiOperations(documents.admin).length).toBe(built.length);
  });

  it('sums each operation up in a sentence of words, not its signature', () => {
    for (const doc of Object.values(documents))
      for (const [where, item] of Object.entries(doc.paths))
        for (const [method, operation] of Object.entries(item)) {
          if (method === 'servers') continue;
          const { summary } = operation as { summary?: string };
          expect(summary, `${method} ${where}`).toMatch(/^[A-Z`]/);
          expect(summary, `${method} ${where}`).not.toMatch(/→|^\d|^(GET|POST|PATCH|DELETE) \/\S* ?[{?]/);
        }
  });

  it("follows the package's version", () => {
    const { version } = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
      version: string;
    };
    expect(documents.public.info.version).toBe(version);
    expect(documents.admin.info.version).toBe(version);
  });

  it('passes the lint with no error and no warning but the ones .redocly.lint-ignore.yaml gives a reason for', async () => {
    for (const api of ['public', 'admin']) {
      const result = await lint([api]);
      expect(result.problems.map((p) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`)).toEqual(
        [],
      );
      expect(result.totals.errors + result.totals.warnings).toBe(0);
    }
  }, 120_000);

  it('fails the lint when a route comes without its description', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'api-lint-'));
    const planted = structuredClone(documents.public);
    const hold = planted.paths['/checkout/hold']?.post;
    if (!hold) throw new Error('no POST /checkout/hold in the document');
    delete hold.description;
    const file = path.join(dir, 'openapi.json');
    writeFileSync(file, JSON.stringify(planted));
    writeFileSync(
      path.join(dir, 'redocly.yaml'),
      readFileSync(path.join(ROOT, 'redocly.yaml'), 'utf8').replace(/\napis:[\s\S]*$/, '\n'),
    );
    const result = await lint([file], dir);
    expect(result.problems.map((p) => [p.ruleId, p.location[0]?.pointer])).toContainEqual([
      'operation-description',
      '#/paths/~1checkout~1hold/post/description',
    ]);
  }, 120_000);
});
