import { defineConfig } from 'vitest/config';
import shared from '../vitest.config.ts';

/**
 * `npm run test:fast`: the developer's loop. Every suite of `npm test` that opens no browser
 * (unit, integration, fuzz, concurrency, security, architecture), against the same local stack,
 * without the web build, the synth, the browser suites, the deployed bundles' pass or the IAM
 * check. `npm test` remains the whole proof.
 */
export default defineConfig({
  test: {
    ...shared.test,
    root: `${import.meta.dirname}/..`,
    exclude: [
      ...(shared.test?.exclude ?? []),
      'test/e2e/**',
      'test/security/lockout.test.ts',
      'test/security/rate-limits.test.ts',
    ],
  },
});
