import { CODE_VERSION } from '#shared/passport/code.ts';
import { requestEarly } from '../lib/early-requests.ts';
import { piecePath } from './piece-path.ts';

/**
 * The /verify page's first script, built apart from the page's (web/vite-early-requests.ts) and
 * a few hundred bytes small: for a card's code it asks for the piece's answer at once, so that
 * the shop's answer is on its way while the page's own script downloads and starts. It reads
 * only the code's piece id (the page reads and checks the whole code): the page takes the answer
 * (online.ts, askPiece) only for the very same path, and judges it as it judges any answer.
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
if (pieceId) requestEarly(piecePath(pieceId), { cache: 'no-store' }).catch(() => undefined);
