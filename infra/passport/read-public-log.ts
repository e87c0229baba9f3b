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
  const entries: string[] = [];
  for (let tile = 0; tile * TILE_WIDTH < parsed.size; tile++) {
    const width = Math.min(TILE_WIDTH, parsed.size - tile * TILE_WIDTH);
    const bundle = parseEntryBundle(
      await bytes(fetcher, `${origin}/passport/log/${entriesPath(tile, width)}`),
    );
    if (bundle?.length !== width) throw new Error(`entry bundle ${tile} is not ${width} entries`);
    const decoder = new TextDecoder('utf-8', { fatal: true });
    entries.push(...bundle.map((entry) => decoder.decode(entry)));
  }
  return { keys, checkpoint, size: parsed.size, entries };
}
