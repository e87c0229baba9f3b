import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { SITE } from '../../test/support/pieces.ts';
import { CONTENT_PATHS } from './public-pages.ts';
import { escapeXml, everyPublicPage, SITEMAP_MAX_URLS, sitemapXml } from './sitemap.ts';

/** The sitemap as a crawler reads it: well-formed XML, each <url>'s loc and lastmod, decoded. */
function readSitemap(xml: string) {
  expect(XMLValidator.validate(xml)).toBe(true);
  const parsed = new XMLParser({
    ignoreAttributes: false,
    isArray: (name) => name === 'url',
    parseTagValue: false,
  }).parse(xml) as { urlset: { '@_xmlns': string; url?: { loc: string; lastmod?: string }[] } };
  return parsed.urlset;
}

describe('sitemap.xml', () => {
  it('lists every public page once, absolute on the shop’s origin, in the 0.9 namespace', () => {
    const xml = sitemapXml(
      SITE,
      everyPublicPage(
        ['p-aurora-08', 'p-aurora-09'],
        ['d-aurora-08'],
        [
          { id: 't-aurora', gender: 0, singlecollection: false },
          { id: 't-scarf', gender: 2, singlecollection: false },
          { id: 't-singles', gender: 1, singlecollection: true },
        ],
      ),
    );
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n')).toBe(true);
    const urlset = readSitemap(xml);
    expect(urlset['@_xmlns']).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    const locs = (urlset.url ?? []).map((u) => u.loc);
    // A unisex collection has a page on each list, the others one.
    expect(locs).toHaveLength(3 + CONTENT_PATHS.length + 1 + 2 + 1 + 4);
    expect(new Set(locs).size).toBe(locs.length);
    expect(locs).toEqual(
      expect.arrayContaining([
        'https://oneofone.example/home',
        'https://oneofone.example/women/',
        'https://oneofone.example/men/',
        'https://oneofone.example/world/mission',
        'https://oneofone.example/draws',
        'https://oneofone.example/products/productdetails?productId=p-aurora-09',
        'https://oneofone.example/draw/d-aurora-08',
        'https://oneofone.example/products/productrelated?type=t-aurora&gender=0',
        'https://oneofone.example/products/productrelated?type=t-scarf&gender=0',
        'https://oneofone.example/products/productrelated?type=t-scarf&gender=1',
        'https://oneofone.example/products/singleproducts?type=t-singles&gender=1',
      ]),
    );
    for (const loc of locs) expect(new URL(loc).origin).toBe('https://oneofone.example');
    expect(locs).not.toContain('https://oneofone.example/products/productrelated?type=t-aurora&gender=1');
    // In the XML, the query's & is escaped.
    expect(xml).toContain('productrelated?type=t-aurora&amp;gender=0</loc>');
  });

  it('escapes what XML reserves, so the address reads back exactly', () => {
    const planted = `/world/a&b<c>"d'`;
    const xml = sitemapXml(SITE, [
      { kind: 'content', path: planted },
      { kind: 'piece', productId: 'a&b' },
    ]);
    expect(xml).toContain('<loc>https://oneofone.example/world/a&amp;b&lt;c&gt;&quot;d&apos;</loc>');
    expect(readSitemap(xml).url?.map((u) => u.loc)).toEqual([
      `https://oneofone.example${planted}`,
      'https://oneofone.example/products/productdetails?productId=a%26b',
    ]);
    // Unescaped, the same text is not XML: the check above can fail.
    expect(XMLValidator.validate(xml.replace('&amp;b&lt;c', '&b<c'))).not.toBe(true);
    expect(escapeXml(`<&>"'`)).toBe('&lt;&amp;&gt;&quot;&apos;');
  });

  it('gives lastmod as a W3C time where known, the latest of a page named twice, and refuses a time that is none', () => {
    const piece = { kind: 'piece', productId: 'p-aurora-08' } as const;
    const urlset = readSitemap(
      sitemapXml(SITE, [
        { page: piece, lastmod: '2026-11-30T09:00:00-08:00' },
        { page: piece, lastmod: new Date('2026-11-30T08:00:00Z') },
        { kind: 'home' },
      ]),
    );
    expect(urlset.url).toEqual([
      {
        loc: 'https://oneofone.example/products/productdetails?productId=p-aurora-08',
        lastmod: '2026-11-30T17:00:00.000Z',
      },
      { loc: 'https://oneofone.example/home' },
    ]);
    expect(() => sitemapXml(SITE, [{ page: piece, lastmod: 'yesterday' }])).toThrow(RangeError);
  });

  it('is empty but well-formed without pages, and refuses more than one file holds', () => {
    expect(readSitemap(sitemapXml(SITE, [])).url).toBeUndefined();
    const ids = Array.from({ length: SITEMAP_MAX_URLS }, (_, i) => `p-${i}`);
    expect(() => sitemapXml(SITE, everyPublicPage(ids))).toThrow(/at most 50000/);
  });
});
