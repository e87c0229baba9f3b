import { describe, expect, it } from 'vitest';
import { collection, SITE } from '../../test/support/pieces.ts';
import { checkStructuredData } from '../../test/support/structured-data.ts';
import {
  type CollectionPageOf,
  type CollectionPiece,
  collectionHead,
  collectionHeadHtml,
  collectionJsonLd,
  collectionShowsPage,
} from './collection.ts';

const LANDING: CollectionPageOf = { kind: 'collection', typeId: 't-aurora', gender: 0, single: false };
const SINGLES: CollectionPageOf = { kind: 'collection', typeId: 't-singles', gender: 1, single: true };
const singles = (over: Parameters<typeof collection>[0] = {}) =>
  collection({ id: 't-singles', name: 'Atelier Singles', gender: 2, singlecollection: true, ...over });
const piece = (id: string, gender: 0 | 1 | 2, sold = false, name = `Piece ${id}`): CollectionPiece => ({
  id,
  typeId: 't-singles',
  name,
  gender,
  sold,
});

const page = (head: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8">${head}</head><body><div id="root"></div></body></html>`;

describe("a collection's page head", () => {
  it('names the collection and the list, at its canonical address, with its first photograph cropped for previews', () => {
    const head = collectionHead({ collection: collection({ label: 'Aurora, the gowns' }) }, LANDING, SITE);
    expect(head).toMatchObject({
      title: 'Aurora, the gowns, for women | One of One Luxury',
      description:
        'The Aurora, the gowns collection, for women: every piece one of one: made once, never again.',
      path: '/products/productrelated?type=t-aurora&gender=0',
      type: 'website',
      image: {
        url: 'https://oneofone.example/media/collection_images/pieces/t-aurora-front/preview-1200x630.jpg',
        width: 1200,
        height: 630,
        alt: 'Aurora, the gowns',
      },
    });
    const html = collectionHeadHtml({ collection: collection() }, LANDING, SITE);
    expect(html).toContain(
      '<link rel="canonical" href="https://oneofone.example/products/productrelated?type=t-aurora&amp;gender=0">',
    );
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
  });

  it("takes the gender's photographs, the other gender's when it has none, none when there are none", () => {
    const both = collection({
      gender: 2,
      womenproductimage: '["s3/collection_images/w.jpg"]',
      menproductimage: '["s3/collection_images/m.jpg"]',
    });
    const men = { ...LANDING, gender: 1 as const };
    expect(collectionHead({ collection: both }, men, SITE).image?.url).toContain('/collection_images/m/');
    expect(collectionHead({ collection: both }, LANDING, SITE).image?.url).toContain('/collection_images/w/');
    expect(collectionHead({ collection: collection() }, men, SITE).image?.url).toContain('t-aurora-front');
    const none = collection({ womenproductimage: 'undefined' });
    expect(collectionHead({ collection: none }, LANDING, SITE).image).toBeUndefined();
    expect(collectionHeadHtml({ collection: none }, LANDING, SITE)).toContain(
      '<meta name="twitter:card" content="summary">',
    );
  });

  it('says what the landing says: the pre-sale text, the sold-out notice', () => {
    const describe = (over: Parameters<typeof collection>[0]) =>
      collectionHead({ collection: collection(over) }, LANDING, SITE).description;
    expect(describe({ preSale: true, preSaleText: ' Opens to members first. ' })).toBe(
      'Aurora: Opens to members first.',
    );
    expect(describe({ preSale: true })).toBe('Aurora: on pre-sale.');
    expect(describe({ issoldout: true })).toBe('Aurora: all products in this collection are sold.');
  });

  it("a single collection's list: its pieces for the gender, how many are sold, or that there are none", () => {
    const facts = (pieces: CollectionPiece[]) => ({ collection: singles(), pieces });
    const head = (pieces: CollectionPiece[]) => collectionHead(facts(pieces), SINGLES, SITE);
    expect(head([]).path).toBe('/products/singleproducts?type=t-singles&gender=1');
    expect(head([]).title).toBe('Atelier Singles, for men | One of One Luxury');
    expect(head([]).description).toBe('Atelier Singles: No Products Available.');
    // A women's piece is not on the men's list.
    expect(head([piece('a', 0)]).description).toBe('Atelier Singles: No Products Available.');
    expect(head([piece('a', 1), piece('b', 2)]).description).toBe(
      'Atelier Singles, for men: 2 pieces. Each one of one: made once, never again.',
    );
    expect(head([piece('a', 1), piece('b', 2, true)]).description).toBe(
      'Atelier Singles, for men: 2 pieces, 1 not sold. Each one of one: made once, never again.',
    );
    expect(head([piece('a', 1, true)]).description).toBe(
      'Atelier Singles, for men: 1 piece, all sold. Each one of one: made once, never again.',
    );
  });

  it('is shown only on the lists the collection is on, as the kind of page it has', () => {
    expect(collectionShowsPage(collection(), LANDING)).toBe(true);
    expect(collectionShowsPage(collection(), { gender: 1, single: false })).toBe(false);
    expect(collectionShowsPage(collection(), { gender: 0, single: true })).toBe(false);
    expect(collectionShowsPage(singles(), SINGLES)).toBe(true);
    expect(collectionShowsPage(singles(), { gender: 0, single: true })).toBe(true);
    expect(collectionShowsPage(singles(), { gender: 0, single: false })).toBe(false);
  });
});

describe("a collection's structured data", () => {
  it('is a CollectionPage of the shop, valid as a search engine reads it', async () => {
    const data = collectionJsonLd({ collection: collection() }, LANDING, SITE);
    expect(data).toMatchObject({
      '@type': 'CollectionPage',
      url: 'https://oneofone.example/products/productrelated?type=t-aurora&gender=0',
      name: 'Aurora',
      image: 'https://oneofone.example/media/collection_images/pieces/t-aurora-front/preview-1200x630.jpg',
      isPartOf: { '@type': 'WebSite', name: 'One of One Luxury', url: 'https://oneofone.example/home' },
    });
    expect(data).not.toHaveProperty('mainEntity');
    const checked = await checkStructuredData(
      page(collectionHeadHtml({ collection: collection() }, LANDING, SITE)),
    );
    expect(checked.errors).toEqual([]);
    expect(checked.data.jsonld.CollectionPage).toHaveLength(1);
  });

  it("a single collection's list names its pieces' pages, in the order it shows them", async () => {
    const facts = {
      collection: singles(),
      pieces: [piece('p-b', 1), piece('p-w', 0), piece('p-u', 2, true)],
    };
    const data = collectionJsonLd(facts, SINGLES, SITE) as unknown as {
      mainEntity: { '@type': string; numberOfItems: number; itemListElement: unknown[] };
    };
    expect(data.mainEntity).toEqual({
      '@type': 'ItemList',
      numberOfItems: 2,
      itemListElement: [
        {
          '@type': 'ListItem',
          position: 1,
          url: 'https://oneofone.example/products/productdetails?productId=p-b',
          name: 'Piece p-b',
        },
        {
          '@type': 'ListItem',
          position: 2,
          url: 'https://oneofone.example/products/productdetails?productId=p-u',
          name: 'Piece p-u',
        },
      ],
    });
    const checked = await checkStructuredData(page(collectionHeadHtml(facts, SINGLES, SITE)));
    expect(checked.errors).toEqual([]);
  });

  it('keeps a name holding markup inside its script', () => {
    const planted = collection({ name: '</script><script>alert(1)</script>' });
    const html = collectionHeadHtml({ collection: planted }, LANDING, SITE);
    expect(html).not.toContain('<script>alert');
    expect(html.match(/<script/g)).toHaveLength(1);
  });
});
