import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** The suites that open Chromium: they wait for the demo photographs (test/support/jobs.ts). */
export const BROWSER_SUITES = /\/test\/(e2e\/|security\/(lockout|rate-limits)\.test\.ts$)/;

/**
 * Runs the suites that need no browser first, in vitest's own order, and the browser suites
 * after them: on a machine's first run the demo photographs are made in the background while
 * the first suites run, so the browser suites, which wait for them, seldom wait at all.
 */
export default class BrowserSuitesLast extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const browser = (file: TestSpecification) => BROWSER_SUITES.test(file.moduleId);
    return [...sorted.filter((f) => !browser(f)), ...sorted.filter(browser)];
  }
}
