import { describe, expect, it } from 'vitest';
import { PIECES, product, SITE } from '../../test/support/pieces.ts';
import { checkStructuredData } from '../../test/support/structured-data.ts';
import { pieceAvailability } from './piece.ts';
import {
  jsonLdScript,
  pieceHeadHtml,
  productJsonLd,
  productJsonLdScript,
  SCHEMA_AVAILABILITY,
} from './product-json-ld.ts';

/** A page's head as the renderer writes it: the head tags and the piece's JSON-LD. */
const page = (head: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8">${head}</head><body><div id="root"></div></body></html>`;

const piecePage = (piece: (typeof PIECES)[keyof typeof PIECES]) => page(pieceHeadHtml(piece, SITE));

describe("a piece's Product", () => {
  it('names the piece, its pictures (absolute), its id, the shop as brand, its address and one Offer', () => {
    const data = productJsonLd(PIECES['in-stock'], SITE);
    const url = 'https://oneofone.example/products/productdetails?productId=p-aurora-08';
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Aurora 08',
      sku: 'p-aurora-08',
      productID: 'p-aurora-08',
      brand: { '@type': 'Brand', name: 'One of One Luxury' },
      url,
      color: 'black, ivory',
      size: 'S',
      offers: {
        '@type': 'Offer',
        price: '1250.00',
        priceCurrency: 'USD',
        availability: 'https://schema.org/InStock',
        itemCondition: 'https://schema.org/NewCondition',
        url,
      },
    });
    expect(data.description).toBe(
      'Aurora 08 · Aurora, bodice black, skirt ivory: one of one: made once, never again.',
    );
    // The gallery's order (by index), each at its widest JPEG, then the first one's preview crop.
    expect((data as unknown as { image: string[] }).image).toEqual([
      'https://oneofone.example/media/collection_images/pieces/p-aurora-08-1/1920w.jpg',
      'https://oneofone.example/media/collection_images/pieces/p-aurora-08-2/1920w.jpg',
      'https://oneofone.example/media/collection_images/pieces/p-aurora-08-1/preview-1200x630.jpg',
    ]);
  });

  it('prices with two decimals, as a string: never a float', () => {
    const offers = (priceUs: number) =>
      (
        productJsonLd({ ...PIECES['in-stock'], product: product({ priceUs }) }, SITE) as {
          offers: { price: string };
        }
      ).offers.price;
    expect(offers(1250)).toBe('1250.00');
    expect(offers(99.9)).toBe('99.90');
    expect(offers(0.1 + 0.2)).toBe('0.30');
  });

  it('follows the piece: in stock, sold out, pre-order, in a draw, held by a checkout', () => {
    const availability = Object.fromEntries(
      Object.entries(PIECES).map(([state, piece]) => [
        state,
        (productJsonLd(piece, SITE) as { offers: { availability: string } }).offers.availability,
      ]),
    );
    expect(availability).toEqual({
      'in-stock': 'https://schema.org/InStock',
      sold: 'https://schema.org/SoldOut',
      'pre-order': 'https://schema.org/PreOrder',
      draw: 'https://schema.org/LimitedAvailability',
      held: 'https://schema.org/Reserved',
    });
    for (const [state, piece] of Object.entries(PIECES)) expect(pieceAvailability(piece)).toBe(state);
    // Sold is final: a sold piece of a collection on pre-sale, or still named by its draw, is sold.
    expect(
      pieceAvailability({
        product: product({ status: 0, sold: true, draw: PIECES.draw.product.draw }),
        collection: PIECES['pre-order'].collection,
      }),
    ).toBe('sold');
    // GET /is-sold may know of the sale first (the renderer asked it after the sale's event).
    expect(
      pieceAvailability({ product: product(), sold: { status: 406, sold: true, available: false } }),
    ).toBe('sold');
    for (const url of Object.values(SCHEMA_AVAILABILITY))
      expect(url).toMatch(/^https:\/\/schema\.org\/[A-Za-z]+$/);
  });
});

describe("the validator's verdict on a piece's page", () => {
  for (const state of Object.keys(PIECES) as (keyof typeof PIECES)[]) {
    it(`${state}: one Product with its Offer, no error`, async () => {
      const { data, errors, warnings } = await checkStructuredData(piecePage(PIECES[state]));
      expect(errors).toEqual([]);
      expect(data.jsonld.Product).toHaveLength(1);
      expect(data.metatags['og:type']).toEqual(['product']);
      expect(data.jsonld.Product?.[0]).toMatchObject({
        name: 'Aurora 08',
        offers: { price: '1250.00', availability: SCHEMA_AVAILABILITY[state] },
      });
      // What a one-of-one piece cannot have (reviews, ratings, a GTIN) is only recommended.
      expect(warnings.map((w) => w.fieldNames?.[0]).sort()).toEqual(
        ['aggregateRating', 'audience', 'gtin', 'hasCertification', 'inProductGroupWithID', 'isVariantOf']
          .concat(['material', 'mpn', 'pattern', 'priceValidUntil', 'review', 'subjectOf'])
          .sort(),
      );
    });
  }

  it('reports a planted Offer without a price, and one whose price is no number', async () => {
    const valid = productJsonLd(PIECES['in-stock'], SITE) as unknown as { offers: Record<string, unknown> };
    const { price: _price, ...noPrice } = valid.offers;
    const withoutPrice = await checkStructuredData(page(jsonLdScript({ ...valid, offers: noPrice })));
    expect(withoutPrice.errors.map((e) => e.fieldNames)).toEqual([['price', 'priceSpecification.price']]);
    const notANumber = await checkStructuredData(
      page(jsonLdScript({ ...valid, offers: { ...valid.offers, price: 'twelve hundred' } })),
    );
    expect(notANumber.errors).toHaveLength(1);
    expect(notANumber.errors[0]?.issueMessage).toMatch(/price/);
  });

  it('reports a planted Product without pictures or offers, and a block that is not JSON', async () => {
    const valid = productJsonLd(PIECES['in-stock'], SITE) as unknown as Record<string, unknown>;
    const { image: _image, offers: _offers, ...bare } = valid;
    const { errors } = await checkStructuredData(page(jsonLdScript(bare)));
    expect(errors.flatMap((e) => e.fieldNames ?? []).sort()).toEqual(
      ['aggregateRating', 'image', 'offers', 'offers', 'review'].sort(),
    );
    const broken = await checkStructuredData(
      page('<script type="application/ld+json">{"@type": "Product", "name": </script>'),
    );
    expect(broken.errors.length).toBeGreaterThan(0);
  });
});

describe('the JSON-LD script', () => {
  const hostile = '</script><script>alert(1)</script><!-- & \u2028';

  it('cannot be closed or broken by any text of the catalogue, and reads back the same', async () => {
    const piece = { ...PIECES['in-stock'], product: product({ name: hostile }) };
    const script = productJsonLdScript(piece, SITE);
    expect(script.startsWith('<script type="application/ld+json">')).toBe(true);
    expect(script.endsWith('</script>')).toBe(true);
    const inner = script.slice('<script type="application/ld+json">'.length, -'</script>'.length);
    expect(inner).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(inner).name).toBe(hostile);
    // As a page reader (the extractor parses the whole document) sees it: one script, the name whole.
    const { data, errors } = await checkStructuredData(page(script));
    expect(errors).toEqual([]);
    expect(data.jsonld.Product?.[0]?.name).toBe(hostile);
  });

  it('would break out without the escaping (the check above can fail)', async () => {
    const naive = `<script type="application/ld+json">${JSON.stringify({ '@context': 'https://schema.org', '@type': 'Product', name: hostile })}</script>`;
    const { data } = await checkStructuredData(page(naive));
    expect(data.jsonld.Product?.[0]?.name).not.toBe(hostile);
  });
});
