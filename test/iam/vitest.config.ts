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
    // The check is evaluated once, in beforeAll: about 90,000 calls took over 10 s on two cores.
    hookTimeout: 300_000,
  },
});
