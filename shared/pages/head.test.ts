import { Parser } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { collection, DRAW, images, PIECES, product, SITE } from '../../test/support/pieces.ts';
import {
  CONTENT_TITLES,
  canonicalUrl,
  drawHead,
  escapeHtml,
  headTags,
  pageHead,
  pieceHead,
  siteOrigin,
} from './head.ts';
import { CONTENT_PATHS } from './public-pages.ts';

/**
 * The head as a browser reads it (htmlparser2, character references decoded): <title>'s text,
 * each meta's name or property with its values, the canonical link.
 */
function readBack(tags: string): Record<string, string[]> {
  const read: Record<string, string[]> = {};
  const add = (key: string, value: string) => {
    read[key] = [...(read[key] ?? []), value];
  };
  let inTitle = false;
  let title = '';
  const parser = new Parser({
    onopentag(name, attributes) {
      if (name === 'title') inTitle = true;
      const key = attributes.name ?? attributes.property;
      if (name === 'meta' && key && attributes.content !== undefined) add(key, attributes.content);
      if (name === 'link' && attributes.rel === 'canonical' && attributes.href)
        add('canonical', attributes.href);
      if (!['title', 'meta', 'link', 'html', 'head', 'body'].includes(name)) add('unexpected element', name);
    },
    ontext(text) {
      if (inTitle) title += text;
    },
    onclosetag(name) {
      if (name === 'title') {
        inTitle = false;
        add('title', title);
      }
    },
  });
  parser.end(`<!doctype html><html><head>${tags}</head><body></body></html>`);
  return read;
}

const canonicalOf = (tags: string) => readBack(tags).canonical?.[0];

const NOW = new Date('2026-11-30T09:00:00Z');

describe("a piece's head", () => {
  it('titles and describes the piece, names its canonical address and its preview crop', () => {
    const tags = headTags(pieceHead(PIECES['in-stock'], SITE, NOW), SITE);
    const url = 'https://oneofone.example/products/productdetails?productId=p-aurora-08';
    const crop = 'https://oneofone.example/media/collection_images/pieces/p-aurora-08-1/preview-1200x630.jpg';
    const description =
      'Aurora 08 · Aurora, bodice black, skirt ivory: 1250 USD. one of one: made once, never again.';
    expect(canonicalOf(tags)).toBe(url);
    expect(readBack(tags)).toEqual({
      title: ['Aurora 08 · Aurora | One of One Luxury'],
      canonical: [url],
      description: [description],
      'og:type': ['product'],
      'og:site_name': ['One of One Luxury'],
      'og:title': ['Aurora 08 · Aurora | One of One Luxury'],
      'og:description': [description],
      'og:url': [url],
      'og:image': [crop],
      'og:image:type': ['image/jpeg'],
      'og:image:width': ['1200'],
      'og:image:height': ['630'],
      'og:image:alt': ['Aurora 08 · Aurora, bodice black, skirt ivory'],
      'product:price:amount': ['1250.00'],
      'product:price:currency': ['USD'],
      'twitter:card': ['summary_large_image'],
      'twitter:title': ['Aurora 08 · Aurora | One of One Luxury'],
      'twitter:description': [description],
      'twitter:image': [crop],
      'twitter:image:alt': ['Aurora 08 · Aurora, bodice black, skirt ivory'],
    });
  });

  it('says a sold piece is sold, in the title and the description, and gives no price', () => {
    const read = readBack(headTags(pieceHead(PIECES.sold, SITE, NOW), SITE));
    expect(read.title).toEqual(['Aurora 08 · Aurora (sold) | One of One Luxury']);
    expect(read.description?.[0]).toContain('this product is sold.');
    expect(read['og:description']).toEqual(read.description);
    expect(read['product:price:amount']).toBeUndefined();
    expect(read.description?.[0]).not.toContain('1250');
  });

  it('gives the pre-sale text of a collection on pre-sale, and a draw’s closing time in the shop’s zone', () => {
    const preSale = readBack(headTags(pieceHead(PIECES['pre-order'], SITE, NOW), SITE));
    expect(preSale.description).toEqual(['Aurora 08 · Aurora: Aurora opens on 1 December.']);
    expect(preSale['product:price:amount']).toBeUndefined();
    const draw = readBack(headTags(pieceHead(PIECES.draw, SITE, NOW), SITE));
    expect(draw.description?.[0]).toContain(
      'offered by a release draw, members only; entries close Thursday 3 December, 10:00 Pacific time (Vancouver).',
    );
    const closed = readBack(headTags(pieceHead(PIECES.draw, SITE, new Date('2026-12-04T00:00:00Z')), SITE));
    expect(closed.description?.[0]).toContain(
      'entries closed Thursday 3 December, 10:00 Pacific time (Vancouver).',
    );
  });

  it('falls back to the collection’s picture, and to a small card without any picture', () => {
    const fromCollection = readBack(
      headTags(pieceHead({ ...PIECES['in-stock'], images: [] }, SITE, NOW), SITE),
    );
    expect(fromCollection['og:image']).toEqual([
      'https://oneofone.example/media/collection_images/pieces/t-aurora-front/preview-1200x630.jpg',
    ]);
    const bare = readBack(
      headTags(
        pieceHead(
          { product: product({ typeId: '', typeName: '' }), collection: undefined, images: [] },
          SITE,
          NOW,
        ),
        SITE,
      ),
    );
    expect(bare['og:image']).toBeUndefined();
    expect(bare['twitter:card']).toEqual(['summary']);
    expect(bare.title).toEqual(['Aurora 08 | One of One Luxury']);
  });

  it('escapes every value: a catalogue text cannot close an attribute or open a tag', () => {
    const name = `"><script>alert('x')</script> & Co`;
    const site = { ...SITE, name: 'Maison "One" & <Co>' };
    const tags = headTags(
      pieceHead(
        { product: product({ name }), collection: collection({ label: '<b>Aurora</b>' }), images },
        site,
        NOW,
      ),
      site,
    );
    expect(tags).not.toMatch(/<(script|b)\b/);
    expect(
      tags.split('\n').every((line) => /^<(meta|link) [^<>]*>$|^<title>[^<>]*<\/title>$/.test(line)),
    ).toBe(true);
    const read = readBack(tags);
    const title = `${name} · <b>Aurora</b> | Maison "One" & <Co>`;
    expect(read['og:title']).toEqual([title]);
    expect(read['og:site_name']).toEqual(['Maison "One" & <Co>']);
    expect(read.title).toEqual([title]);
    expect(read['unexpected element']).toBeUndefined();
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });
});

describe('the canonical address', () => {
  it('is absolute on the shop’s origin, its id encoded', () => {
    expect(canonicalUrl(SITE, { kind: 'piece', productId: 'p 1&x' })).toBe(
      'https://oneofone.example/products/productdetails?productId=p%201%26x',
    );
    expect(canonicalUrl({ origin: 'https://oneofone.example/' }, { kind: 'list', gender: 1 })).toBe(
      'https://oneofone.example/men/',
    );
    expect(canonicalUrl({ origin: 'http://127.0.0.1:4173' }, { kind: 'home' })).toBe(
      'http://127.0.0.1:4173/home',
    );
  });

  it('refuses an origin that is not one', () => {
    for (const origin of [
      'oneofone.example',
      'https://oneofone.example/shop',
      'https://x.example?a=1',
      'ftp://x.example',
      '',
    ])
      expect(() => siteOrigin(origin), origin).toThrow(RangeError);
  });
});

describe('the other pages', () => {
  it('home, the lists and the draws are websites with the shop’s words', () => {
    const home = readBack(headTags(pageHead({ kind: 'home' }, SITE), SITE));
    expect(home.title).toEqual(['One of One Luxury']);
    expect(home.description).toEqual(['One of One Luxury: one-of-one luxury goods, each piece made once.']);
    expect(home['og:type']).toEqual(['website']);
    const women = headTags(
      pageHead({ kind: 'list', gender: 0 }, SITE, {
        pictures: ['s3/collection_images/pieces/t-aurora-front.jpg'],
      }),
      SITE,
    );
    expect(canonicalOf(women)).toBe('https://oneofone.example/women/');
    expect(readBack(women).title).toEqual(['Women | One of One Luxury']);
    expect(readBack(women)['og:image:width']).toEqual(['1200']);
    expect(readBack(headTags(pageHead({ kind: 'draws' }, SITE), SITE)).title).toEqual([
      'Release draws | One of One Luxury',
    ]);
  });

  it('every content page has a title, and a path that is not one is refused', () => {
    for (const path of CONTENT_PATHS) {
      const head = pageHead({ kind: 'content', path }, SITE);
      expect(head.title).toBe(`${CONTENT_TITLES[path]} | One of One Luxury`);
      expect(head.path).toBe(path);
    }
    expect(() => pageHead({ kind: 'content', path: '/admin-home' }, SITE)).toThrow(RangeError);
  });

  it('a draw’s page gives its window while open, and that it closed after', () => {
    const draw = {
      drawId: DRAW.drawId,
      pid: 'p-aurora-08',
      pieceName: 'Aurora 08',
      opensAt: DRAW.opensAt,
      closesAt: DRAW.closesAt,
      state: 'open' as const,
      files: { entries: '', witnessed: '', result: '', script: '', algorithm: '' },
    };
    const open = drawHead(draw, SITE, {}, NOW);
    expect(open.title).toBe('The draw for Aurora 08 | One of One Luxury');
    expect(open.description).toBe(
      'The release draw for Aurora 08, members only: Tuesday 1 December, 10:00 – Thursday 3 December, 10:00 Pacific time (Vancouver).',
    );
    expect(canonicalOf(headTags(open, SITE))).toBe('https://oneofone.example/draw/d-aurora-08');
    const closed = drawHead({ ...draw, state: 'drawn' }, SITE, {}, new Date('2026-12-05T00:00:00Z'));
    expect(closed.description).toContain('closed Thursday 3 December, 10:00 Pacific time (Vancouver)');
  });
});
