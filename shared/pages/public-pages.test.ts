import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CONTENT_PATHS, type PublicPage, pageKey, pageOfKey, pagePath } from './public-pages.ts';

const id = fc.stringMatching(/^[A-Za-z0-9_-]{1,100}$/);
const page: fc.Arbitrary<PublicPage> = fc.oneof(
  fc.constant<PublicPage>({ kind: 'home' }),
  fc.constantFrom<PublicPage>({ kind: 'list', gender: 0 }, { kind: 'list', gender: 1 }),
  id.map((productId): PublicPage => ({ kind: 'piece', productId })),
  fc.constant<PublicPage>({ kind: 'draws' }),
  id.map((drawId): PublicPage => ({ kind: 'draw', drawId })),
  fc.constantFrom(...CONTENT_PATHS).map((path): PublicPage => ({ kind: 'content', path })),
  fc
    .record({ typeId: id, gender: fc.constantFrom<0 | 1>(0, 1), single: fc.boolean() })
    .map((c): PublicPage => ({ kind: 'collection', ...c })),
);

describe('the public pages', () => {
  it('each have one key, which names them back, and one canonical address', () => {
    fc.assert(
      fc.property(page, (p) => {
        expect(pageOfKey(pageKey(p))).toEqual(p);
        expect(pagePath(p).startsWith('/')).toBe(true);
      }),
    );
  });

  it('name a collection by its type and gender alone, on the landing or the list of single pieces', () => {
    expect(pagePath({ kind: 'collection', typeId: 't-aurora', gender: 0, single: false })).toBe(
      '/products/productrelated?type=t-aurora&gender=0',
    );
    expect(pagePath({ kind: 'collection', typeId: 't_1', gender: 1, single: true })).toBe(
      '/products/singleproducts?type=t_1&gender=1',
    );
    expect(pageKey({ kind: 'collection', typeId: 't_1', gender: 1, single: true })).toBe(
      'pages/singles/t_1/men.html',
    );
    expect(pageKey({ kind: 'collection', typeId: 't-aurora', gender: 0, single: false })).toBe(
      'pages/collections/t-aurora/women.html',
    );
  });

  it('never take a key outside their folder, nor an id that would need escaping', () => {
    expect(() => pageKey({ kind: 'piece', productId: '../index' })).toThrow(RangeError);
    expect(() => pageKey({ kind: 'draw', drawId: 'a/b' })).toThrow(RangeError);
    expect(() => pageKey({ kind: 'collection', typeId: '../x', gender: 0, single: false })).toThrow(
      RangeError,
    );
    expect(() => pageKey({ kind: 'collection', typeId: 't', gender: 2 as 0, single: false })).toThrow(
      RangeError,
    );
    for (const key of [
      'index.html',
      'pages/pieces/../x.html',
      'pages/content/admin.html',
      'pages/pieces/a/b.html',
      'pages/home',
      'pages/collections/t1.html',
      'pages/collections/t1/unisex.html',
      'pages/collections/t1/women/x.html',
      'pages/singles/../women.html',
    ])
      expect(pageOfKey(key), key).toBeUndefined();
  });
});
