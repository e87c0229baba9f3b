import { defineConfig } from 'vitest/config';
import BrowserSuitesLast from './test/setup/browser-suites-last.ts';

export default defineConfig({
  test: {
    include: ['functions/**/*.test.ts', 'shared/**/*.test.ts', 'infra/**/*.test.ts', 'test/**/*.test.ts'],
    // test/bundles runs in its own pass, against cdk.out (test/bundles/vitest.config.ts).
    exclude: ['**/node_modules/**', 'web/dist/**', 'cdk.out/**', 'test/bundles/**'],
    globalSetup: ['test/setup/local-stack.ts'],
    setupFiles: ['test/setup/walk-timeouts.ts'],
    // The browser suites last: they wait for the demo photographs a first run makes meanwhile.
    sequence: { sequencer: BrowserSuitesLast },
    reporters: ['default', './test/support/summary-reporter.ts'],
    testTimeout: 30_000,
    // The stacks a test starts of its own (test/fuzz/support/private-stack.ts) count DynamoDB
    // requests on their answers too (x-ddb-requests, opt-in: never on `npm start` or in AWS).
    env: { EXPOSE_DDB_REQUEST_COUNT: 'true' },
    // Pages wait on scrypt hashing and DynamoDB Local; on two busy cores a second is not enough.
    expect: { poll: { timeout: 10_000, interval: 100 } },
    hookTimeout: 120_000,
    // Two cores: keep workers few so DynamoDB Local (Java) keeps a core.
    maxWorkers: 2,
  },
});
