import { resolve } from 'node:path';
import { defineConfig } from 'vitest/config';

/**
 * `npm run test:iam`: runs after the suites (`npm test` calls it last) and checks what they
 * recorded: every AWS call each function made, against its synthesized IAM policy. No local
 * stack: it reads test-results/aws-calls*.jsonl and cdk.out.
 */
export default defineConfig({
  test: {
    root: resolve(import.meta.dirname, '../..'),
    include: ['test/iam/**/*.check.ts'],
    reporters: ['default', './test/support/summary-reporter.ts'],
    testTimeout: 300_000,
  },
});
