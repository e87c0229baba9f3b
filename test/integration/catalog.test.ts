import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../support/api.ts';
import { productEntity, store, typeEntity, uniqueId } from '../support/fixtures.ts';

const women = typeEntity({ gender: 0, name: 'Women Only', label: 'Maison Femme', areaAmount: 1 });
const men = typeEntity({ gender: 1, name: 'Men Only', areaAmount: 1 });
const unisex = typeEntity({
  gender: 2,
  name: 'Both',
  areaAmount: 1,
  preSale: true,
  preSaleText: 'arrives in spring',
});
const unsold = productEntity(women, { colors: ['black'], priceUs: 1850.5 });
const sold = productEntity(women, { colors: ['white'], status: 0 });
const free = productEntity(men, { colors: ['red'], removeShipmentCharge: true });
const held = productEntity(men, { colors: ['blue'], holdUntil: Date.now() + 10 * 60_000, holdId: 'h-1' });
const single = typeEntity({ gender: 2, name: 'Singulars', singlecollection: true, areaAmount: 0 });
const singles = [0, 1, 2].map((gender) =>
  productEntity(single, {
    gender: gender as 0 | 1 | 2,
    colors: [],
    singleproduct: true,
    name: `Single ${gender}`,
  }),
);

beforeAll(async () => {
  await store({
    type: women,
    products: [unsold, sold],
    images: [
      {
        kind: 'image',
        id: 'i2',
        ownerId: unsold.id,
        type: 1,
        index: 2,
        url: 's3/collection_images/second.svg',
      },
      {
        kind: 'image',
        id: 'i1',
        ownerId: unsold.id,
        type: 1,
        index: 1,
        url: 's3/collection_images/first.svg',
      },
      {
        kind: 'image',
        id: 'auth',
        ownerId: unsold.id,
        type: 2,
        index: 1,
        url: 's3/collection_images/proof.svg',
      },
      {
        kind: 'image',
        id: 'dim',
        ownerId: women.id,
        type: 3,
        index: 1,
        url: 's3/collection_images/dimension.svg',
      },
    ],
    videos: [
      { kind: 'video', id: 'v2', productId: unsold.id, index: 2, url: 's3/videos/b.mp4' },
      { kind: 'video', id: 'v1', productId: unsold.id, index: 1, url: 's3/videos/a.mp4' },
    ],
    typeVideos: [
      { kind: 'typeVideo', ownerId: women.id, gender: 0, url: 's3/videos/women.mp4' },
      { kind: 'typeVideo', ownerId: women.id, gender: 2, url: 's3/videos/all.mp4' },
    ],
  });
  await store({ type: men, products: [free, held] });
  await store({ type: unisex });
  await store({ type: single, products: singles });
});

describe('GET /getTypeByGender', () => {
  it("lists a gender's own collections and the unisex ones, never the other gender's", async () => {
    const women0 = await api<{ status: number; types: { id: string }[] }>('/getTypeByGender?gender=0');
    expect(women0.status).toBe(200);
    expect(women0.body.status).toBe(200);
    const ids = women0.body.types.map((t) => t.id);
    expect(ids).toEqual(expect.arrayContaining([women.id, unisex.id, single.id]));
    expect(ids).not.toContain(men.id);
    const men1 = await api<{ types: { id: string }[] }>('/getTypeByGender?gender=1');
    expect(men1.body.types.map((t) => t.id)).toEqual(expect.arrayContaining([men.id, unisex.id]));
    expect(men1.body.types.map((t) => t.id)).not.toContain(women.id);
  });

  it('answers the list fields of a collection, and no discount code', async () => {
    const { body, text } = await api<{ types: Record<string, unknown>[] }>('/getTypeByGender?gender=0');
    expect(body.types.find((t) => t.id === women.id)).toMatchObject({
      name: 'Women Only',
      label: 'Maison Femme',
      areaAmount: 1,
      singlecollection: false,
      issoldout: false,
      preSale: false,
      womenproductimage: '["s3/collection_images/a.svg"]',
      menproductimage: 'undefined',
    });
    expect(body.types.find((t) => t.id === unisex.id)).toMatchObject({
      preSale: true,
      preSaleText: 'arrives in spring',
    });
    expect(text).not.toContain('SECRET-CODE-1');
    expect(text).not.toContain('portal-only text');
  });

  it.each(['', '?gender=3', '?gender=women', '?gender=0&gender=1'])('refuses %j with 400', async (query) => {
    const { status, body } = await api(`/getTypeByGender${query}`);
    expect(status).toBe(400);
    expect(body.message).toMatch(/gender/);
  });
});

describe('GET /type', () => {
  it('answers one collection', async () => {
    const { status, body } = await api<{ status: number; type: Record<string, unknown> }>(
      `/type?id=${women.id}`,
    );
    expect(status).toBe(200);
    expect(body.type).toMatchObject({ id: women.id, name: 'Women Only', areaAmount: 1 });
    expect(JSON.stringify(body)).not.toContain('SECRET-CODE-1');
  });
  it('answers 404 for an unknown collection', async () => {
    expect((await api(`/type?id=${uniqueId('nope')}`)).status).toBe(404);
  });
  it('refuses an id with odd characters', async () => {
    expect((await api('/type?id=..%2F..%2Fetc')).status).toBe(400);
  });
});

describe('GET /has-single-product', () => {
  it('lists the products of a collection with id, typeId, name and gender', async () => {
    const { body } = await api<{ status: number; products: Record<string, unknown>[] }>(
      `/has-single-product?id=${single.id}`,
    );
    expect(body.status).toBe(200);
    expect(body.products).toHaveLength(3);
    expect(body.products[0]).toEqual(
      expect.objectContaining({ typeId: single.id, name: expect.any(String), gender: expect.any(Number) }),
    );
    expect(JSON.stringify(body)).not.toContain('4111222233334444');
  });
  it('lists for a gender that gender and the unisex pieces', async () => {
    const { body } = await api<{ products: { gender: number }[] }>(
      `/has-single-product?id=${single.id}&gender=1`,
    );
    expect(body.products.map((p) => p.gender).sort()).toEqual([1, 2]);
  });
  it('answers 404 for an unknown collection and 400 without an id', async () => {
    expect((await api(`/has-single-product?id=${uniqueId('nope')}`)).status).toBe(404);
    expect((await api('/has-single-product')).status).toBe(400);
  });
});

describe('GET /get-imgs-by-pid', () => {
  it("answers a product's pictures in order", async () => {
    const { body } = await api<{ imgs: { url: string }[] }>(
      `/get-imgs-by-pid?id=${unsold.id}&type=1&gender=0&usrType=user`,
    );
    expect(body.imgs.map((i) => i.url)).toEqual([
      's3/collection_images/first.svg',
      's3/collection_images/second.svg',
    ]);
  });
  it("answers a collection's dimension pictures", async () => {
    const { body } = await api<{ imgs: { url: string }[] }>(`/get-imgs-by-pid?id=${women.id}&type=3`);
    expect(body.imgs.map((i) => i.url)).toEqual(['s3/collection_images/dimension.svg']);
  });
  it('never serves authenticity photos (type 2)', async () => {
    const { status, text } = await api(`/get-imgs-by-pid?id=${unsold.id}&type=2`);
    expect(status).toBe(400);
    expect(text).not.toContain('proof.svg');
  });
  it('answers 404 for an unknown product and 400 for an unknown picture type', async () => {
    expect((await api(`/get-imgs-by-pid?id=${uniqueId('nope')}&type=1`)).status).toBe(404);
    expect((await api(`/get-imgs-by-pid?id=${unsold.id}&type=9`)).status).toBe(400);
  });
});

describe('GET /get-vid-by-pid', () => {
  it("answers a product's videos in order", async () => {
    const { body } = await api<{ status: number; vids: { url: string }[] }>(
      `/get-vid-by-pid?id=${unsold.id}`,
    );
    expect(body.status).toBe(200);
    expect(body.vids.map((v) => v.url)).toEqual(['s3/videos/a.mp4', 's3/videos/b.mp4']);
  });
  it('answers an empty list for a product without videos, 404 for no product', async () => {
    expect((await api<{ vids: unknown[] }>(`/get-vid-by-pid?id=${sold.id}`)).body.vids).toEqual([]);
    expect((await api(`/get-vid-by-pid?id=${uniqueId('nope')}`)).status).toBe(404);
  });
});

describe('GET /get-pro-related-video', () => {
  it("answers the collection's video for the gender, and the doubled gender works too", async () => {
    expect((await api(`/get-pro-related-video?id=${women.id}&gender=0`)).body.video).toBe(
      's3/videos/women.mp4',
    );
    expect((await api(`/get-pro-related-video?id=${women.id}&gender=00`)).body.video).toBe(
      's3/videos/women.mp4',
    );
  });
  it('falls back to the video for both genders', async () => {
    expect((await api(`/get-pro-related-video?id=${women.id}&gender=11`)).body.video).toBe(
      's3/videos/all.mp4',
    );
  });
  it('answers 404 when there is no video and 400 for a bad gender', async () => {
    expect((await api(`/get-pro-related-video?id=${men.id}&gender=1`)).status).toBe(404);
    expect((await api(`/get-pro-related-video?id=${men.id}&gender=01`)).status).toBe(400);
  });
});

describe('GET /is-sold', () => {
  it('answers status 200 for a piece that can be bought', async () => {
    expect((await api(`/is-sold?id=${unsold.id}`)).body).toEqual({
      status: 200,
      sold: false,
      available: true,
    });
  });
  it('answers status 406 for a sold piece', async () => {
    expect((await api(`/is-sold?id=${sold.id}`)).body).toEqual({ status: 406, sold: true, available: false });
  });
  it('shows a held piece as not sold but not available, with the hold end rounded up to the minute', async () => {
    const holdUntil = held.holdUntil ?? 0;
    expect((await api(`/is-sold?id=${held.id}`)).body).toEqual({
      status: 200,
      sold: false,
      available: false,
      freeAt: Math.ceil(holdUntil / 60_000) * 60_000,
    });
  });
  it('answers 404 for no product', async () => {
    expect((await api(`/is-sold?id=${uniqueId('nope')}`)).status).toBe(404);
  });
});

describe('GET /price-with-shipping', () => {
  it('answers the US price, the name and the shipping price per country', async () => {
    const { body } = await api<{
      status: number;
      priceUs: number;
      productName: string;
      shippingArr: unknown[];
    }>(`/price-with-shipping?id=${unsold.id}&tid=${women.id}`);
    expect(body).toEqual({
      status: 200,
      priceUs: 1850.5,
      productName: unsold.name,
      shippingArr: [
        { countryId: 'CA', country: 'Canada', price: 40 },
        { countryId: 'FR', country: 'France', price: 80 },
        { countryId: 'US', country: 'United States', price: 45 },
      ],
    });
  });
  it('ships for free a piece that removes the shipment charge', async () => {
    const { body } = await api<{ shippingArr: { price: number }[] }>(
      `/price-with-shipping?id=${free.id}&tid=${men.id}`,
    );
    expect(body.shippingArr.every((s) => s.price === 0)).toBe(true);
  });
  it('answers 404 for an unknown piece or collection, 400 for a piece of another collection', async () => {
    expect((await api(`/price-with-shipping?id=${uniqueId('nope')}&tid=${women.id}`)).status).toBe(404);
    expect((await api(`/price-with-shipping?id=${unsold.id}&tid=${uniqueId('nope')}`)).status).toBe(404);
    expect((await api(`/price-with-shipping?id=${unsold.id}&tid=${men.id}`)).status).toBe(400);
    expect((await api(`/price-with-shipping?id=${unsold.id}`)).status).toBe(400);
  });
});

describe('GET /products/{id}', () => {
  it('answers the piece as a one-element array, without admin data', async () => {
    const { body, text } = await api<Record<string, unknown>[]>(`/products/${unsold.id}`);
    expect(body).toHaveLength(1);
    expect(body[0]).toMatchObject({
      id: unsold.id,
      typeId: women.id,
      name: unsold.name,
      gender: 0,
      colors: ['black'],
      sold: false,
    });
    for (const secret of ['4111222233334444', 'cardNumber', 'priceCanada', 'holdId'])
      expect(text).not.toContain(secret);
  });
  it('answers 404 for no product and 400 for a bad id', async () => {
    expect((await api(`/products/${uniqueId('nope')}`)).status).toBe(404);
    expect((await api('/products/a%20b')).status).toBe(400);
  });
});

describe.each(['/get-product-info', '/get-product-details-info'])('GET %s', (path) => {
  it("answers the collection's text for the title", async () => {
    expect((await api(`${path}?title=material&tid=${women.id}`)).body).toEqual({
      status: 200,
      content: 'silk faille',
    });
  });
  it('answers an empty text for a title the collection has not written', async () => {
    expect((await api(`${path}?title=care&tid=${women.id}`)).body).toEqual({ status: 200, content: '' });
  });
  it('refuses titles that are not information pages, such as the discount code', async () => {
    const { status, text } = await api(`${path}?title=discountCode&tid=${women.id}`);
    expect(status).toBe(400);
    expect(text).not.toContain('SECRET-CODE-1');
  });
  it('answers 404 for an unknown collection', async () => {
    expect((await api(`${path}?title=material&tid=${uniqueId('nope')}`)).status).toBe(404);
  });
});
