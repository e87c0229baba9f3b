import { beforeAll, describe, expect, it } from 'vitest';
import { productKeys } from '#catalog/entities/keys.ts';
import { ADMIN_MESSAGES } from '#shared/admin.ts';
import { INFO_TITLES } from '#shared/constants.ts';
import { COUNTRY_CODES } from '#shared/countries.ts';
import { adminApi, loggedInAdmin, type TestAdmin } from '../support/admin.ts';
import { api } from '../support/api.ts';
import { getRaw, itemsWithPrefix, putItems } from '../support/db.ts';
import { productEntity, store, typeEntity, uniqueId } from '../support/fixtures.ts';
import { anotherPng, mp4, servedAtMedia, uploadAs } from '../support/media.ts';

/** The admin's collections (001 §2–§8): create, edit, image sets, shipping, videos, delete. */

/** Puts a picture (PNG) or a video (MP4) through /upload-url; answers its stored url (`s3/…`). */
const upload = async (admin: TestAdmin, kind: 'image' | 'video', bytes: Buffer): Promise<string> =>
  (await uploadAs(admin, kind, bytes, kind === 'image' ? 'image/png' : 'video/mp4')).url;

const images = (admin: TestAdmin, n: number) =>
  Promise.all(Array.from({ length: n }, async () => upload(admin, 'image', await anotherPng())));

/** Is a stored media file still served? */
const served = servedAtMedia;

async function auditOf(admin: TestAdmin) {
  return (await itemsWithPrefix('AUDIT#'))
    .filter((a) => a.admin === admin.username)
    .sort((a, b) => String(a.at).localeCompare(String(b.at)));
}

const infoTexts = Object.fromEntries(INFO_TITLES.map((t) => [t, `${t} text`]));

function everyField(name: string) {
  return {
    name,
    label: `${name} label`,
    gender: 0,
    areaAmount: 2,
    areaNames: ['bodice', 'skirt'],
    singlecollection: false,
    issoldout: true,
    preSale: true,
    preSaleText: 'arrives in spring',
    discount: true,
    discountCode: 'MAISON15',
    discountAmount: 15,
    authPortalText: 'Your piece was made once, for you.',
    ...infoTexts,
  };
}

type TypeAnswer = { status: number; type: Record<string, unknown> & { id: string } };

describe('creating a collection', () => {
  let admin: TestAdmin;
  beforeAll(async () => {
    admin = await loggedInAdmin();
  });

  it('stores every field, reads back in full for the admin and only the public fields in the storefront', async () => {
    const women = await images(admin, 2);
    const name = uniqueId('Maison');
    const created = await adminApi<TypeAnswer>(admin, '/types', {
      method: 'POST',
      json: { ...everyField(name), womenImages: women, menImages: [] },
    });
    expect(created.status, created.text).toBe(200);
    const { id } = created.body.type;

    const raw = await getRaw(`TYPE#${id}`, '#TYPE');
    expect(raw).toMatchObject({
      ...everyField(name),
      kind: 'type',
      id,
      gsi1pk: `TYPE#${id}`,
      gsi1sk: '#TYPE',
      gsi2pk: 'TYPES',
      womenproductimage: JSON.stringify(women),
      menproductimage: 'undefined',
      shippingPrices: {},
    });
    expect(raw?.gsi2sk).toBe(`${raw?.createdAt}#${id}`);

    const full = await adminApi<TypeAnswer>(admin, `/type-admin?id=${id}`);
    expect(full.body.type).toMatchObject({
      ...everyField(name),
      womenImages: women,
      menImages: [],
      discountCode: 'MAISON15',
      authPortalText: 'Your piece was made once, for you.',
    });

    const shop = await api<{ type: Record<string, unknown> }>(`/type?id=${id}`);
    expect(shop.body.type).toEqual({
      id,
      name,
      label: `${name} label`,
      gender: 0,
      areaAmount: 2,
      areaNames: ['bodice', 'skirt'],
      singlecollection: false,
      issoldout: true,
      preSale: true,
      preSaleText: 'arrives in spring',
      discount: true,
      womenproductimage: JSON.stringify(women),
      menproductimage: 'undefined',
    });
    const list = await api<{ types: Record<string, unknown>[] }>('/getTypeByGender?gender=0');
    const listed = list.body.types.find((t) => t.id === id);
    expect(listed).toMatchObject({ name, womenproductimage: JSON.stringify(women) });
    expect(JSON.stringify(list.body)).not.toContain('MAISON15');
    expect(JSON.stringify(list.body)).not.toContain('made once, for you');
    expect(
      (await api<{ types: { id: string }[] }>('/getTypeByGender?gender=1')).body.types.map((t) => t.id),
    ).not.toContain(id);
    const info = await api(`/get-product-info?tid=${id}&title=material`);
    expect(JSON.stringify(info.body)).toContain('material text');
    const discount = await api(`/type-discount?typeId=${id}&discountCode=maison15`);
    expect(discount.body).toMatchObject({ isCodeValid: true, discountAmount: 15 });

    const [entry] = (await auditOf(admin)).filter((a) => a.entityId === id);
    expect(entry).toMatchObject({
      action: 'create',
      entity: 'type',
      after: { name, discountCode: 'MAISON15' },
    });
    expect(entry?.before).toBeUndefined();
    // The upload tickets were used up: the same files cannot be claimed again.
    expect(await itemsWithPrefix(`UPLOAD#${women[0]?.slice(3)}`)).toEqual([]);
  });

  it('lists collections newest first, for selects and with their genders', async () => {
    const [a, b] = [uniqueId('Older'), uniqueId('Newer')];
    for (const name of [a, b]) {
      const answer = await adminApi(admin, '/types', {
        method: 'POST',
        json: { name, gender: 1, areaAmount: 1, menImages: await images(admin, 1) },
      });
      expect(answer.status, answer.text).toBe(200);
    }
    const page = await adminApi<{
      pageCount: number;
      total: number;
      list: { name: string; menImageCount: number }[];
    }>(admin, '/types?offset=0&pageSize=10');
    expect(page.body.list.length).toBeLessThanOrEqual(10);
    // Other suites on the shared stack create collections meanwhile: the newer comes before the older.
    const names = page.body.list.map((t) => t.name);
    expect(names).toContain(b);
    expect(names.indexOf(b)).toBeLessThan(names.indexOf(a));
    expect(page.body.list[names.indexOf(a)]).toMatchObject({ name: a, menImageCount: 1 });
    expect(page.body.pageCount).toBe(Math.ceil(page.body.total / 10));
    expect(JSON.stringify(page.body.list)).not.toContain('discountCode');

    const next = await adminApi<{ list: { name: string }[] }>(admin, '/types?offset=10');
    expect(next.body.list.map((t) => t.name)).not.toContain(b);

    const select = await adminApi<{ types: { val: string; text: string }[] }>(admin, '/typelist');
    const option = select.body.types.find((t) => t.text === b);
    expect(option && Object.keys(option).sort()).toEqual(['text', 'val']);

    const genders = await adminApi<{ types: { id: string; name: string; gender: number }[] }>(
      admin,
      '/type-id-gender',
    );
    expect(genders.body.types.find((t) => t.name === b)).toMatchObject({ id: option?.val, gender: 1 });
  });

  it('needs men or women images: "please add product image for men or women", nothing written', async () => {
    const name = uniqueId('NoPictures');
    const answer = await adminApi(admin, '/types', {
      method: 'POST',
      json: { ...everyField(name), womenImages: [], menImages: [] },
    });
    expect(answer).toMatchObject({ status: 400, body: { message: ADMIN_MESSAGES.addMenOrWomenImage } });
    const bare = await adminApi(admin, '/types', { method: 'POST', json: everyField(name) });
    expect(bare.body).toEqual({ message: ADMIN_MESSAGES.addMenOrWomenImage });
    expect((await itemsWithPrefix('TYPE#')).filter((t) => t.name === name)).toEqual([]);
    expect((await auditOf(admin)).filter((a) => (a.after as { name?: string })?.name === name)).toEqual([]);
  });

  it.each([
    ['no name', { name: ' ' }, /name/],
    ['an unknown gender', { gender: 5 }, /gender/],
    ['a discount with no code', { discountCode: '' }, /discountCode/],
    ['a discount above 100 percent', { discountAmount: 150 }, /discountAmount/],
    ['a discount of 0 percent', { discountAmount: 0 }, /discountAmount/],
    ['a pre-sale with no text', { preSaleText: '' }, /preSaleText/],
    ['a fractional colour count', { areaAmount: 1.5 }, /areaAmount/],
    ['more area names than colour areas', { areaNames: ['bodice', 'skirt', 'sash'] }, /areaNames/],
    ['a blank area name', { areaNames: ['bodice', ' '] }, /areaNames/],
    ['a field it does not know', { shippingPrices: { CA: 1 } }, /shippingPrices|unrecognized/i],
    [
      'a picture that was never uploaded',
      { womenImages: ['s3/collection_images/nope.png'] },
      /unknown or expired/,
    ],
    [
      '26 women pictures',
      { womenImages: Array.from({ length: 26 }, (_, i) => `s3/collection_images/${i}.png`) },
      /at most 25/,
    ],
    [
      'a picture twice',
      { womenImages: ['s3/collection_images/x.png', 's3/collection_images/x.png'] },
      /twice/,
    ],
  ])('refuses %s with 400 and writes nothing', async (_what, change, message) => {
    const name = uniqueId('Refused');
    const body = { ...everyField(name), womenImages: ['s3/collection_images/placeholder.png'], ...change };
    const answer = await adminApi<{ message: string }>(admin, '/types', { method: 'POST', json: body });
    expect(answer.status, answer.text).toBe(400);
    expect(answer.body.message).toMatch(message);
    expect(
      (await itemsWithPrefix('TYPE#')).filter(
        (t) => String(t.name).startsWith('Refused-') && t.name === name,
      ),
    ).toEqual([]);
  });

  it('refuses a picture in both sets', async () => {
    const [shared] = await images(admin, 1);
    const answer = await adminApi(admin, '/types', {
      method: 'POST',
      json: { name: uniqueId('Both'), gender: 2, areaAmount: 0, womenImages: [shared], menImages: [shared] },
    });
    expect(answer.status).toBe(400);
    // The ticket was not used: the file can still be claimed.
    const again = await adminApi(admin, '/types', {
      method: 'POST',
      json: { name: uniqueId('Both'), gender: 2, areaAmount: 0, womenImages: [shared] },
    });
    expect(again.status, again.text).toBe(200);
  });
});

describe('editing a collection', () => {
  let admin: TestAdmin;
  let id: string;
  let women: string[];
  beforeAll(async () => {
    admin = await loggedInAdmin();
    women = await images(admin, 3);
    const created = await adminApi<TypeAnswer>(admin, '/types', {
      method: 'POST',
      json: { ...everyField(uniqueId('Editable')), womenImages: women },
    });
    id = created.body.type.id;
  });

  it('replaces the fields, clears blank ones, renames its products and audits before and after', async () => {
    const product = productEntity(typeEntity({ id, name: 'old name' }));
    await putItems([{ ...productKeys(product), ...product }]);
    const name = uniqueId('Renamed');
    const {
      label: _label,
      areaNames: _areas,
      preSaleText: _text,
      discountCode: _code,
      ...rest
    } = everyField(name);
    const answer = await adminApi<TypeAnswer>(admin, '/types', {
      method: 'PATCH',
      json: { ...rest, id, preSale: false, discount: false, gender: 2, material: 'cashmere' },
    });
    expect(answer.status, answer.text).toBe(200);
    const raw = await getRaw(`TYPE#${id}`, '#TYPE');
    expect(raw).toMatchObject({ name, gender: 2, preSale: false, discount: false, material: 'cashmere' });
    expect(raw).not.toHaveProperty('label');
    expect(raw).not.toHaveProperty('areaNames');
    expect(raw).not.toHaveProperty('preSaleText');
    expect(raw).not.toHaveProperty('discountCode');
    expect(raw?.womenproductimage).toBe(JSON.stringify(women));
    expect((await getRaw(`PRODUCT#${product.id}`, '#PRODUCT'))?.typeName).toBe(name);
    const shop = await api<{ type: Record<string, unknown> }>(`/type?id=${id}`);
    expect(shop.body.type).toMatchObject({ name, gender: 2, preSale: false });
    expect(shop.body.type.label).toBeUndefined();
    expect(shop.body.type.areaNames).toBeUndefined();

    const entry = (await auditOf(admin)).find((a) => a.action === 'update' && a.entityId === id);
    expect(entry?.before).toMatchObject({ label: expect.any(String), preSale: true });
    expect(entry?.after).toMatchObject({ name, preSale: false });
    expect(entry?.after).not.toHaveProperty('label');
  });

  it('answers 404 for a collection that does not exist, writing nothing', async () => {
    const answer = await adminApi(admin, '/types', {
      method: 'PATCH',
      json: { ...everyField('ghost'), id: 'no-such-type' },
    });
    expect(answer.status).toBe(404);
    expect(await getRaw('TYPE#no-such-type', '#TYPE')).toBeUndefined();
  });

  it('reorders, adds and removes pictures of a set; removed files leave the bucket', async () => {
    const [added] = await images(admin, 1);
    const [first, second, third] = women as [string, string, string];
    const urls = [third, added as string, first];
    const answer = await adminApi<TypeAnswer>(admin, '/types/productimage', {
      method: 'PATCH',
      json: { id, gender: 0, urls },
    });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.type.womenImages).toEqual(urls);
    expect((await getRaw(`TYPE#${id}`, '#TYPE'))?.womenproductimage).toBe(JSON.stringify(urls));
    expect(await served(second)).toBe(false);
    expect(await served(third)).toBe(true);
    const entry = (await auditOf(admin)).find((a) => a.action === 'update-images' && a.entityId === id);
    expect(entry).toMatchObject({
      before: { womenproductimage: JSON.stringify(women) },
      after: { womenproductimage: JSON.stringify(urls) },
    });
    women = urls;
  });

  it('adds a men set, and will not leave both sets empty', async () => {
    const men = await images(admin, 2);
    const set = await adminApi<TypeAnswer>(admin, '/types/productimage', {
      method: 'PATCH',
      json: { id, gender: 1, urls: men },
    });
    expect(set.body.type.menImages).toEqual(men);
    const clearWomen = await adminApi<TypeAnswer>(admin, '/types/productimage', {
      method: 'PATCH',
      json: { id, gender: 0, urls: [] },
    });
    expect(clearWomen.status).toBe(200);
    expect((await getRaw(`TYPE#${id}`, '#TYPE'))?.womenproductimage).toBe('undefined');
    const clearMen = await adminApi(admin, '/types/productimage', {
      method: 'PATCH',
      json: { id, gender: 1, urls: [] },
    });
    expect(clearMen).toMatchObject({ status: 400, body: { message: ADMIN_MESSAGES.addMenOrWomenImage } });
    expect((await getRaw(`TYPE#${id}`, '#TYPE'))?.menproductimage).toBe(JSON.stringify(men));
    for (const url of men) expect(await served(url)).toBe(true);
  });

  it("refuses another collection's pictures, 26 pictures and gender 2 in a set", async () => {
    // The fixtures' stored picture (test/setup/local-stack.ts): the women list shows this collection.
    const other = typeEntity({ womenproductimage: JSON.stringify(['s3/collection_images/a.svg']) });
    await store({ type: other });
    for (const json of [
      { id, gender: 0, urls: ['s3/collection_images/a.svg'] },
      { id, gender: 0, urls: Array.from({ length: 26 }, (_, i) => `s3/collection_images/${i}.png`) },
      { id, gender: 2, urls: [] },
    ]) {
      const answer = await adminApi(admin, '/types/productimage', { method: 'PATCH', json });
      expect(answer.status, JSON.stringify(json).slice(0, 80)).toBe(400);
    }
  });
});

describe('shipping prices', () => {
  let admin: TestAdmin;
  const type = typeEntity({ shippingPrices: { CA: 40, US: 45 } });
  const product = productEntity(type);
  beforeAll(async () => {
    admin = await loggedInAdmin();
    await store({ type, products: [product] });
  });

  it('sets every country at once, then one or more countries, as the checkout reads them', async () => {
    const all = await adminApi(admin, '/add-shipping-all', {
      method: 'POST',
      json: { typeId: type.id, price: 55 },
    });
    expect(all.status, all.text).toBe(200);
    const raw = (await getRaw(`TYPE#${type.id}`, '#TYPE'))?.shippingPrices as Record<string, number>;
    expect(Object.keys(raw).sort()).toEqual([...COUNTRY_CODES].sort());
    expect(new Set(Object.values(raw))).toEqual(new Set([55]));

    const some = await adminApi(admin, '/shippings', {
      method: 'PATCH',
      json: {
        typeId: type.id,
        prices: [
          { countryId: 'CA', price: 30.5 },
          { countryId: 'FR', price: null },
          { countryId: 'JP', price: '70' },
        ],
      },
    });
    expect(some.status, some.text).toBe(200);
    const table = await adminApi<{
      shippingArr: { countryId: string; country: string; price: number | null }[];
    }>(admin, `/shipping-price-one?typeId=${type.id}`);
    expect(table.body.shippingArr).toHaveLength(COUNTRY_CODES.length);
    const priceOf = (c: string) => table.body.shippingArr.find((p) => p.countryId === c)?.price;
    expect([priceOf('CA'), priceOf('FR'), priceOf('JP'), priceOf('US')]).toEqual([30.5, null, 70, 55]);
    const names = table.body.shippingArr.map((p) => p.country);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    const one = await adminApi(admin, `/shipping-price-one?typeId=${type.id}&countryId=CA`);
    expect(one.body).toMatchObject({ countryId: 'CA', country: 'Canada', price: 30.5 });

    const shop = await api<{ shippingArr: { countryId: string; price: number }[] }>(
      `/price-with-shipping?id=${product.id}&tid=${type.id}`,
    );
    expect(shop.body.shippingArr.find((p) => p.countryId === 'CA')?.price).toBe(30.5);
    expect(shop.body.shippingArr.some((p) => p.countryId === 'FR')).toBe(false);

    const log = (await auditOf(admin)).filter((a) => a.entityId === type.id);
    expect(log.map((a) => a.action)).toEqual(['set-all-shipping', 'update-shipping']);
    expect(log[0]?.before).toEqual({ shippingPrices: { CA: 40, US: 45 } });
    expect(log[1]).toMatchObject({
      before: { shippingPrices: { CA: 55, FR: 55, JP: 55 } },
      after: { shippingPrices: { CA: 30.5, FR: null, JP: 70 } },
    });
  });

  it('gives an old collection without a price map its first prices', async () => {
    const bare = typeEntity();
    const { shippingPrices: _none, ...rest } = bare;
    await store({ type: rest as typeof bare });
    const answer = await adminApi(admin, '/shippings', {
      method: 'PATCH',
      json: { typeId: bare.id, prices: [{ countryId: 'CA', price: 12 }] },
    });
    expect(answer.status, answer.text).toBe(200);
    expect((await getRaw(`TYPE#${bare.id}`, '#TYPE'))?.shippingPrices).toEqual({ CA: 12 });
  });

  it.each([
    ['/add-shipping-all', 'POST', { typeId: 'x', price: -1 }],
    ['/add-shipping-all', 'POST', { typeId: 'x', price: 'ten' }],
    ['/add-shipping-all', 'POST', { typeId: 'x', price: 10.123 }],
    ['/shippings', 'PATCH', { typeId: 'x', prices: [] }],
    ['/shippings', 'PATCH', { typeId: 'x', prices: [{ countryId: 'ZZ', price: 1 }] }],
    [
      '/shippings',
      'PATCH',
      {
        typeId: 'x',
        prices: [
          { countryId: 'CA', price: 1 },
          { countryId: 'CA', price: 2 },
        ],
      },
    ],
  ])('refuses %s %s %j with 400 and changes nothing', async (path, method, json) => {
    const before = await getRaw(`TYPE#${type.id}`, '#TYPE');
    const answer = await adminApi(admin, path, { method, json: { ...json, typeId: type.id } });
    expect(answer.status, answer.text).toBe(400);
    expect(await getRaw(`TYPE#${type.id}`, '#TYPE')).toEqual(before);
  });

  it('answers 404 for an unknown collection', async () => {
    expect((await adminApi(admin, '/shipping-price-one?typeId=nope')).status).toBe(404);
    expect(
      (await adminApi(admin, '/add-shipping-all', { method: 'POST', json: { typeId: 'nope', price: 1 } }))
        .status,
    ).toBe(404);
    expect(await getRaw('TYPE#nope', '#TYPE')).toBeUndefined();
  });
});

describe('collection and pillar videos', () => {
  let admin: TestAdmin;
  const type = typeEntity({ gender: 2 });
  beforeAll(async () => {
    admin = await loggedInAdmin();
    await store({ type });
  });

  it('puts a video per gender, replaces it (the old file goes) and the storefront plays it', async () => {
    const first = await upload(admin, 'video', mp4(uniqueId('v')));
    const put = await adminApi(admin, '/upload-type-video-new', {
      method: 'POST',
      json: { pId: type.id, url: first, gender: 1 },
    });
    expect(put.status, put.text).toBe(200);
    expect((await api(`/get-pro-related-video?id=${type.id}&gender=1`)).body).toMatchObject({ video: first });

    const second = await upload(admin, 'video', mp4(uniqueId('v')));
    await adminApi(admin, '/upload-type-video-new', {
      method: 'POST',
      json: { pId: type.id, url: second, gender: '1' },
    });
    const listed = await adminApi<{ videos: { gender: number; url: string; src: string }[] }>(
      admin,
      `/get-type-video?id=${type.id}`,
    );
    expect(listed.body.videos).toEqual([{ gender: 1, url: second, src: `/media/${second.slice(3)}` }]);
    expect(await served(first)).toBe(false);
    expect(await served(second)).toBe(true);
    const log = (await auditOf(admin)).filter((a) => a.entityId === type.id);
    expect(log.map((a) => a.action)).toEqual(['upload-video', 'replace-video']);
    expect(log[1]).toMatchObject({ before: { url: first }, after: { url: second } });
  });

  it('takes a pillar video', async () => {
    const url = await upload(admin, 'video', mp4(uniqueId('v')));
    const put = await adminApi(admin, '/upload-type-video-new', {
      method: 'POST',
      json: { pId: 'knowledge', url, gender: 0 },
    });
    expect(put.status, put.text).toBe(200);
    expect((await api('/get-pro-related-video?id=knowledge&gender=00')).body).toMatchObject({ video: url });
  });

  it('refuses an image as a video, an unknown collection and a bad gender', async () => {
    const image = await upload(admin, 'image', await anotherPng());
    const video = await upload(admin, 'video', mp4(uniqueId('v')));
    for (const [json, status] of [
      [{ pId: type.id, url: image, gender: 0 }, 400],
      [{ pId: 'no-such-type', url: video, gender: 0 }, 404],
      [{ pId: type.id, url: video, gender: 3 }, 400],
    ] as const) {
      expect((await adminApi(admin, '/upload-type-video-new', { method: 'POST', json })).status).toBe(status);
    }
    expect(await itemsWithPrefix('TYPEVIDEO#no-such-type')).toEqual([]);
    expect((await adminApi(admin, '/get-type-video?id=no-such-type')).status).toBe(404);
  });
});

describe('sizes of a collection', () => {
  it('lists them in order for a select', async () => {
    const admin = await loggedInAdmin();
    const type = typeEntity();
    const size = (name: string, index: number, gender: 0 | 1) =>
      ({ kind: 'size', id: uniqueId('s'), typeId: type.id, name, index, gender }) as const;
    await store({ type, sizes: [size('M', 2, 1), size('S', 1, 0)] });
    const answer = await adminApi<{ sizes: unknown[] }>(admin, `/sizelist-by-tid?tid=${type.id}`);
    expect(answer.body.sizes).toEqual([
      { val: expect.any(String), text: 'S', gender: 0, index: 1 },
      { val: expect.any(String), text: 'M', gender: 1, index: 2 },
    ]);
    expect((await adminApi(admin, '/sizelist-by-tid?tid=nope')).status).toBe(404);
  });
});

describe('deleting a collection', () => {
  let admin: TestAdmin;
  beforeAll(async () => {
    admin = await loggedInAdmin();
  });

  it('is refused (409, what is left) while it has products, sizes or finders', async () => {
    const type = typeEntity();
    await store({
      type,
      products: [productEntity(type), productEntity(type)],
      sizes: [{ kind: 'size', id: uniqueId('s'), typeId: type.id, name: 'M', index: 1, gender: 0 }],
    });
    const answer = await adminApi<{ message: string }>(admin, `/types?id=${type.id}`, { method: 'DELETE' });
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe(
      'this collection still has 2 products, 1 size. delete or move them first.',
    );
    expect(await getRaw(`TYPE#${type.id}`, '#TYPE')).toBeDefined();
    expect((await auditOf(admin)).filter((a) => a.entityId === type.id)).toEqual([]);
  });

  it('removes an empty one with its images, videos and files, audited', async () => {
    const women = await images(admin, 2);
    const created = await adminApi<TypeAnswer>(admin, '/types', {
      method: 'POST',
      json: { name: uniqueId('Doomed'), gender: 0, areaAmount: 1, womenImages: women },
    });
    const { id } = created.body.type;
    const dimension = await upload(admin, 'image', await anotherPng());
    await putItems([
      {
        pk: `TYPE#${id}`,
        sk: `IMG#3#0001#d1`,
        kind: 'image',
        id: 'd1',
        ownerId: id,
        type: 3,
        index: 1,
        url: dimension,
      },
    ]);
    const video = await upload(admin, 'video', mp4(uniqueId('v')));
    await adminApi(admin, '/upload-type-video-new', {
      method: 'POST',
      json: { pId: id, url: video, gender: 0 },
    });
    await adminApi(admin, '/add-shipping-all', { method: 'POST', json: { typeId: id, price: 20 } });
    for (const url of [...women, dimension, video]) expect(await served(url)).toBe(true);

    const answer = await adminApi(admin, `/types?id=${id}`, { method: 'DELETE' });
    expect(answer.status, answer.text).toBe(200);
    expect(await itemsWithPrefix(`TYPE#${id}`)).toEqual([]);
    expect(await itemsWithPrefix(`TYPEVIDEO#${id}`)).toEqual([]);
    for (const url of [...women, dimension, video]) expect(await served(url)).toBe(false);
    expect((await api(`/type?id=${id}`)).status).toBe(404);
    const entry = (await auditOf(admin)).find((a) => a.action === 'delete' && a.entityId === id);
    expect(entry?.before).toMatchObject({
      id,
      images: [dimension],
      videos: [video],
      shippingPrices: { CA: 20 },
    });

    expect((await adminApi(admin, `/types?id=${id}`, { method: 'DELETE' })).status).toBe(404);
  });
});
