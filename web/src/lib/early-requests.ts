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

/** Starts a same-origin GET of `url` now (with `init`'s cache mode, say), for the app to take later. */
export function requestEarly(url: string, init: Pick<RequestInit, 'cache'> = {}): Promise<Response> {
  const answer = fetch(url, { ...init, credentials: 'same-origin' });
  registry().set(url, answer);
  return answer;
}

/**
 * Registers an answer for `url` that is got some other way (by the /verify page's early reader, a
 * worker, say): the app takes it as any early answer, and it settles with what the returned
 * function is given.
 */
export function awaitEarly(url: string): (answer: Promise<Response>) => void {
  let settle: (answer: Promise<Response>) => void = () => undefined;
  const answer = new Promise<Response>((resolve) => {
    settle = resolve;
  });
  // A failure nobody takes is dropped with the page, as a failed `requestEarly` is.
  answer.catch(() => undefined);
  registry().set(url, answer);
  return settle;
}

/** The early answer for `url`, if one was started and not yet taken. */
export function takeEarly(url: string): Promise<Response> | undefined {
  const answers = registry();
  const answer = answers.get(url);
  answers.delete(url);
  return answer;
}
