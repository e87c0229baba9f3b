import { existsSync, readFileSync, statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type AnswerRecord, operationsOf } from '../../infra/api/conformance.ts';
import { answersFile } from './recording.ts';

/**
 * After the suites: every answer the local gateways sent during `vitest run` (the shared stack's
 * and the stacks tests start of their own, e.g. the fuzz's) was checked against the OpenAPI
 * documents as it was sent (infra/api/conformance.ts): its status documented for its operation,
 * its JSON body valid against that status's schema. Each violation is listed by route.
 *
 * The whole run's suites send many thousands of answers, and the fuzz (test/fuzz) calls every
 * operation: the recording must hold at least 5,000 answers and an answer of every operation of
 * the documents. API_ANSWERS_MIN, for a run of a few suites, sets another least number of answers
 * and leaves out the every-operation check.
 */
const PARTIAL = Boolean(process.env.API_ANSWERS_MIN);
const MIN_ANSWERS = Number(process.env.API_ANSWERS_MIN) || 5_000;

// The source run's recording (`npm test` runs this check before the deployed bundles' pass,
// whose answers go to api-answers.bundles.jsonl: read with API_ANSWER_LOG naming it).
const sourceRun = answersFile(false);
const files = [sourceRun].filter((f) => existsSync(f));

const read = (file: string): AnswerRecord[] =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as AnswerRecord);

const records = files.flatMap(read);
const operations = operationsOf();
const seen = new Set(records.map((r) => r.route));
const violations = records.filter((r) => !r.ok);

describe('every answer the suites got is the one the OpenAPI documents describe', () => {
  it(`has a recording of the suites with at least ${MIN_ANSWERS} answers (run \`vitest run\` first: the suites record)`, () => {
    expect(existsSync(sourceRun), `${sourceRun} is missing`).toBe(true);
    const when = files.map((f) => `${f} (${statSync(f).mtime.toISOString()})`).join(', ');
    console.log(
      `OpenAPI check of ${records.length} answers from ${when}: ${seen.size} of the documents' ${operations.length} operations seen, ${violations.length} violations`,
    );
    expect(records.length).toBeGreaterThanOrEqual(MIN_ANSWERS);
  });

  it.skipIf(PARTIAL)('has answers of every operation of the documents (the fuzz calls each)', () => {
    const unseen = operations.map((o) => o.key).filter((key) => !seen.has(key));
    expect(unseen, 'operations no recorded answer came from').toEqual([]);
  });

  it('has no answer the documents do not describe (by route: the status and the schema error)', () => {
    const byRoute = new Map<string, Map<string, number>>();
    for (const v of violations) {
      const list = byRoute.get(v.route) ?? new Map<string, number>();
      const what = v.violation ?? `status ${v.status}`;
      list.set(what, (list.get(what) ?? 0) + 1);
      byRoute.set(v.route, list);
    }
    const listed = [...byRoute]
      .sort(([a], [b]) => a.localeCompare(b))
      .flatMap(([route, list]) =>
        [...list].map(([what, n]) => `${route}: ${what}${n > 1 ? ` (${n} answers)` : ''}`),
      );
    expect(listed, `${violations.length} answers the documents do not describe`).toEqual([]);
  });
});
