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
