import { expect, vi } from 'vitest';
import { BROWSER_SUITES } from './browser-suites-last.ts';

/**
 * A browser walk is many pages, each waiting on Chromium, the gateway and DynamoDB Local on two
 * cores: on a busy machine (a load test beside `npm test`, load average 16) a walk that takes
 * 10 s when quiet took more than the 30 s every other test gets. A test's timeout catches a
 * hang, it measures nothing: the browser suites get 2 minutes.
 */
if (BROWSER_SUITES.test(expect.getState().testPath ?? '')) vi.setConfig({ testTimeout: 120_000 });
