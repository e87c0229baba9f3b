import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../..');

/**
 * Where a test run records its answers checked against the OpenAPI documents: API_ANSWER_LOG when
 * set, else test-results/api-answers.jsonl (api-answers.bundles.jsonl for the deployed bundles'
 * run), which `npm run test:api` checks after the suites. Each `vitest run` starts it anew.
 */
export function answersFile(bundles = Boolean(process.env.SERVE_BUNDLES)): string {
  if (process.env.API_ANSWER_LOG) return resolve(process.env.API_ANSWER_LOG);
  return resolve(root, 'test-results', bundles ? 'api-answers.bundles.jsonl' : 'api-answers.jsonl');
}

/** Empties the recording before a run. */
export function startAnswers(file: string): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, '');
}
