import { namedDownloads } from './named-downloads.ts';

/**
 * The /verify page's early reader: a worker the early script (early.ts) starts with the piece's
 * path in its URL's fragment. It asks for the piece's answer, reads from the certificate in it which photographs and
 * which status list to download, and downloads them, all off the page's thread: there, the answer's
 * arrival waited behind the page's parse, layout and script (about 0.3 s of a slowed phone), and
 * the downloads with it. It hands each answer over whole, the piece's with the addresses that
 * follow, so that the page finds them started. Nothing here is trusted: the page checks all.
 */
export type ReaderAnswer =
  | { url: string; status: number; type: string; body: ArrayBuffer; next?: string[] }
  | { url: string; failed: true };

const post = (answer: ReaderAnswer) =>
  postMessage(answer, { transfer: 'body' in answer ? [answer.body] : [] });

async function read(url: string): Promise<{ status: number; type: string; body: ArrayBuffer } | undefined> {
  try {
    const answer = await fetch(url, { cache: 'no-store', credentials: 'same-origin' });
    return {
      status: answer.status,
      type: answer.headers.get('content-type') ?? '',
      body: await answer.arrayBuffer(),
    };
  } catch {
    return undefined;
  }
}

function certificateOf(status: number, body: ArrayBuffer): unknown {
  if (status !== 200) return null;
  try {
    return (JSON.parse(new TextDecoder().decode(body)) as { certificate?: unknown }).certificate;
  } catch {
    return null;
  }
}

async function download(url: string): Promise<void> {
  const answer = await read(url);
  post(answer ? { url, ...answer } : { url, failed: true });
}

/**
 * The piece's path is the fragment of the reader's own URL: a message would reach the reader only
 * once the page's busy thread forwards it, after the worker has started.
 */
async function readPiece(path: string): Promise<void> {
  const piece = await read(path);
  if (!piece) return post({ url: path, failed: true });
  const named = namedDownloads(certificateOf(piece.status, piece.body));
  const next = [
    ...new Set([...named.photos.map((photo) => photo.url), ...(named.statusList ? [named.statusList] : [])]),
  ];
  post({ url: path, ...piece, next });
  await Promise.all(next.map(download));
}

const path = decodeURIComponent(location.hash.slice(1));
if (path.startsWith('/api/passport/pieces/')) void readPiece(path);
