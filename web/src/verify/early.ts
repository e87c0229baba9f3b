import { CODE_VERSION } from '#shared/passport/code.ts';
import { awaitEarly } from '../lib/early-requests.ts';
import type { ReaderAnswer } from './early-reader.ts';
import { namedDownloads } from './named-downloads.ts';
import { piecePath } from './piece-path.ts';

/**
 * The /verify page's first script, built apart from the page's (web/vite-early-requests.ts) and
 * small: for a card's code it has the piece's answer asked for at once, so that the shop's answer
 * is on its way while the page's own script downloads and starts, and, as soon as it arrives, the
 * photographs and the status list its certificate names (the slowest part of a first visit when
 * they waited for the page's script). A worker (early-reader.ts) asks for and reads them, off the
 * page's busy thread; without one, this script does. It reads only the code's piece id (the page
 * reads and checks the whole code): the page takes each answer (online.ts) only for the very same
 * URL, and judges it as it judges any answer.
 */
declare const __VERIFY_READER__: string;

function pieceIdOf(fragment: string): string | undefined {
  const [version, pid] = fragment.split('.', 2);
  if (version !== CODE_VERSION || !pid) return undefined;
  try {
    return decodeURIComponent(pid);
  } catch {
    return undefined;
  }
}

const fetchNow = (url: string) => fetch(url, { cache: 'no-store', credentials: 'same-origin' });

/**
 * On the page's thread: the piece's answer, handed over only once the downloads it names are
 * started (and registered for the page to take).
 */
async function readHere(path: string): Promise<Response> {
  const answer = await fetchNow(path);
  try {
    const { certificate } = answer.ok ? ((await answer.clone().json()) as { certificate?: unknown }) : {};
    const named = namedDownloads(certificate ?? null);
    for (const url of [...named.photos.map((photo) => photo.url), named.statusList])
      if (url) awaitEarly(url)(fetchNow(url));
  } catch {
    // An answer that is not JSON names nothing: the page says what is wrong with it.
  }
  return answer;
}

/** In the reader (early-reader.ts): each answer it hands over settles the page's early answer of its URL. */
function readInWorker(path: string): void {
  const reader = new Worker(`${__VERIFY_READER__}#${encodeURIComponent(path)}`);
  const pending = new Map([[path, awaitEarly(path)]]);
  const settle = (url: string, answer: Promise<Response>) => {
    pending.get(url)?.(answer);
    pending.delete(url);
    if (pending.size === 0) reader.terminate();
  };
  reader.addEventListener('message', ({ data }: MessageEvent<ReaderAnswer>) => {
    if ('failed' in data) return settle(data.url, Promise.reject(new TypeError('Failed to fetch')));
    // The downloads the answer names are the page's to take before the answer itself is.
    for (const url of data.next ?? []) pending.set(url, awaitEarly(url));
    settle(
      data.url,
      Promise.resolve(
        new Response(data.body, { status: data.status, headers: { 'content-type': data.type } }),
      ),
    );
  });
  // A reader that could not start or stopped (its script not loaded, say): whatever it has not
  // handed over is asked for here.
  reader.addEventListener('error', () => {
    for (const url of [...pending.keys()]) settle(url, url === path ? readHere(url) : fetchNow(url));
  });
}

const pieceId = pieceIdOf(location.hash.slice(1));
if (pieceId) {
  const path = piecePath(pieceId);
  try {
    readInWorker(path);
  } catch {
    // No worker here (a browser without them): on the page's thread.
    awaitEarly(path)(readHere(path));
  }
}
