import { parseCheckpoint } from '#shared/passport/checkpoint.ts';
import { entriesPath, parseEntryBundle, TILE_WIDTH } from '#shared/passport/tiles.ts';

/**
 * The public log as anyone reads it (docs/passport.md, Published): the latest checkpoint, then
 * every entry from the tlog-tiles entry bundles up to the checkpoint's size. Only the shop's public
 * files: no API, no key, no account.
 */
export type Fetch = (url: string) => Promise<Response>;

async function text(fetcher: Fetch, url: string): Promise<string> {
  const answer = await fetcher(url);
  if (!answer.ok) throw new Error(`${url}: ${answer.status}`);
  return answer.text();
}

async function bytes(fetcher: Fetch, url: string): Promise<Uint8Array> {
  const answer = await fetcher(url);
  if (!answer.ok) throw new Error(`${url}: ${answer.status}`);
  return new Uint8Array(await answer.arrayBuffer());
}

export interface PublicLog {
  keys: string;
  checkpoint: string;
  size: number;
  entries: string[];
}

export async function readPublicLog(origin: string, fetcher: Fetch = fetch): Promise<PublicLog> {
  const keys = await text(fetcher, `${origin}/.well-known/passport-keys.json`);
  const checkpoint = await text(fetcher, `${origin}/passport/log/checkpoint`);
  const parsed = parseCheckpoint(checkpoint);
  if (!parsed) throw new Error('the published checkpoint is not a signed note');
  const entries = await readEntries(origin, 0, parsed.size, fetcher);
  return { keys, checkpoint, size: parsed.size, entries };
}

/**
 * The entries from the start of the entry bundle that holds entry `from` up to entry `size`
 * (exclusive), read only from the bundles that hold them (a monitor reads only what is new).
 */
export async function readEntries(
  origin: string,
  from: number,
  size: number,
  fetcher: Fetch = fetch,
): Promise<string[]> {
  const entries: string[] = [];
  for (let tile = Math.floor(from / TILE_WIDTH); tile * TILE_WIDTH < size; tile++) {
    const width = Math.min(TILE_WIDTH, size - tile * TILE_WIDTH);
    const bundle = parseEntryBundle(
      await bytes(fetcher, `${origin}/passport/log/${entriesPath(tile, width)}`),
    );
    if (bundle?.length !== width) throw new Error(`entry bundle ${tile} is not ${width} entries`);
    const decoder = new TextDecoder('utf-8', { fatal: true });
    entries.push(...bundle.map((entry) => decoder.decode(entry)));
  }
  return entries;
}

export { text as fetchText };
