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

  it('never take a key outside their folder, nor an id that would need escaping', () => {
    expect(() => pageKey({ kind: 'piece', productId: '../index' })).toThrow(RangeError);
    expect(() => pageKey({ kind: 'draw', drawId: 'a/b' })).toThrow(RangeError);
    for (const key of [
      'index.html',
      'pages/pieces/../x.html',
      'pages/content/admin.html',
      'pages/pieces/a/b.html',
      'pages/home',
    ])
      expect(pageOfKey(key), key).toBeUndefined();
  });
});
