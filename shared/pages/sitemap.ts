import { canonicalUrl, type Site } from './head.ts';
import { CONTENT_PATHS, type ListGender, type PublicPage } from './public-pages.ts';

/**
 * `sitemap.xml` (sitemaps.org protocol 0.9) of the shop's public pages (issue 47): each page's
 * canonical address, absolute on the shop's origin, with when it last changed where the
 * renderer knows it. Pure: the renderer gives the pages and writes the text.
 */

export interface SitemapEntry {
  page: PublicPage;
  /** When what the page shows last changed (an ISO time or a Date). */
  lastmod?: string | Date | undefined;
}

/** The protocol's limit for one file (a sitemap index would be needed past it). */
export const SITEMAP_MAX_URLS = 50_000;

/** Text as XML character data or a quoted attribute: the five characters XML reserves. */
export function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** A W3C datetime in UTC (`2026-11-30T09:00:00.000Z`); a time that is none is refused. */
function w3cDatetime(at: string | Date): string {
  const time = new Date(at);
  if (Number.isNaN(time.getTime())) throw new RangeError(`not a time: ${String(at)}`);
  return time.toISOString();
}

/**
 * The sitemap of these pages: one <url> per canonical address (a page named twice is listed
 * once, with its latest lastmod), in the order given.
 */
export function sitemapXml(
  site: Pick<Site, 'origin'>,
  entries: readonly (PublicPage | SitemapEntry)[],
): string {
  const latest = new Map<string, string | undefined>();
  for (const entry of entries) {
    const { page, lastmod } = 'page' in entry ? entry : { page: entry, lastmod: undefined };
    const loc = canonicalUrl(site, page);
    const at = lastmod === undefined ? undefined : w3cDatetime(lastmod);
    const before = latest.get(loc);
    latest.set(loc, before === undefined || (at !== undefined && at > before) ? at : before);
  }
  if (latest.size > SITEMAP_MAX_URLS)
    throw new RangeError(`${latest.size} addresses: one sitemap holds at most ${SITEMAP_MAX_URLS}`);
  const urls = [...latest].map(
    ([loc, lastmod]) =>
      `  <url>\n    <loc>${escapeXml(loc)}</loc>\n${lastmod ? `    <lastmod>${lastmod}</lastmod>\n` : ''}  </url>`,
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

/** A collection as the pages name it: its id, its gender (2: unisex, on both lists), whether single. */
export interface CollectionOnPages {
  id: string;
  gender: number;
  singlecollection: boolean;
}

/** A collection's pages: one on each list it is on (a unisex one's on both). */
export function collectionPages(collection: CollectionOnPages): PublicPage[] {
  const genders: ListGender[] = collection.gender === 0 ? [0] : collection.gender === 1 ? [1] : [0, 1];
  return genders.map((gender) => ({
    kind: 'collection',
    typeId: collection.id,
    gender,
    single: collection.singlecollection,
  }));
}

/**
 * Every public page the shop renders, given the catalogue's pieces, the draws a shopper may see
 * and the collections: /home, both lists, every world and more page, /draws, each piece, each
 * draw, each collection's page on each list it is on.
 */
export function everyPublicPage(
  productIds: readonly string[],
  drawIds: readonly string[] = [],
  collections: readonly CollectionOnPages[] = [],
): PublicPage[] {
  return [
    { kind: 'home' },
    { kind: 'list', gender: 0 },
    { kind: 'list', gender: 1 },
    ...CONTENT_PATHS.map((path): PublicPage => ({ kind: 'content', path })),
    { kind: 'draws' },
    ...productIds.map((productId): PublicPage => ({ kind: 'piece', productId })),
    ...drawIds.map((drawId): PublicPage => ({ kind: 'draw', drawId })),
    ...collections.flatMap(collectionPages),
  ];
}
