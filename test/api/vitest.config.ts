import { resolve } from 'node:path';
import { defineConfig } from 'vitest/config';

/**
 * `npm run test:api`: runs after the suites (`npm test` calls it after `vitest run`) and checks
 * what they recorded: every answer the local gateways sent, checked against the OpenAPI documents
 * (test-results/api-answers.jsonl). No local stack.
 */
export default defineConfig({
  test: {
    root: resolve(import.meta.dirname, '../..'),
    include: ['test/api/**/*.check.ts'],
    reporters: ['default', './test/support/summary-reporter.ts'],
    testTimeout: 120_000,
  },
});
