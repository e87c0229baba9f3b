import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { routes } from '../../functions/routes.ts';
import { buy, buyable, portalLogin, type Staff, staff } from './support/actors.ts';
import { answerProblems, describeAnswer } from './support/checks.ts';
import { type FuzzOperation, fuzzOperations } from './support/from-document.ts';
import { type Item, type PrivateStack, send, startPrivateStack } from './support/private-stack.ts';
import {
  FROM_ONE_ADDRESS,
  type FuzzRequest,
  type Known,
  requestArb,
  type Variant,
} from './support/requests.ts';
import {
  isExcusedWrite,
  recordWrites,
  tableChanges,
  type Write,
  type WriteRecorder,
} from './support/writes.ts';

/**
 * Every operation of the OpenAPI documents (shared/api/: the route table's rows and the public
 * files) gets random and hostile requests drawn from its parameters' and body's schemas
 * (test/fuzz/support/from-document.ts, requests.ts): admin endpoints with and without a staff session, the owner's with and without
 * a portal session, webhooks with bad or missing signatures, everything else as a stranger. For
 * every answer: no 5xx, no stack trace, file path or error class name, and every refusal is
 * JSON with a string `message`. A refused request (non-2xx) writes nothing: checked per request
 * from inside (the handlers' own DynamoDB and S3 clients, see support/writes.ts) and per
 * endpoint against a scan of the whole table before and after.
 *
 * The stack is this file's own (support/private-stack.ts): other test files write to the run's
 * shared table meanwhile, which would make a before/after scan meaningless.
 *
 * Scale: 300 requests per endpoint and way of calling it; SUITE_SCALE=full runs ten times as
 * many and writes the figures to docs/robustness-fuzz.md. FUZZ_SEED replays a run; FUZZ_RUNS sets
 * another size (while working on the suite).
 */
const FULL = process.env.SUITE_SCALE === 'full';
const RUNS = Number(process.env.FUZZ_RUNS) || (FULL ? 3_000 : 300);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Date.now() % 2 ** 31;
/** Longest generated string in a field: query strings must stay under Node's 16 KB header limit. */
const MAX_HUGE = 3_000;

const built = routes.filter((r) => !r.pending);
/** What is fuzzed: every operation of both documents, none listed by hand. */
const operations = fuzzOperations();

let stack: PrivateStack;
let recorder: WriteRecorder;
let admin: Staff;
let known: Known;
let ownerCookie: string;
let staleAdminCookie: string;
let snapshot: Item[];
/** What the recorder saw of the staff login in the setup: proof that it sees the handlers' writes. */
let setupWrites: Write[] = [];

interface Figures {
  endpoint: string;
  variant: string;
  requests: number;
  statuses: Record<number, number>;
  ms: number;
  /** Every check held for every request (a failed pair is listed as FAILED in the report). */
  passed: boolean;
}
const figures: Figures[] = [];

const ids = (items: Item[], kind: string, field = 'id') =>
  items.filter((i) => i.kind === kind).map((i) => String(i[field]));

beforeAll(async () => {
  stack = await startPrivateStack();
  recorder = recordWrites();
  admin = await staff(stack);
  setupWrites = recorder.take();
  const stale = await staff(stack);
  await send(stack.url, { method: 'DELETE', path: '/admin', headers: stale.headers });
  staleAdminCookie = stale.cookie;

  const items = await stack.scan();
  const [piece] = buyable(items);
  if (!piece) throw new Error('the demo catalogue has no piece to buy');
  const purchase = await buy(stack, piece);
  ownerCookie = (await portalLogin(stack, String(piece.cardNumber), purchase.password)).cookie;
  // The purchase started the passport log's sequencer: its writes are the setup's, not a request's.
  await stack.asyncJobsIdle();

  const all = await stack.scan();
  known = {
    types: ids(all, 'type'),
    products: ids(all, 'product'),
    sizes: ids(all, 'size'),
    guides: ids(all, 'sizeGuide'),
    finders: ids(all, 'sizeFinder'),
    steps: ids(all, 'step'),
    options: ids(all, 'option'),
    images: ids(all, 'image'),
    videos: ids(all, 'video'),
    answers: ids(all, 'answer'),
    checkoutCodes: ids(all, 'order', 'checkoutCode'),
    memberEmails: ids(all, 'member', 'email'),
    cardNumbers: ids(all, 'product', 'cardNumber').filter((c) => c !== 'undefined'),
    all: [],
  };
  known.all = [
    ...known.types,
    ...known.products,
    ...known.sizes,
    ...known.guides,
    ...known.finders,
    ...known.steps,
  ];
  recorder.take();
  snapshot = await stack.scan();
}, 180_000);

afterAll(async () => {
  recorder?.take();
  await stack?.stop();
  const total = figures.reduce((n, f) => n + f.requests, 0);
  const fuzzed = new Set(figures.map((f) => f.endpoint)).size;
  console.log(
    `fuzz: ${total} requests to ${fuzzed} of the documents' ${operations.length} operations (${figures.length} operation × way-of-calling pairs, ${RUNS} each, seed ${SEED})`,
  );
  if (FULL && figures.length > 0) writeReport();
});

function variantsOf(op: FuzzOperation): Variant[] {
  switch (op.caller) {
    case 'admin':
      return [
        { kind: 'no-admin-session', ownerCookie, staleAdminCookie },
        { kind: 'admin-session', cookie: admin.cookie },
      ];
    case 'owner':
      return [
        { kind: 'no-owner-session', adminCookie: admin.cookie },
        { kind: 'owner-session', cookie: ownerCookie },
      ];
    case 'webhook':
      return [{ kind: 'bad-signature' }];
    default:
      return [{ kind: 'anonymous' }];
  }
}

const VARIANT_NAMES: Record<Variant['kind'], string> = {
  anonymous: 'as a stranger',
  'admin-session': 'with a staff session',
  'no-admin-session': 'without a staff session (none, forged, ended, or the owner cookie)',
  'owner-session': 'with a portal session',
  'no-owner-session': 'without a portal session (none, forged, or the staff cookie)',
  'bad-signature': 'with a bad or missing signature',
};

/** Owner-session endpoints first: nothing the fuzzer does elsewhere may end that session before. */
const order = (op: FuzzOperation) => (op.caller === 'owner' ? 0 : 1);
const cases = [...operations]
  .sort((a, b) => order(a) - order(b))
  .flatMap((op) =>
    (['first', 'second'] as const)
      .slice(0, op.caller === 'admin' || op.caller === 'owner' ? 2 : 1)
      .map((which) => ({
        op,
        which,
      })),
  );

describe('the fuzz harness', () => {
  it("sees the handlers' own writes (the per-request check is not blind)", () => {
    expect(
      setupWrites.some(
        (w) => w.store === 'table' && w.key.startsWith('SESSION#') && w.command.startsWith('Put'),
      ),
    ).toBe(true);
  });

  it('knows a fault, a leak and a bad refusal when it sees one (the answer checks are not blind)', () => {
    const answer = (status: number, text: string, type = 'application/json; charset=utf-8') => ({
      status,
      text,
      headers: { 'content-type': type },
      json: (() => {
        try {
          return JSON.parse(text) as unknown;
        } catch {
          return undefined;
        }
      })(),
    });
    const problems = (status: number, text: string, type?: string) =>
      answerProblems(answer(status, text, type));
    expect(problems(500, '{"message":"something went wrong. please try again later."}')).toEqual([
      'status 500',
    ]);
    expect(problems(400, `{"message":"at handler (${process.cwd()}/functions/x.ts:1:2)"}`)).toHaveLength(2);
    expect(problems(400, '{"message":"TypeError: cannot read x"}')).toHaveLength(1);
    expect(problems(404, 'Not Found', 'text/plain')).toHaveLength(2);
    expect(problems(400, '{"error":"bad"}')).toEqual(['a refusal without a string message']);
    expect(problems(200, '{"label":"file:///etc/passwd"}')).toEqual([]);
    expect(problems(400, '{"message":"Error"}')).toEqual([]);
  });

  it('fuzzes every operation of both documents, and they are the built rows of the route table and the public files', () => {
    const fuzzed = [...new Set(cases.map((c) => c.op.key))].sort();
    expect(fuzzed).toEqual(operations.map((op) => op.key).sort());
    const underApi = operations.filter((op) => op.under === '/api').map((op) => op.key);
    expect(underApi.sort()).toEqual(built.map((r) => `${r.method} ${r.path}`).sort());
    expect(operations.filter((op) => op.under === '/').length).toBeGreaterThan(0);
  });
});

/** Whether a request's path, once its dot segments are resolved as URLs are, is still the route's. */
function reachesRoute(op: FuzzOperation, path: string): boolean {
  const resolved = new URL(path.split('?')[0] ?? '', 'http://localhost').pathname;
  const pattern = op.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{\w+\}/g, '[^/]+');
  return new RegExp(`^${pattern}$`).test(resolved);
}

const describeRequest = (req: FuzzRequest) =>
  `${req.method} ${req.path.slice(0, 200)} from ${req.from} headers ${JSON.stringify(req.headers).slice(0, 300)} body ${
    req.body === undefined ? '(none)' : String(req.body).slice(0, 300)
  }`;

describe.each(cases)('$op.key', ({ op, which }) => {
  it(`answers ${RUNS} random and hostile requests without a fault, a leak or a write when it refuses (${which} way of calling)`, async () => {
    const variant = variantsOf(op)[which === 'first' ? 0 : 1] as Variant;
    const started = performance.now();
    const statuses: Record<number, number> = {};
    let requests = 0;
    /** Keys written by requests that were accepted (2xx) since the last scan. */
    const accepted = new Set<string>();
    const figure: Figures = {
      endpoint: op.key,
      variant: VARIANT_NAMES[variant.kind],
      requests: 0,
      statuses,
      ms: 0,
      passed: false,
    };
    figures.push(figure);
    onTestFinished(() => {
      figure.requests = requests;
      figure.ms = performance.now() - started;
    });

    await fc.assert(
      fc.asyncProperty(requestArb(op, variant, known, MAX_HUGE), async (req) => {
        recorder.take();
        const answer = await send(stack.url, req);
        // What a request started asynchronously (the passport log's sequencer after an append)
        // writes on its behalf: counted with it, never with the next request.
        await stack.asyncJobsIdle();
        const writes: Write[] = recorder.take();
        requests += 1;
        statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
        const what = () => `${describeRequest(req)}\n→ ${describeAnswer(answer)}`;
        const problems = answerProblems(
          answer,
          () => `${req.path} ${JSON.stringify(req.headers)} ${String(req.body ?? '')}`,
        );
        if (problems.length > 0) expect(problems, what()).toEqual([]);
        // The staff guard runs before any input is read: whatever the input, 401 — for every
        // request that reaches the endpoint (a path parameter of dot segments, `/orders/./x`,
        // resolves to another path, which the gateway answers 404 before any route runs).
        if (variant.kind === 'no-admin-session' && answer.status !== 401 && reachesRoute(op, req.path))
          expect(answer.status, what()).toBe(401);
        if (answer.status >= 200 && answer.status < 300) {
          for (const w of writes) accepted.add(w.key);
        } else {
          const wrote = writes.filter((w) => !isExcusedWrite(w));
          if (wrote.length > 0) expect(wrote, `a refused request wrote: ${what()}`).toEqual([]);
        }
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );
    // A route limited per client address is sent mostly from one address (FROM_ONE_ADDRESS):
    // its limit must have refused some, and those refusals wrote nothing (checked above).
    if (FROM_ONE_ADDRESS[op.key] && RUNS >= 300)
      expect(
        statuses[429] ?? 0,
        `the per-address limit never refused a request: ${JSON.stringify(statuses)}`,
      ).toBeGreaterThan(0);

    // The ground truth: the table as a whole, before and after this endpoint's requests.
    const after = await stack.scan();
    const unexplained = tableChanges(snapshot, after).filter((c) => !accepted.has(c.key));
    snapshot = after;
    expect(unexplained, 'table changes that no accepted request made').toEqual([]);
    figure.passed = true;
  }, 3_600_000);
});

function writeReport(): void {
  const total = figures.reduce((n, f) => n + f.requests, 0);
  const ms = figures.reduce((n, f) => n + f.ms, 0);
  const all: Record<number, number> = {};
  for (const f of figures)
    for (const [s, n] of Object.entries(f.statuses)) all[Number(s)] = (all[Number(s)] ?? 0) + n;
  const fmt = (statuses: Record<number, number>) =>
    Object.entries(statuses)
      .sort(([a], [b]) => Number(a) - Number(b))
      .map(([s, n]) => `${s}: ${n}`)
      .join(', ');
  const failed = figures.filter((f) => !f.passed);
  const lines = [
    '# Robustness: the API fuzz, full size',
    '',
    'Written by the fuzz suite `test/fuzz/endpoints.test.ts` in its full-size mode (`npm run test:full`,',
    'or `SUITE_SCALE=full npx vitest run test/fuzz`): ten times its default size. Every operation of the OpenAPI documents (the route table’s rows and the public files)',
    'got random and hostile requests (wrong types, huge strings, unicode, injection strings, missing and',
    'extra fields, bad ids, extreme numbers, in query strings, path parameters and JSON or other bodies);',
    'admin endpoints with and without a staff session, the portal owner endpoints with and without a',
    'portal session, webhooks with bad or missing signatures. Every answer was checked: no 5xx, no stack',
    'trace, file path or error class name, every refusal JSON with a string `message`, and no write by a',
    'refused request (per request from inside the handlers, per endpoint by a scan of the whole table).',
    '',
    `- run: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, seed ${SEED}, on ${process.platform} with Node ${process.version}`,
    `- endpoints: ${operations.length}, every operation of the OpenAPI documents (${figures.length} endpoint × way-of-calling pairs)`,
    `- requests: ${total}, at least ${Math.min(...figures.map((f) => f.requests))} per pair`,
    `- duration: ${(ms / 60_000).toFixed(1)} minutes of requests`,
    `- statuses seen: ${fmt(all)}`,
    `- result: ${
      failed.length === 0
        ? 'every check held for every request'
        : `FAILED for ${failed.map((f) => `\`${f.endpoint}\` ${f.variant}`).join('; ')}`
    }`,
    '',
    '| endpoint | called | requests | statuses | seconds | checks |',
    '| --- | --- | ---: | --- | ---: | --- |',
    ...figures.map(
      (f) =>
        `| \`${f.endpoint}\` | ${f.variant} | ${f.requests} | ${fmt(f.statuses)} | ${(f.ms / 1000).toFixed(1)} | ${
          f.passed ? 'held' : 'FAILED'
        } |`,
    ),
    '',
  ];
  const file = resolve(import.meta.dirname, '../../docs/robustness-fuzz.md');
  mkdirSync(resolve(file, '..'), { recursive: true });
  writeFileSync(file, lines.join('\n'));
  // Laid out as the project's formatter lays out Markdown (aligned tables), so `npm run lint` passes.
  const biome = resolve(import.meta.dirname, '../../node_modules/.bin/biome');
  if (existsSync(biome)) execFileSync(biome, ['format', '--write', file], { stdio: 'ignore' });
}
