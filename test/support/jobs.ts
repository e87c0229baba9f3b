import { inject } from 'vitest';

/**
 * Runs a job of the local stack now (POST /__jobs/<name>), as `npm run job` does: with the
 * token of the run's stack, and no Origin (the gateway refuses a web page's request).
 */
export function runJob(name: string, input?: unknown): Promise<Response> {
  return fetch(`${inject('baseUrl')}/__jobs/${name}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${inject('jobToken')}`,
      ...(input === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(input === undefined ? {} : { body: JSON.stringify(input) }),
  });
}

/** How long a suite waits for the demo photographs (a busy machine's first run: minutes). */
export const DEMO_PICTURES_WAIT_MS = 30 * 60_000;

/** And for the demo pieces' passports, which follow their photographs (a few seconds more). */
export const DEMO_PASSPORTS_WAIT_MS = DEMO_PICTURES_WAIT_MS + 5 * 60_000;

/**
 * Waits until the demo catalogue's photographs are stored (made in the background on a machine's
 * first start: minutes). Suites whose pages show them call it first; the others start at once.
 */
export async function waitForDemoPictures(): Promise<void> {
  for (;;) {
    const answer = await runJob('demo-pictures', { seconds: 50 });
    if (!answer.ok) throw new Error(`POST /__jobs/demo-pictures answered ${answer.status}`);
    const { result: state } = (await answer.json()) as {
      result: { done: boolean; total: number; stored: number; failed: number };
    };
    if (state.failed > 0)
      throw new Error(`${state.failed} of ${state.total} demo photographs could not be made`);
    if (state.done) return;
  }
}
