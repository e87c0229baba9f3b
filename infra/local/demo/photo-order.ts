import { S3_URL_PREFIX } from '#shared/media.ts';
import type { DemoPhoto } from './catalogue.ts';

/** A collection's picture lists, as stored: JSON arrays of `s3/…` urls (or 'undefined'). */
const LISTS = ['womenproductimage', 'menproductimage'] as const;

function urlsOf(value: unknown): string[] {
  if (typeof value !== 'string') return [];
  if (value.startsWith(S3_URL_PREFIX)) return [value];
  if (!value.startsWith('[')) return [];
  try {
    const list: unknown = JSON.parse(value);
    return Array.isArray(list) ? list.filter((u): u is string => typeof u === 'string') : [];
  } catch {
    return [];
  }
}

const AUTHENTICITY = 'authenticity/';

/**
 * The demo's photographs, most-seen first: the first picture of every collection as /women and
 * /men list them (oldest first, both genders interleaved), then the pieces' authenticity
 * photographs (their photographs alone are made before everything: ../demo-pictures.ts), then
 * the collections' second and third pictures,
 * then the pictures of the product pages and everything else in the order the catalogue names them.
 */
export function mostSeenFirst(items: Record<string, unknown>[], photos: DemoPhoto[]): DemoPhoto[] {
  const collections = items
    .filter((item) => item.kind === 'type')
    .sort((a, b) => String(a.createdAt).localeCompare(String(b.createdAt)));
  const lists = collections.flatMap((c) => LISTS.map((field) => urlsOf(c[field])));
  const ranked: string[] = [];
  for (let rank = 0; lists.some((list) => list.length > rank); rank++) {
    for (const list of lists) if (list[rank]) ranked.push(list[rank] as string);
    // Then the sets of the pieces' authenticity photographs, whose photographs alone were stored
    // first of all (../demo-pictures.ts): the passports wait for those, the owners' pages for these.
    if (rank === 0)
      ranked.push(
        ...photos.filter((p) => p.key.startsWith(AUTHENTICITY)).map((p) => `${S3_URL_PREFIX}${p.key}`),
      );
  }
  const isProductPicture = (item: Record<string, unknown>) => item.kind === 'image' && item.type === 1;
  const products = items.filter(isProductPicture);
  const rest = items.filter((item) => item.kind !== 'type' && !isProductPicture(item));
  for (const item of [...products, ...rest]) {
    for (const value of Object.values(item)) ranked.push(...urlsOf(value));
  }
  const position = new Map<string, number>();
  for (const url of ranked) {
    const key = url.slice(S3_URL_PREFIX.length);
    if (!position.has(key)) position.set(key, position.size);
  }
  const at = (photo: DemoPhoto) => position.get(photo.key) ?? Number.MAX_SAFE_INTEGER;
  return photos
    .map((photo, i) => ({ photo, i }))
    .sort((a, b) => at(a.photo) - at(b.photo) || a.i - b.i)
    .map(({ photo }) => photo);
}
