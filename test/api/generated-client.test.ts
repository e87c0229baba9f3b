import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { productEntity, store, typeEntity } from '../support/fixtures.ts';

/**
 * Issue 48, "an API others can build on": a client generated from the published document
 * (shared/api/openapi.json) by a third-party generator — openapi-typescript's command line, as
 * anyone would run it, and openapi-fetch, its typed fetch client — compiles against it: a
 * program that reads the catalogue and asks a quote type-checks, one that reads a field the
 * document does not have does not, and the program's calls are answered by the local stack.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const DOCUMENT = path.join(ROOT, 'shared/api/openapi.json');
const GENERATOR = path.join(ROOT, 'node_modules/openapi-typescript/bin/cli.js');
const generatorVersion = (
  JSON.parse(readFileSync(path.join(ROOT, 'node_modules/openapi-typescript/package.json'), 'utf8')) as {
    version: string;
  }
).version;

let dir = '';

/** A program using the generated client: its calls, and `read` for what it reads of the answers. */
const program = (read: string) => `import createClient from 'openapi-fetch';
import type { paths } from './schema.d.ts';

export async function run(baseUrl: string, pieceId: string, typeId: string) {
  const client = createClient<paths>({ baseUrl });
  const types = await client.GET('/getTypeByGender', { params: { query: { gender: '0' } } });
  const quote = await client.POST('/checkout/quote', {
    body: { id: pieceId, typeId, country: 'CA', state: 'ON', city: 'Toronto' },
  });
  const refused = await client.POST('/checkout/quote', { body: { id: pieceId, typeId, country: 'ZZ' } });
  if (!types.data || !quote.data) throw new Error('the catalogue or the quote was refused');
  const firstName: string | undefined = types.data.types[0]?.name;
  const message: string | undefined = refused.error?.message;
  ${read}
  return { firstName, total, productName: quote.data.productName, message, refusal: refused.response.status };
}
`;

function compile(file: string): ts.Diagnostic[] {
  const options: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
    strict: true,
    noEmit: true,
    allowImportingTsExtensions: true,
    // The generated declarations are checked too, not skipped.
    skipLibCheck: false,
    types: [],
  };
  const created = ts.createProgram([file], options);
  return [...ts.getPreEmitDiagnostics(created)];
}

const text = (diagnostics: ts.Diagnostic[]) =>
  diagnostics.map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n')).join('\n');

const type = typeEntity({ name: 'Generated client test', shippingPrices: { CA: 40, US: 45 } });
const piece = productEntity(type, { priceUs: 1200, cardNumber: undefined });

beforeAll(async () => {
  // Inside the repository (.tmp/ is ignored), so the program finds openapi-fetch in node_modules.
  mkdirSync(path.join(ROOT, '.tmp'), { recursive: true });
  dir = mkdtempSync(path.join(ROOT, '.tmp', 'generated-client-'));
  // Run where it finds no redocly.yaml (the repository's names two APIs: it would generate both).
  execFileSync(process.execPath, [GENERATOR, DOCUMENT, '--output', path.join(dir, 'schema.d.ts')], {
    stdio: 'pipe',
    cwd: dir,
  });
  writeFileSync(path.join(dir, 'good.ts'), program('const total: number = quote.data.amounts.total;'));
  // `totl`: a field the document's answer does not have.
  writeFileSync(path.join(dir, 'bad.ts'), program('const total: number = quote.data.amounts.totl;'));
  await store({ type, products: [piece] });
});

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe(`a client generated from shared/api/openapi.json (openapi-typescript ${generatorVersion}, openapi-fetch)`, () => {
  it('generates the paths of the document, with its operations', () => {
    const schema = readFileSync(path.join(dir, 'schema.d.ts'), 'utf8');
    expect(schema).toContain('"/getTypeByGender": {');
    expect(schema).toContain('"/checkout/quote": {');
    expect(schema).toContain('CheckoutQuoteAnswer: {');
  });

  it('compiles a program that reads the catalogue and asks a quote', () => {
    expect(text(compile(path.join(dir, 'good.ts')))).toBe('');
  });

  it('does not compile one that reads a field the answer does not have', () => {
    const diagnostics = compile(path.join(dir, 'bad.ts'));
    expect(text(diagnostics)).toMatch(/Property 'totl' does not exist/);
    expect(diagnostics.every((d) => d.file?.fileName.endsWith('bad.ts'))).toBe(true);
  });

  it('is answered by the local stack as the document says', async () => {
    const { run } = (await import(path.join(dir, 'good.ts'))) as {
      run: (
        baseUrl: string,
        pieceId: string,
        typeId: string,
      ) => Promise<{
        firstName: string | undefined;
        total: number;
        productName: string;
        message: string | undefined;
        refusal: number;
      }>;
    };
    const answer = await run(`${inject('baseUrl')}/api`, piece.id, type.id);
    expect(answer.firstName).toEqual(expect.any(String));
    expect(answer.productName).toBe(piece.name);
    expect(answer.total).toBeGreaterThanOrEqual(1200);
    expect(answer.refusal).toBe(400);
    expect(answer.message).toEqual(expect.any(String));
  });
});
