import type { Reporter, TestModule } from 'vitest/node';

/**
 * Ends the run with the plain line CI reads ("N passed, N failed, N skipped"); a file that
 * fails to load counts as a failure, so a broken suite can never read as green.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>): void {
    const count = { passed: 0, failed: unhandledErrors.length, skipped: 0 };
    for (const module of testModules) {
      if (module.state() === 'failed' && [...module.children.allTests()].length === 0) count.failed += 1;
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') count.passed += 1;
        else if (state === 'failed') count.failed += 1;
        else count.skipped += 1;
      }
    }
    console.log(`\ntests: ${count.passed} passed, ${count.failed} failed, ${count.skipped} skipped`);
  }
}
