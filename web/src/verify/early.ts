import { CODE_VERSION } from '#shared/passport/code.ts';
import { requestEarly } from '../lib/early-requests.ts';
import { namedDownloads } from './named-downloads.ts';
import { piecePath } from './piece-path.ts';

/**
 * The /verify page's first script, built apart from the page's (web/vite-early-requests.ts) and
 * a few hundred bytes small: for a card's code it asks for the piece's answer at once, so that
 * the shop's answer is on its way while the page's own script downloads and starts, and when
 * it arrives, the photographs and the status list its certificate names (the slowest part of a
 * first visit when they waited for the page's script). It reads only the code's piece id (the page
 * reads and checks the whole code): the page takes each answer (online.ts) only for the very same
 * URL, and judges it as it judges any answer.
 */
function pieceIdOf(fragment: string): string | undefined {
  const [version, pid] = fragment.split('.', 2);
  if (version !== CODE_VERSION || !pid) return undefined;
  try {
    return decodeURIComponent(pid);
  } catch {
    return undefined;
  }
}

const pieceId = pieceIdOf(location.hash.slice(1));
// Offline, the page says so itself: a failed early read is not an error of its own.
if (pieceId)
  requestEarly(piecePath(pieceId), { cache: 'no-store' }, async (copy) => {
    const named = namedDownloads(
      copy.ok ? ((await copy.json()) as { certificate?: unknown }).certificate : null,
    );
    for (const url of [...named.photos.map((photo) => photo.url), named.statusList])
      if (url) requestEarly(url, { cache: 'no-store' }).catch(() => undefined);
  }).catch(() => undefined);
