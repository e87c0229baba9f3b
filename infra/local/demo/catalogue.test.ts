import { countries } from 'countries-list';
import { describe, expect, it } from 'vitest';
import type { CollectionEntity } from '#catalog/entities/collection.ts';
import { type FilmEntity, filmKeys } from '#catalog/entities/film.ts';
import type { ImageEntity } from '#catalog/entities/image.ts';
import { imageKeys, imageOwner } from '#catalog/entities/image.ts';
import { collectionKeys, productKeys, sizeGuideKeys, sizeKeys } from '#catalog/entities/keys.ts';
import type { ProductEntity } from '#catalog/entities/product.ts';
import type { SizeEntity, SizeGuideEntity } from '#catalog/entities/size.ts';
import type { CollectionVideoEntity } from '#catalog/entities/video.ts';
import { collectionVideoKeys, productVideoKeys } from '#catalog/entities/video.ts';
import { IMAGE_TYPE, INFO_TITLES, PRODUCT_IMAGE_TYPES } from '#shared/constants.ts';
import { setFilmInput } from '#shared/contracts/films.ts';
import { FILM_SLOTS } from '#shared/films.ts';
import { hasPictureSet, S3_URL_PREFIX } from '#shared/media.ts';
import type { OptionEntity, SizeFinderEntity, StepEntity } from '#size-finder/entities/size-finder.ts';
import { optionKeys, sizeFinderKeys, stepKeys } from '#size-finder/entities/size-finder.ts';
import { DEMO, demoCatalogue, isDemoPhoto } from './catalogue.ts';
import { BRAND_COLORS, colorLabel } from './images.ts';
import { PHOTO, photoSize } from './photos.ts';

const catalogue = demoCatalogue();
const { items, media } = catalogue;
const ofKind = <T>(kind: string) => items.filter((i) => i.kind === kind) as unknown as T[];
const types = ofKind<CollectionEntity>('type');
const products = ofKind<ProductEntity>('product');
const sizes = ofKind<SizeEntity>('size');
const guides = ofKind<SizeGuideEntity>('sizeGuide');
const finders = ofKind<SizeFinderEntity>('sizeFinder');
const steps = ofKind<StepEntity>('step');
const options = ofKind<OptionEntity>('option');
const images = ofKind<ImageEntity>('image');
const typeVideos = ofKind<CollectionVideoEntity>('typeVideo');
const typeById = (id: string) => {
  const t = types.find((x) => x.id === id);
  if (!t) throw new Error(`no type ${id}`);
  return t;
};
const productById = (id: string) => {
  const p = products.find((x) => x.id === id);
  if (!p) throw new Error(`no product ${id}`);
  return p;
};
const mediaByKey = new Map(media.map((m) => [m.key, m]));

/** Every string in an item, including the urls inside the JSON text arrays of a type. */
function strings(value: unknown): string[] {
  if (typeof value === 'string') {
    if (value.startsWith('[')) {
      try {
        return [value, ...strings(JSON.parse(value))];
      } catch {
        return [value];
      }
    }
    return [value];
  }
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings);
  return [];
}

function hasUndefined(value: unknown): boolean {
  if (value === undefined) return true;
  if (Array.isArray(value)) return value.some(hasUndefined);
  if (value && typeof value === 'object' && !Buffer.isBuffer(value))
    return Object.values(value).some(hasUndefined);
  return false;
}

/** The storefront's rule (000 §4): a product fits a shopper of its gender, and unisex pieces fit everyone. */
const fitsGender = (p: ProductEntity, gender: number) =>
  p.gender === gender || p.gender === 2 || gender === 2;

describe('demo catalogue', () => {
  it('is deterministic', () => {
    expect(demoCatalogue()).toEqual(catalogue);
  });

  it('gives every item a pk and sk, each pair once, and no undefined values', () => {
    const seen = new Set<string>();
    for (const item of items) {
      expect(typeof item.pk).toBe('string');
      expect(typeof item.sk).toBe('string');
      const key = `${item.pk}|${item.sk}`;
      expect(seen.has(key), key).toBe(false);
      seen.add(key);
      expect(hasUndefined(item), key).toBe(false);
    }
  });

  it('builds every key with the key builders of keys.ts', () => {
    const pick = (i: Record<string, unknown>) =>
      Object.fromEntries(
        ['pk', 'sk', 'gsi1pk', 'gsi1sk', 'gsi2pk', 'gsi2sk'].filter((k) => k in i).map((k) => [k, i[k]]),
      );
    const finderOf = (id: string) => {
      const f = finders.find((x) => x.id === id);
      if (!f) throw new Error(`no finder ${id}`);
      return f;
    };
    const stepOf = (id: string) => {
      const s = steps.find((x) => x.id === id);
      if (!s) throw new Error(`no step ${id}`);
      return s;
    };
    for (const item of items) {
      const e = item as never;
      const expected = {
        type: () => collectionKeys(e),
        product: () => productKeys(e),
        size: () => sizeKeys(e),
        sizeGuide: () => sizeGuideKeys(e),
        sizeFinder: () => sizeFinderKeys(e),
        step: () => stepKeys(e, finderOf((item as unknown as StepEntity).sizeFinderId)),
        option: () => {
          const o = item as unknown as OptionEntity;
          return optionKeys(e, stepOf(o.stepsId), finderOf(o.sizeFinderId));
        },
        image: () => {
          const i = item as unknown as ImageEntity;
          const owner = imageOwner(PRODUCT_IMAGE_TYPES.includes(i.type) ? 'product' : 'type', i.ownerId);
          return imageKeys({ ...i, ownerPk: owner });
        },
        video: () => productVideoKeys(e),
        typeVideo: () => collectionVideoKeys(e),
        film: () => filmKeys((item as unknown as FilmEntity).slot),
      }[String(item.kind)];
      expect(expected, `kind ${String(item.kind)}`).toBeDefined();
      expect(pick(item)).toEqual(expected?.());
    }
  });

  it('has no members and no answers', () => {
    expect(items.filter((i) => i.kind === 'member' || i.kind === 'answer')).toEqual([]);
  });

  it('has a media entry for every s3 url, and no media nobody uses', () => {
    const used = new Set<string>();
    for (const item of items) {
      for (const s of strings(item)) {
        if (!s.startsWith(S3_URL_PREFIX)) continue;
        const key = s.slice(S3_URL_PREFIX.length);
        expect(mediaByKey.has(key), `${String(item.pk)} → ${key}`).toBe(true);
        used.add(key);
      }
    }
    expect([...mediaByKey.keys()].filter((k) => !used.has(k))).toEqual([]);
    expect(media.length).toBe(mediaByKey.size);
  });

  it('keeps pictures as JPEG photographs under collection_images/ (authenticity photos under authenticity/), made from SVG compositions, and videos as small faststart mp4s under videos/', () => {
    for (const m of media) {
      if (isDemoPhoto(m)) {
        expect(m.key).toMatch(/^(collection_images|authenticity)\/.+\.jpg$/);
        expect(hasPictureSet(m.key), m.key).toBe(true);
        expect(m.composition).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
      } else {
        expect(m.contentType).toBe('video/mp4');
        expect(m.key).toMatch(/^videos\/.+\.mp4$/);
        const body = m.body;
        expect(body.length, m.key).toBeLessThan(150 * 1024);
        expect(body.subarray(4, 8).toString('latin1')).toBe('ftyp');
        const moov = body.indexOf('moov');
        const mdat = body.indexOf('mdat');
        expect(moov, m.key).toBeGreaterThan(0);
        expect(moov, `${m.key}: moov before mdat (faststart)`).toBeLessThan(mdat);
      }
    }
    const videos = media.filter((m) => m.contentType === 'video/mp4');
    expect(videos.length).toBeGreaterThanOrEqual(3);
    expect(videos.length).toBeLessThanOrEqual(4);
  });

  it('makes few photographs (each takes seconds at the first start), every kind of picture covered', () => {
    const photos = media.filter(isDemoPhoto);
    // Every piece has a photograph of its own at camera size (its front) and authenticity
    // photographs (its certificate names them), made after the others. What takes the time at a
    // first start is each one's picture set (4.8 s of a core: docs/benchmarks.md): 104 before
    // each piece had its front.
    const shop = photos.filter((m) => !m.key.startsWith('authenticity/'));
    expect(new Set(shop.map((m) => m.composition)).size).toBe(shop.length);
    expect(photos.length).toBeLessThanOrEqual(160);
    for (const folder of ['pieces', 'guides', 'finder', 'dimensions']) {
      expect(
        photos.some((m) => m.key.startsWith(`collection_images/${folder}/`)),
        folder,
      ).toBe(true);
    }
    const own = photos.filter((m) => m.key.startsWith('authenticity/'));
    expect(own.length).toBe(products.length + DEMO.authenticityProducts.length);
    // Each its own: no two pieces share an authenticity photograph, nor one with a shop picture.
    expect(new Set(own.map((m) => m.composition)).size).toBe(own.length);
    const shopCompositions = new Set(shop.map((m) => m.composition));
    expect(own.some((m) => shopCompositions.has(m.composition))).toBe(false);
  });

  it('has the collections the tests rely on', () => {
    expect(types.length).toBeGreaterThanOrEqual(7);
    const women = typeById(DEMO.womenSized);
    expect(women.gender).toBe(0);
    expect(women.areaAmount).toBe(2);
    expect(sizes.some((s) => s.typeId === women.id)).toBe(true);
    const clutch = typeById(DEMO.womenUnsized);
    expect([clutch.gender, clutch.areaAmount]).toEqual([0, 1]);
    expect(sizes.some((s) => s.typeId === clutch.id)).toBe(false);
    const men = typeById(DEMO.menSized);
    expect([men.gender, men.areaAmount]).toEqual([1, 2]);
    expect(sizes.some((s) => s.typeId === men.id)).toBe(true);
    const watch = typeById(DEMO.threeAreas);
    expect([watch.gender, watch.areaAmount]).toEqual([1, 3]);
    expect(sizes.some((s) => s.typeId === watch.id)).toBe(false);
    const unisex = typeById(DEMO.unisex);
    expect([unisex.gender, unisex.areaAmount, unisex.singlecollection]).toEqual([2, 3, false]);
    expect(products.filter((p) => p.typeId === unisex.id).every((p) => p.gender === 2)).toBe(true);
    for (const t of types.filter((x) => !x.singlecollection && x.gender !== 2)) {
      expect(
        products.filter((p) => p.typeId === t.id).every((p) => p.gender === t.gender),
        t.id,
      ).toBe(true);
    }
  });

  it('has a single collection with single products for women, men and both', () => {
    const single = typeById(DEMO.singleCollection);
    expect(single.singlecollection).toBe(true);
    expect(single.areaAmount).toBeLessThanOrEqual(1);
    const own = products.filter((p) => p.typeId === single.id);
    expect(own.every((p) => p.singleproduct)).toBe(true);
    expect(new Set(own.map((p) => p.gender))).toEqual(new Set([0, 1, 2]));
    expect(productById(DEMO.singleProducts.women).gender).toBe(0);
    expect(productById(DEMO.singleProducts.men).gender).toBe(1);
    expect(productById(DEMO.singleProducts.unisex).gender).toBe(2);
    expect(productById(DEMO.soldSingleProduct).status).toBe(0);
    expect(products.filter((p) => p.typeId !== single.id).every((p) => !p.singleproduct)).toBe(true);
  });

  it('has a pre-sale collection and a sold-out one', () => {
    const pre = typeById(DEMO.preSale);
    expect(pre.preSale).toBe(true);
    expect(pre.preSaleText?.length).toBeGreaterThan(10);
    expect(types.filter((t) => t.preSale).map((t) => t.id)).toEqual([DEMO.preSale]);
    const sold = typeById(DEMO.soldOut);
    expect(sold.issoldout).toBe(true);
    const own = products.filter((p) => p.typeId === sold.id);
    expect(own.length).toBeGreaterThan(0);
    expect(own.every((p) => p.status === 0)).toBe(true);
    expect(types.filter((t) => t.issoldout).map((t) => t.id)).toEqual([DEMO.soldOut]);
  });

  it('fills every type: info texts, images, shipping for every country, one discount', () => {
    const codes = Object.keys(countries);
    for (const t of types) {
      for (const title of INFO_TITLES) expect(t[title]?.trim().length, `${t.id}.${title}`).toBeGreaterThan(0);
      expect(Object.keys(t.shippingPrices).sort()).toEqual([...codes].sort());
      expect(Object.values(t.shippingPrices).every((p) => typeof p === 'number' && p > 0)).toBe(true);
      expect(t.authPortalText?.length).toBeGreaterThan(0);
      for (const [field, gender] of [
        ['womenproductimage', 0],
        ['menproductimage', 1],
      ] as const) {
        const text = t[field];
        if (text === 'undefined') {
          expect(t.gender === gender || t.gender === 2, `${t.id}.${field}`).toBe(false);
          continue;
        }
        const urls = JSON.parse(text) as string[];
        expect(urls.length, `${t.id}.${field}`).toBeGreaterThanOrEqual(1);
        expect(urls.length).toBeLessThanOrEqual(3);
        expect(urls.every((u) => u.startsWith('s3/collection_images/'))).toBe(true);
      }
    }
    expect(types.find((t) => t.id === 't-aurora')?.shippingPrices.CA).toBe(40);
    expect(new Set(types.map((t) => t.shippingPrices.ZA)).size).toBeGreaterThan(1);
    expect(types.some((t) => t.label) && types.some((t) => !t.label)).toBe(true);
    const discounted = types.filter((t) => t.discount);
    expect(discounted.map((t) => t.id)).toEqual([DEMO.discountType]);
    expect(discounted[0]?.discountCode).toBe('MAISON10');
    expect(discounted[0]?.discountAmount).toBe(10);
  });

  it('gives every product a colour per colour area, from the brand colours', () => {
    expect(products.length).toBeGreaterThanOrEqual(40);
    for (const p of products) {
      const t = typeById(p.typeId);
      expect(p.typeName).toBe(t.name);
      if (t.singlecollection) continue;
      expect(p.colors.length, p.id).toBe(t.areaAmount);
      for (const c of p.colors) expect(BRAND_COLORS as readonly string[]).toContain(c);
    }
  });

  it("names no colour on a piece's pictures that the piece does not have, and its own-colour picture comes first", () => {
    const textsOf = (url: string) => {
      const file = media.find((m) => isDemoPhoto(m) && url.endsWith(m.key));
      if (!file || !isDemoPhoto(file)) throw new Error(`no photograph for ${url}`);
      return [...file.composition.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1] ?? '');
    };
    for (const p of products.filter((x) => x.colors.length > 0)) {
      const own = new Set(p.colors.map((c) => c.toLowerCase()));
      const pictures = images.filter((i) => i.ownerId === p.id && i.type === IMAGE_TYPE.product);
      expect(pictures.length, p.id).toBeGreaterThan(0);
      for (const picture of pictures) {
        for (const text of textsOf(picture.url)) {
          const named = text.toLowerCase().match(new RegExp(`\\b(${BRAND_COLORS.join('|')})\\b`, 'g')) ?? [];
          expect(
            named.filter((c) => !own.has(c)),
            `${p.id} (${p.colors.join(', ')}): "${text}" on ${picture.url}`,
          ).toEqual([]);
        }
      }
    }
  });

  it('photographs each piece in its own colours, at camera size, its front naming them', () => {
    for (const p of products.filter((x) => !x.singleproduct)) {
      const first = images
        .filter((i) => i.ownerId === p.id && i.type === IMAGE_TYPE.product)
        .sort((a, b) => a.index - b.index)[0];
      const front = media.find((m) => isDemoPhoto(m) && first?.url.endsWith(m.key));
      if (!front || !isDemoPhoto(front)) throw new Error(`no photograph for ${p.id}`);
      expect(front.key, p.id).toBe(`collection_images/pieces/${p.id}.jpg`);
      expect(front.composition, p.id).toContain(`>${p.colors.map(colorLabel).join(' · ')}</text>`);
      expect(photoSize(front.composition)).toEqual({ width: PHOTO.width, height: PHOTO.height });
      // No photograph of the collection's own, made in another colourway.
      const all = images.filter((i) => i.ownerId === p.id && i.type === IMAGE_TYPE.product);
      expect(all.map((i) => i.url).join(' '), p.id).not.toMatch(/-(front|detail)\.jpg/);
    }
  });

  it('sells each combination once (one of one)', () => {
    const seen = new Set<string>();
    for (const p of products.filter((x) => !x.singleproduct)) {
      const key = [p.typeId, p.gender, p.size ?? '', ...p.colors].join('|');
      expect(seen.has(key), key).toBe(false);
      seen.add(key);
    }
  });

  it('gives sized products a size of their collection, several colourings per size but not every one', () => {
    for (const typeId of [DEMO.womenSized, DEMO.menSized]) {
      const own = products.filter((p) => p.typeId === typeId);
      const typeSizes = sizes.filter((s) => s.typeId === typeId);
      expect(typeSizes.length).toBeGreaterThanOrEqual(4);
      for (const p of own) {
        const size = typeSizes.find((s) => s.id === p.sizeId);
        expect(size?.name, p.id).toBe(p.size);
      }
      for (const s of typeSizes) {
        const inSize = own.filter((p) => p.sizeId === s.id);
        expect(inSize.length, s.id).toBeGreaterThanOrEqual(2);
        const first = new Set(inSize.map((p) => p.colors[0]));
        const second = new Set(inSize.map((p) => p.colors[1]));
        expect(inSize.length, s.id).toBeLessThan(first.size * second.size);
      }
    }
    expect(
      products.filter((p) => p.typeId !== DEMO.womenSized && p.typeId !== DEMO.menSized).some((p) => p.size),
    ).toBe(false);
  });

  it('names products the tests rely on', () => {
    const available = productById(DEMO.availableProduct);
    expect(available.status).toBe(1);
    expect(available.sizeId).toBeDefined();
    expect(sizes.some((s) => s.typeId === available.typeId)).toBe(true);
    expect(productById(DEMO.soldProduct).status).toBe(0);
    expect(productById(DEMO.freeShippingProduct).removeShipmentCharge).toBe(true);
    expect(products.filter((p) => p.removeShipmentCharge).map((p) => p.id)).toEqual([
      DEMO.freeShippingProduct,
    ]);
    expect(Number.isInteger(productById(DEMO.fractionalPriceProduct).priceUs)).toBe(false);
    for (const p of products) {
      expect(p.cardNumber, p.id).toMatch(/^\d{16}$/);
      expect(p.priceUs).toBeGreaterThan(0);
      expect(p.priceCanada).toBeGreaterThan(p.priceUs);
      expect(Number.isNaN(Date.parse(p.createdAt))).toBe(false);
    }
    expect(new Set(products.map((p) => p.cardNumber)).size).toBe(products.length);
    expect(products.filter((p) => p.status === 0).length).toBeGreaterThanOrEqual(5);
  });

  it('has a colour whose every continuation is sold (DEMO.soldOutColorPath)', () => {
    const path = DEMO.soldOutColorPath;
    const fits = (p: ProductEntity) =>
      p.typeId === path.typeId &&
      fitsGender(p, path.gender) &&
      (p.size === path.size || p.sizeId === path.size);
    const behind = products.filter((p) => fits(p) && path.colors.every((c, i) => p.colors[i] === c));
    expect(behind.length).toBeGreaterThanOrEqual(2);
    expect(behind.every((p) => p.status === 0)).toBe(true);
    // The same size still offers other first colours, so the sold one is struck through, not the size.
    expect(products.some((p) => fits(p) && p.status === 1 && p.colors[0] !== path.colors[0])).toBe(true);
    expect(productById(DEMO.soldProduct).colors.slice(0, path.colors.length)).toEqual([...path.colors]);
    expect(sizes.find((s) => s.id === path.sizeId)?.name).toBe(path.size);
  });

  it('has sizes with descriptions and meaning videos', () => {
    for (const s of sizes) expect(s.description?.length, s.id).toBeGreaterThan(0);
    expect(sizes.some((s) => s.menDescription)).toBe(true);
    expect(sizes.find((s) => s.id === DEMO.sizeWithGuides)?.womenMeaning).toMatch(/^s3\/videos\//);
    expect(sizes.find((s) => s.id === DEMO.menSizeWithGuides)?.menMeaning).toMatch(/^s3\/videos\//);
  });

  it('has size guides of every type, for women and men', () => {
    for (const [sizeId, gender] of [
      [DEMO.sizeWithGuides, 0],
      [DEMO.menSizeWithGuides, 1],
    ] as const) {
      const own = guides.filter((g) => g.sizeId === sizeId);
      expect(new Set(own.map((g) => g.type))).toEqual(new Set([1, 2, 3, 4, 5]));
      expect(own.every((g) => g.gender === gender)).toBe(true);
      expect(own.map((g) => g.index)).toEqual(own.map((_, i) => i + 1));
    }
    for (const g of guides) {
      expect(sizes.some((s) => s.id === g.sizeId)).toBe(true);
      for (const v of [g.fromCm, g.toCm, g.fromInches, g.toInches])
        expect(Number.isFinite(Number(v)), g.id).toBe(true);
      expect(g.imageUrl).toMatch(/^s3\/collection_images\//);
      expect(g.largeImgUrl).toMatch(/^s3\/collection_images\//);
    }
  });

  it('has a size finder per sized collection with steps of every type', () => {
    for (const [typeId, gender, id] of [
      [DEMO.womenSized, 0, DEMO.womenFinder],
      [DEMO.menSized, 1, DEMO.menFinder],
    ] as const) {
      const finder = finders.find((f) => f.typeId === typeId && f.gender === gender);
      expect(finder?.id).toBe(id);
      const own = steps.filter((s) => s.sizeFinderId === id).sort((a, b) => a.index - b.index);
      expect(finder?.numberOfSteps).toBe(own.length);
      expect(own.map((s) => s.index)).toEqual(own.map((_, i) => i + 1));
      expect(new Set(own.map((s) => s.type))).toEqual(new Set([1, 2, 3, 4, 5, 6]));
      for (const step of own) {
        const opts = options.filter((o) => o.stepsId === step.id);
        expect(opts.every((o) => o.sizeFinderId === id && o.content.length > 0)).toBe(true);
        expect(opts.map((o) => o.index)).toEqual(opts.map((_, i) => i + 1));
        if (step.type === 1) expect(opts.length).toBeGreaterThanOrEqual(2);
        if (step.type === 2) {
          expect(step.imageUrl).toMatch(/^s3\//);
          expect(step.videoUrl).toMatch(/^s3\/videos\//);
        }
        if (step.type === 3) {
          expect(opts.length).toBe(3);
          expect(opts.every((o) => o.imageUrl?.startsWith('s3/'))).toBe(true);
        }
        if (step.type === 6) {
          expect(opts.length).toBeGreaterThanOrEqual(3);
          expect(opts.every((o) => o.imageUrl?.startsWith('s3/'))).toBe(true);
        }
        if (step.type === 4 || step.type === 5) expect(opts).toEqual([]);
      }
    }
  });

  it('has product pictures, authenticity photos, dimension, detail and gallery images', () => {
    for (const p of products) {
      const own = images.filter((i) => i.ownerId === p.id && i.type === 1);
      // Its own photograph, and the collection with a gallery's lookbook or a single piece's.
      expect(own.length, p.id).toBeGreaterThanOrEqual(1);
      expect(own.length, p.id).toBeLessThanOrEqual(2);
    }
    const auth = images.filter((i) => i.type === 2);
    expect(new Set(auth.map((i) => i.ownerId))).toEqual(new Set(products.map((p) => p.id)));
    for (const id of DEMO.authenticityProducts)
      expect(auth.filter((i) => i.ownerId === id).map((i) => i.index)).toEqual([1, 2]);
    expect(auth.every((i) => i.url.startsWith('s3/authenticity/'))).toBe(true);
    // Authenticity photos are nobody's product picture or collection picture.
    const publicUrls = new Set(
      items
        .filter((i) => !(i.kind === 'image' && i.type === 2))
        .flatMap((i) => strings(i).filter((s) => s.startsWith('s3/'))),
    );
    expect(auth.filter((i) => publicUrls.has(i.url))).toEqual([]);
    expect(images.some((i) => i.type === 3 && i.ownerId === DEMO.typeWithDimensions)).toBe(true);
    expect(images.filter((i) => i.type === 6).every((i) => i.ownerId === DEMO.typeWithGallery)).toBe(true);
    expect(images.filter((i) => i.type === 6).length).toBeGreaterThanOrEqual(3);
    const detailsOf = (type: number) => images.filter((i) => i.type === type).map((i) => i.ownerId);
    expect(new Set(detailsOf(5))).toEqual(new Set([DEMO.typeWithWomenDetails]));
    expect(new Set(detailsOf(4))).toEqual(new Set([DEMO.typeWithMenDetails]));
    for (const i of images) {
      expect(i.url).toMatch(i.type === 2 ? /^s3\/authenticity\// : /^s3\/collection_images\//);
    }
  });

  it('has product, collection and pillar videos', () => {
    for (const id of DEMO.videoProducts) {
      expect(items.some((i) => i.kind === 'video' && i.productId === id)).toBe(true);
    }
    for (const t of types) {
      const genders = t.gender === 2 ? [0, 1] : [t.gender];
      for (const g of genders)
        expect(
          typeVideos.some((v) => v.ownerId === t.id && v.gender === g),
          `${t.id}/${g}`,
        ).toBe(true);
    }
    for (const pillar of DEMO.pillars) {
      for (const g of [0, 1])
        expect(typeVideos.some((v) => v.ownerId === pillar && v.gender === g)).toBe(true);
    }
    expect(typeVideos.every((v) => v.url.startsWith('s3/videos/'))).toBe(true);
  });

  it('fills every film slot with an uploaded clip and its poster, both among the demo media', () => {
    const films = ofKind<FilmEntity>('film');
    expect(films.map((f) => f.slot)).toEqual(FILM_SLOTS.map((s) => s.id));
    const keys = new Set(media.map((m) => m.key));
    for (const f of films) {
      const item = items.find((i) => i.kind === 'film' && i.slot === f.slot);
      expect(item).toMatchObject(filmKeys(f.slot));
      expect(f.film.source, f.slot).toBe('upload');
      if (f.film.source !== 'upload') continue;
      expect(keys.has(f.film.video.slice(S3_URL_PREFIX.length)), f.slot).toBe(true);
      expect(keys.has(f.film.poster.slice(S3_URL_PREFIX.length)), f.slot).toBe(true);
      expect(setFilmInput.safeParse({ slot: f.slot, title: f.title, film: f.film }).success, f.slot).toBe(
        true,
      );
    }
  });
});
