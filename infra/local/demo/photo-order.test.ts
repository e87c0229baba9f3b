import { describe, expect, it } from 'vitest';
import { demoCatalogue, isDemoPhoto } from './catalogue.ts';
import { mostSeenFirst } from './photo-order.ts';

const keyOf = (url: string) => url.replace(/^s3\//, '');

describe('the demo photographs, most-seen first', () => {
  const { items, media } = demoCatalogue();
  const photos = media.filter(isDemoPhoto);
  const ordered = mostSeenFirst(items, photos).map((p) => p.key);
  const collections = items
    .filter((i) => i.kind === 'type')
    .sort((a, b) => String(a.createdAt).localeCompare(String(b.createdAt)));
  const listed = (field: string) =>
    collections.flatMap((c) => {
      const value = String(c[field]);
      return value.startsWith('[') ? (JSON.parse(value) as string[]).map(keyOf) : [];
    });

  it('keeps every photograph, once', () => {
    expect([...ordered].sort()).toEqual(photos.map((p) => p.key).sort());
  });

  it('starts with the first picture of each collection /women and /men show, oldest collection first', () => {
    const firsts = collections.flatMap((c) =>
      ['womenproductimage', 'menproductimage'].flatMap((field) => {
        const value = String(c[field]);
        return value.startsWith('[') ? [keyOf((JSON.parse(value) as string[])[0] as string)] : [];
      }),
    );
    const distinctFirsts = [...new Set(firsts)];
    expect(ordered.slice(0, distinctFirsts.length)).toEqual(distinctFirsts);
  });

  it('puts the pieces’ authenticity photographs right after those firsts, for their passports', () => {
    const firsts = new Set(
      collections.flatMap((c) =>
        ['womenproductimage', 'menproductimage'].flatMap((field) => {
          const value = String(c[field]);
          return value.startsWith('[') ? [keyOf((JSON.parse(value) as string[])[0] as string)] : [];
        }),
      ),
    );
    const authenticity = photos.filter((p) => p.key.startsWith('authenticity/')).map((p) => p.key);
    expect(authenticity.length).toBeGreaterThan(0);
    expect(ordered.slice(firsts.size, firsts.size + authenticity.length)).toEqual(authenticity);
  });

  it('puts every other picture of the collection lists before the product pages’, and those before the rest', () => {
    const lists = new Set([...listed('womenproductimage'), ...listed('menproductimage')]);
    const productPictures = new Set(
      items.filter((i) => i.kind === 'image' && i.type === 1).map((i) => keyOf(String(i.url))),
    );
    const rank = (key: string) => (lists.has(key) ? 0 : productPictures.has(key) ? 1 : 2);
    const ranks = ordered.filter((key) => !key.startsWith('authenticity/')).map(rank);
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    expect(ranks.filter((r) => r === 2).length).toBeGreaterThan(0);
  });
});
