import { defineConfig } from 'vitest/config';
import shared from '../vitest.config.ts';

/**
 * `npm run test:fast`: the developer's loop. Every suite of `npm test` that opens no browser
 * (unit, integration, fuzz, concurrency, security, architecture), against the same local stack,
 * after the web build the stack serves (the script runs it first: on a fresh clone there is
 * none), without the synth, the browser suites, the deployed bundles' pass or the IAM check,
 * and with the hostile-input fuzz at 50 requests per endpoint and way of calling it rather
 * than 300 (FUZZ_RUNS). `npm test` remains the whole proof.
 */
export default defineConfig({
  test: {
    ...shared.test,
    root: `${import.meta.dirname}/..`,
    env: { ...shared.test?.env, FUZZ_RUNS: process.env.FUZZ_RUNS ?? '50' },
    exclude: [
      ...(shared.test?.exclude ?? []),
      'test/e2e/**',
      'test/security/lockout.test.ts',
      'test/security/rate-limits.test.ts',
      // They read what `npm run synth` writes (cdk.out), which this loop does not make.
      'test/infra-cfn-lint.test.ts',
      'test/infra-picture-bundle.test.ts',
    ],
  },
});
