/**
 * Requests the first screen needs, started by web/src/boot/early.ts while the app's own
 * JavaScript is still downloading. The early script is a separate bundle, so the two meet on a
 * global. Each answer is taken once, by the first `apiGet` of the same URL; an answer nobody
 * takes is simply dropped with the page.
 */
const REGISTRY = '__oneOfOneEarlyRequests';

type Registry = Map<string, Promise<Response>>;

function registry(): Registry {
  const scope = globalThis as typeof globalThis & { [REGISTRY]?: Registry };
  scope[REGISTRY] ??= new Map();
  return scope[REGISTRY];
}

/**
 * Starts a same-origin GET of `url` now (with `init`'s cache mode, say), for the app to take later.
 * With `then`, the app takes the answer only once `then` is done with a copy of it (say, having
 * started the requests the answer names, so that the app finds them started).
 */
export function requestEarly(
  url: string,
  init: Pick<RequestInit, 'cache'> = {},
  then?: (copy: Response) => Promise<unknown>,
): Promise<Response> {
  const fetched = fetch(url, { ...init, credentials: 'same-origin' });
  const answer = then
    ? fetched.then(async (response) => {
        await then(response.clone()).catch(() => undefined);
        return response;
      })
    : fetched;
  registry().set(url, answer);
  return answer;
}

/** The early answer for `url`, if one was started and not yet taken. */
export function takeEarly(url: string): Promise<Response> | undefined {
  const answers = registry();
  const answer = answers.get(url);
  answers.delete(url);
  return answer;
}
