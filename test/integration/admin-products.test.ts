import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { CollectionEntity } from '#catalog/entities/collection.ts';
import type { ProductEntity } from '#catalog/entities/product.ts';
import { ADMIN_MESSAGES } from '#shared/admin.ts';
import { CARD_NUMBER_RULE } from '#shared/card-number.ts';
import { adminApi, loggedInAdmin, type TestAdmin } from '../support/admin.ts';
import { api, freshClientAddress } from '../support/api.ts';
import { getRaw, itemsWithPrefix } from '../support/db.ts';
import { productEntity, store, typeEntity, uniqueId } from '../support/fixtures.ts';
import { mp4, png, uploadAs } from '../support/media.ts';
import { buyWithCard, mailedPassword } from '../support/purchase.ts';
import { mailTo } from '../support/stack-env.ts';

/** Products, their pictures and videos, and authenticity records, as staff manage them (001 §2–§8). */

let admin: TestAdmin;
const collection = typeEntity({ name: `Products test ${uniqueId('c')}`, areaAmount: 2, gender: 0 });
const singles = typeEntity({ name: 'Singles test', areaAmount: 1, singlecollection: true, gender: 2 });
let serial = 0;
const card = () => `55${Date.now().toString().slice(-9)}${String(serial++).padStart(5, '0')}`;

beforeAll(async () => {
  admin = await loggedInAdmin();
  await store({ type: collection });
  await store({ type: singles });
});

/** Where each stored url's object sits in the local bucket (path-style s3rver address). */
const objects = new Map<string, string>();

async function upload(
  kind: 'image' | 'authenticity' | 'video',
  bytes?: Uint8Array,
  contentType = kind === 'video' ? 'video/mp4' : 'image/png',
): Promise<string> {
  const ticket = await uploadAs(admin, kind, bytes ?? (await png()), contentType);
  const address = new URL(ticket.uploadUrl);
  objects.set(ticket.url, `${address.origin}${address.pathname}`);
  return ticket.url;
}

async function objectExists(url: string): Promise<boolean> {
  const address = objects.get(url);
  if (!address) throw new Error(`not uploaded here: ${url}`);
  return (await fetch(address, { method: 'HEAD' })).status === 200;
}

const mediaStatus = async (url: string) =>
  (await fetch(`${inject('baseUrl')}/media/${url.replace(/^s3\//, '')}`)).status;

interface AuditRow {
  admin: string;
  action: string;
  entity: string;
  entityId: string;
  before?: Record<string, unknown>;
  after?: Record<string, unknown>;
}
const auditOf = async (entityId: string): Promise<AuditRow[]> =>
  ((await itemsWithPrefix('AUDIT#')) as unknown as AuditRow[]).filter(
    (a) => a.admin === admin.username && a.entityId === entityId,
  );
const auditCount = async () =>
  ((await itemsWithPrefix('AUDIT#')) as unknown as AuditRow[]).filter((a) => a.admin === admin.username)
    .length;

const form = (overrides: Record<string, unknown> = {}) => ({
  name: `Piece ${uniqueId('n')}`,
  priceUs: 1200,
  priceCanada: 1650,
  cardNumber: card(),
  typeId: collection.id,
  gender: 0,
  colors: ['black', 'red'],
  removeShipmentCharge: false,
  singleproduct: false,
  soldOnOtherPlatform: false,
  ...overrides,
});

/** DELETE with a JSON body as a browser sends it, with its length (Node's client adds none on DELETE). */
function del(path: string, json: Record<string, unknown>) {
  const body = JSON.stringify(json);
  return adminApi(admin, path, {
    method: 'DELETE',
    body,
    headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) },
  });
}

interface Saved {
  status: number;
  id: string;
  product: Record<string, unknown>;
}
const create = (body: Record<string, unknown>) =>
  adminApi<Saved>(admin, '/products', { method: 'POST', json: body });

describe('products', () => {
  it('creates a product in its collection, with the keys of its type, typeName kept, and an audit entry', async () => {
    const body = form();
    const answer = await create(body);
    expect(answer.status, answer.text).toBe(200);
    const id = answer.body.id;
    const raw = await getRaw(`PRODUCT#${id}`, '#PRODUCT');
    expect(raw).toMatchObject({
      kind: 'product',
      name: body.name,
      priceUs: 1200,
      priceCanada: 1650,
      cardNumber: body.cardNumber,
      typeId: collection.id,
      typeName: collection.name,
      colors: ['black', 'red'],
      status: 1,
      gsi1pk: `TYPE#${collection.id}`,
      gsi1sk: `PRODUCT#${id}`,
      gsi2pk: 'PRODUCTS',
    });
    expect(await getRaw(`CARD#${body.cardNumber}`, '#CARD')).toMatchObject({ pid: id });
    const [entry] = await auditOf(id);
    expect(entry).toMatchObject({ action: 'create', entity: 'product', after: { name: body.name } });
    expect(JSON.stringify(entry)).not.toContain('gsi1pk');

    // The storefront sees it, without its card number.
    const shop = await api<Record<string, unknown>[]>(`/products/${id}`);
    expect(shop.status).toBe(200);
    expect(shop.body[0]).toMatchObject({ id, name: body.name, sold: false });
    expect(shop.text).not.toContain(body.cardNumber);
    const family = await api<{ products: { id: string }[] }>(`/has-single-product?id=${collection.id}`);
    expect(family.body.products.map((p) => p.id)).toContain(id);
  });

  it.each([
    ['no name', { name: '' }],
    ['a blank name', { name: '   ' }],
    ['no US price', { priceUs: '' }],
    ['no card number', { cardNumber: undefined }],
    ['no collection', { typeId: '' }],
    ['no colours', { colors: [] }],
    ['one colour of two', { colors: ['black'] }],
    ['a blank colour', { colors: ['black', ' '] }],
  ])('refuses %s with "please fill all the blanks" and writes nothing', async (_name, overrides) => {
    const body = form(overrides);
    // This form's products (other files write products at the same time): none, before and after.
    const mine = async () =>
      (await itemsWithPrefix('PRODUCT#')).filter(
        (p) =>
          (body.name.trim() !== '' && p.name === body.name) ||
          (body.cardNumber && p.cardNumber === body.cardNumber),
      ).length;
    const before = { products: await mine(), audit: await auditCount() };
    const answer = await create(body);
    expect(answer).toMatchObject({ status: 400, body: { message: ADMIN_MESSAGES.fillAllBlanks } });
    expect({ products: await mine(), audit: await auditCount() }).toEqual({ ...before, products: 0 });
    if (typeof body.cardNumber === 'string')
      expect(await getRaw(`CARD#${body.cardNumber}`, '#CARD')).toBeUndefined();
  });

  it('needs neither collection nor colours for a single piece, nor colours in a single collection', async () => {
    const loose = await create(form({ singleproduct: true, typeId: '', colors: [] }));
    expect(loose.status, loose.text).toBe(200);
    const raw = await getRaw(`PRODUCT#${loose.body.id}`, '#PRODUCT');
    expect(raw).toMatchObject({ typeId: '', singleproduct: true, colors: [] });
    expect(raw?.gsi1pk).toBeUndefined();
    const inSingles = await create(form({ typeId: singles.id, colors: [] }));
    expect(inSingles.status, inSingles.text).toBe(200);
  });

  it("takes exactly 16 digits (groups of 4 allowed, stored as digits), the portal's rule, and refuses a number another piece uses", async () => {
    // What the portal refuses, the admin refuses: short, long, letters (a short number once sold,
    // mailed a password, and locked its owner out of the portal).
    for (const wrong of ['1', '123456789012345', '12345678901234567', '1234 5678 9012 345X']) {
      const refused = await create(form({ cardNumber: wrong }));
      expect(refused.status, wrong).toBe(400);
      expect(String((refused.body as { message?: string }).message), wrong).toContain(CARD_NUMBER_RULE);
    }
    const digits = card();
    const grouped = await create(form({ cardNumber: digits.replace(/(\d{4})(?=\d)/g, '$1 ') }));
    expect(grouped.status, grouped.text).toBe(200);
    expect(grouped.body.product.cardNumber).toBe(digits);
    expect(await getRaw(`PRODUCT#${grouped.body.id}`, '#PRODUCT')).toMatchObject({ cardNumber: digits });
    // An existing piece whose number breaks the rule is saved again only with a right one.
    const short = productEntity(collection, { cardNumber: '12345' });
    await store({ type: collection, products: [short] });
    const kept = await adminApi(admin, '/products', {
      method: 'PATCH',
      json: form({ id: short.id, cardNumber: short.cardNumber }),
    });
    expect(kept.status).toBe(400);
    expect(String(kept.body.message)).toContain(CARD_NUMBER_RULE);
    const first = await create(form());
    const again = await create(form({ cardNumber: first.body.product.cardNumber }));
    expect(again).toMatchObject({
      status: 400,
      body: { message: 'this card number is already used by another piece' },
    });
    // Pieces saved before claims existed count too.
    const legacy = productEntity(collection, { cardNumber: card() });
    await store({ type: collection, products: [legacy] });
    expect((await create(form({ cardNumber: legacy.cardNumber }))).status).toBe(400);
  });

  it('edits a product (audited with before and after) and keeps blanks out', async () => {
    const created = await create(form());
    const id = created.body.id;
    const edited = await adminApi<Saved>(admin, '/products', {
      method: 'PATCH',
      json: form({
        id,
        name: 'Renamed piece',
        priceUs: '1500.50',
        colors: ['white', 'blue'],
        cardNumber: created.body.product.cardNumber,
      }),
    });
    expect(edited.status, edited.text).toBe(200);
    expect(await getRaw(`PRODUCT#${id}`, '#PRODUCT')).toMatchObject({
      name: 'Renamed piece',
      priceUs: 1500.5,
      colors: ['white', 'blue'],
    });
    const update = (await auditOf(id)).find((a) => a.action === 'update');
    expect(update).toMatchObject({
      before: { priceUs: 1200 },
      after: { name: 'Renamed piece', priceUs: 1500.5 },
    });

    const before = await getRaw(`PRODUCT#${id}`, '#PRODUCT');
    const blank = await adminApi(admin, '/products', {
      method: 'PATCH',
      json: { ...form({ id }), name: '' },
    });
    expect(blank).toMatchObject({ status: 400, body: { message: ADMIN_MESSAGES.fillAllBlanks } });
    expect(await getRaw(`PRODUCT#${id}`, '#PRODUCT')).toEqual(before);
  });

  it('lists products newest first, 10 a page, searched by name, card number or collection name', async () => {
    const tag = uniqueId('search');
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) {
      const saved = await create(form({ name: `${tag} ${i}` }));
      ids.push(saved.body.id);
    }
    type List = { pageCount: number; list: { id: string; cardNumber: string; typeName: string }[] };
    const first = await adminApi<List>(admin, `/products?offset=0&pageSize=10&searchInfo=${tag}`);
    expect(first.body.pageCount).toBe(2);
    expect(first.body.list.map((p) => p.id)).toEqual(ids.slice(2).reverse());
    const second = await adminApi<List>(admin, `/products?offset=10&pageSize=10&searchInfo=${tag}`);
    expect(second.body.list.map((p) => p.id)).toEqual([ids[1], ids[0]]);
    const byCard = first.body.list[0]?.cardNumber as string;
    const found = await adminApi<List>(admin, `/products?searchInfo=${byCard}`);
    expect(found.body.list.map((p) => p.id)).toEqual([first.body.list[0]?.id]);
    // The staff's screen searches in a body (a card number stays out of URLs): the same pages.
    const searched = await adminApi<List>(admin, '/products/search', {
      method: 'POST',
      json: { offset: 0, pageSize: 10, searchInfo: byCard.replace(/(\d{4})(?=\d)/g, '$1 ') },
    });
    expect(searched.status, JSON.stringify(searched.body)).toBe(200);
    expect(searched.body.list.map((p) => p.id)).toEqual([first.body.list[0]?.id]);
    const secondSearched = await adminApi<List>(admin, '/products/search', {
      method: 'POST',
      json: { offset: 10, pageSize: 10, searchInfo: tag },
    });
    expect(secondSearched.body.list.map((p) => p.id)).toEqual([ids[1], ids[0]]);
    const tooLong = await adminApi<{ message: string }>(admin, '/products/search', {
      method: 'POST',
      json: { offset: 0, pageSize: 10, searchInfo: 'x'.repeat(101) },
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.message).toMatch(/the search is at most 100 characters/);
    const byCollection = await adminApi<List>(
      admin,
      `/products?searchInfo=${encodeURIComponent(collection.name)}`,
    );
    expect(byCollection.body.list.length).toBe(10);
    expect(byCollection.body.list.every((p) => p.typeName === collection.name)).toBe(true);
  });

  it('shows one product to staff with GET /products?id', async () => {
    const created = await create(form());
    const detail = await adminApi<{ product: { cardNumber: string }; type: { areaAmount: number } }>(
      admin,
      `/products?id=${created.body.id}`,
    );
    expect(detail.body).toMatchObject({
      status: 200,
      product: { cardNumber: created.body.product.cardNumber },
      type: { id: collection.id, areaAmount: 2 },
      authRecord: null,
      counts: { pictures: 0, authenticity: 0, videos: 0 },
    });
    expect((await adminApi(admin, '/products?id=nope')).status).toBe(404);
  });
});

describe('sold on another platform and authenticity records', () => {
  it('saves the piece sold, with its authenticity record and no e-mail, in one transaction', async () => {
    const body = form({ soldOnOtherPlatform: true });
    const answer = await create(body);
    expect(answer.status, answer.text).toBe(200);
    expect(await getRaw(`PRODUCT#${answer.body.id}`, '#PRODUCT')).toMatchObject({
      status: 0,
      soldOnOtherPlatform: true,
    });
    const record = await getRaw(`AUTH#${body.cardNumber}`, '#AUTH');
    expect(record).toMatchObject({
      kind: 'authRecord',
      pid: answer.body.id,
      name: body.name,
      credentialVersion: 1,
      gsi2pk: 'AUTHS',
    });
    expect(record?.email).toBeUndefined();
    expect(record?.passwordHash).toBeUndefined();
  });

  it('creates the record when an edit turns the flag on, and lets staff give it its owner', async () => {
    const created = await create(form());
    const id = created.body.id;
    const cardNumber = created.body.product.cardNumber as string;
    const flagged = await adminApi(admin, '/products', {
      method: 'PATCH',
      json: form({ id, cardNumber, soldOnOtherPlatform: true }),
    });
    expect(flagged.status, flagged.text).toBe(200);
    expect(await getRaw(`AUTH#${cardNumber}`, '#AUTH')).toMatchObject({ pid: id, credentialVersion: 1 });
    // Saving again does not fail on the existing record.
    expect(
      (
        await adminApi(admin, '/products', {
          method: 'PATCH',
          json: form({ id, cardNumber, soldOnOtherPlatform: true }),
        })
      ).status,
    ).toBe(200);
    // Its card number is now the record's.
    const moved = await adminApi(admin, '/products', {
      method: 'PATCH',
      json: form({ id, cardNumber: card(), soldOnOtherPlatform: true }),
    });
    expect(moved.status).toBe(400);

    const email = `${uniqueId('owner')}@example.com`;
    const claim = await adminApi(admin, '/product-auth', { method: 'POST', json: { pid: id, email } });
    expect(claim.status, claim.text).toBe(200);
    expect(claim.text).not.toMatch(/scrypt|passwordHash/);
    const record = await getRaw(`AUTH#${cardNumber}`, '#AUTH');
    expect(record).toMatchObject({ email, credentialVersion: 2 });
    expect(String(record?.passwordHash)).toMatch(/^scrypt\$/);
    const password = await mailedPassword(email, 'Your authenticity portal password');
    expect((await mailTo(email)).at(-1)?.body.text).toContain(
      `The portal: ${inject('baseUrl')}/authenticity\n`,
    );
    const login = await api('/authenticationcard', {
      method: 'POST',
      json: { cardNumber, password },
      from: freshClientAddress(),
    });
    expect(login.status, login.text).toBe(200);

    // A record with an owner is not claimed again.
    const again = await adminApi(admin, '/product-auth', {
      method: 'POST',
      json: { pid: id, email: 'someone@example.com' },
    });
    expect(again.status).toBe(409);
    const claimAudit = (await auditOf(cardNumber)).find((a) => a.action === 'claim');
    expect(claimAudit?.after).toMatchObject({ email, credentialVersion: 2 });
    expect(JSON.stringify(claimAudit)).not.toContain('scrypt');

    // The list shows the record with its history, never a hash.
    type Records = {
      list: { cardNumber: string; email: string; transfers: { from: string; to: string }[] }[];
    };
    const list = await adminApi<Records>(admin, `/products-auth?searchInfo=${cardNumber}`);
    expect(list.status).toBe(200);
    expect(list.body.list).toEqual([
      expect.objectContaining({
        cardNumber,
        email,
        hasPassword: true,
        transfers: [expect.objectContaining({ from: '', to: email })],
      }),
    ]);
    expect(list.text).not.toMatch(/scrypt|passwordHash/);
    // Searched by the owner's e-mail in a body (POST), the same page comes back.
    const byOwner = await adminApi<Records>(admin, '/products-auth/search', {
      method: 'POST',
      json: { offset: 0, pageSize: 10, searchInfo: email.toUpperCase() },
    });
    expect(byOwner.status, byOwner.text).toBe(200);
    expect(byOwner.body.list.map((r) => r.cardNumber)).toEqual([cardNumber]);
  });

  it('creates a record for a sold piece without one, and refuses a piece still for sale', async () => {
    const forSale = await create(form());
    const refused = await adminApi(admin, '/product-auth', {
      method: 'POST',
      json: { pid: forSale.body.id },
    });
    expect(refused.status).toBe(409);
    expect(await getRaw(`AUTH#${forSale.body.product.cardNumber}`, '#AUTH')).toBeUndefined();

    const sold = await create(form({ status: 0 }));
    const made = await adminApi(admin, '/product-auth', { method: 'POST', json: { pid: sold.body.id } });
    expect(made.status, made.text).toBe(200);
    expect(await getRaw(`AUTH#${sold.body.product.cardNumber}`, '#AUTH')).toMatchObject({
      pid: sold.body.id,
    });
    expect(
      (await adminApi(admin, '/product-auth', { method: 'POST', json: { pid: sold.body.id } })).status,
    ).toBe(409);
    const bad = await adminApi(admin, '/product-auth', {
      method: 'POST',
      json: { pid: sold.body.id, email: 'no' },
    });
    expect(bad.status).toBe(400);
  });

  it('lists records newest first, 10 a page', async () => {
    const answer = await adminApi<{ pageCount: number; list: { createdAt: string }[] }>(
      admin,
      '/products-auth?offset=0&pageSize=10',
    );
    expect(answer.status).toBe(200);
    expect(answer.body.list.length).toBeLessThanOrEqual(10);
    const times = answer.body.list.map((r) => r.createdAt);
    expect(times).toEqual([...times].sort().reverse());
  });
});

interface Img {
  id: string;
  url: string;
  src: string;
  type: number;
  index: number;
}
const uploadImgs = (json: Record<string, unknown>) =>
  adminApi<{ status: number; imgs: Img[]; message: string }>(admin, '/uploadimgs', { method: 'POST', json });

describe('pictures', () => {
  let product: Saved;
  beforeAll(async () => {
    product = (await create(form())).body as unknown as Saved;
  });

  it('adds product pictures in the order given, public on the storefront, audited', async () => {
    const urls = [await upload('image'), await upload('image')];
    const answer = await uploadImgs({ id: product.id, type: 1, urls });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.imgs.map((i) => i.url)).toEqual(urls);
    expect(answer.body.imgs.map((i) => i.src)).toEqual(urls.map((u) => `/media/${u.slice(3)}`));
    for (const url of urls) expect(await mediaStatus(url)).toBe(200);
    const shop = await api<{ imgs: { url: string }[] }>(`/get-imgs-by-pid?id=${product.id}&type=1`);
    expect(shop.body.imgs.map((i) => i.url)).toEqual(urls);
    const [entry] = await auditOf(`product/${product.id}/type-1`);
    expect(entry).toMatchObject({ action: 'upload', entity: 'image' });
    // Tickets are used once.
    expect((await uploadImgs({ id: product.id, type: 1, urls: [urls[0]] })).status).toBe(400);
  });

  it('refuses a file that is not what it was declared (and deletes it), more than 10, and no type', async () => {
    const fake = await upload('image', new TextEncoder().encode('this is not a png at all'), 'image/png');
    expect(await objectExists(fake)).toBe(true);
    const before = await auditCount();
    const answer = await uploadImgs({ id: product.id, type: 1, urls: [fake] });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toContain('not a png');
    expect(await objectExists(fake)).toBe(false);

    const eleven = Array.from({ length: 11 }, (_, i) => `s3/collection_images/x-${i}.png`);
    expect(await uploadImgs({ id: product.id, type: 1, urls: eleven })).toMatchObject({
      status: 400,
      body: { message: ADMIN_MESSAGES.tooManyPictures },
    });
    const untyped = await uploadImgs({ id: product.id, urls: [await upload('image')] });
    expect(untyped.status).toBe(400);
    expect(untyped.body.message).toContain('picture type');
    expect(await auditCount()).toBe(before);
    expect((await uploadImgs({ id: 'no-such-product', type: 1, urls: [await upload('image')] })).status).toBe(
      404,
    );
  });

  it('deletes a picture: the item, audited, then its file', async () => {
    const [url] = [await upload('image')];
    const added = await uploadImgs({ id: product.id, type: 1, urls: [url] });
    const picture = added.body.imgs.find((i) => i.url === url) as Img;
    const answer = await del('/pictures', { id: picture.id, ownerId: product.id, type: 1 });
    expect(answer).toMatchObject({ status: 200, body: { status: 200 } });
    expect(await objectExists(url as string)).toBe(false);
    expect(await mediaStatus(url as string)).toBe(404);
    expect((await auditOf(picture.id))[0]).toMatchObject({ action: 'delete', before: { url } });
    const list = await adminApi<{ imgs: Img[] }>(admin, `/admin-images?id=${product.id}&type=1`);
    expect(list.body.imgs.map((i) => i.id)).not.toContain(picture.id);
  });

  it('keeps authenticity photos private: never a /media address, never on the storefront', async () => {
    const url = await upload('authenticity');
    const answer = await uploadImgs({ id: product.id, type: 2, urls: [url] });
    expect(answer.status, answer.text).toBe(200);
    const [photo] = answer.body.imgs;
    expect(photo?.src).not.toContain('/media/');
    expect(photo?.src).toContain('X-Amz-Signature');
    expect((await fetch(photo?.src as string)).status).toBe(200);
    expect(await mediaStatus(url)).toBe(404);
    const listed = await adminApi<{ imgs: Img[] }>(admin, `/admin-images?id=${product.id}&type=2`);
    expect(listed.body.imgs[0]?.src).not.toContain('/media/');
    expect((await api(`/get-imgs-by-pid?id=${product.id}&type=2`)).status).toBe(400);
    // An authenticity photo uploaded to the public prefix is refused.
    expect((await uploadImgs({ id: product.id, type: 2, urls: [await upload('image')] })).status).toBe(400);
  });

  it('reorders a set, and refuses an order made from a stale list', async () => {
    const urls = [await upload('image'), await upload('image'), await upload('image')];
    const owner = (await create(form())).body.id;
    const added = await uploadImgs({ id: owner, type: 1, urls });
    const ids = added.body.imgs.map((i) => i.id);
    const reversed = [...ids].reverse();
    const answer = await adminApi<{ imgs: Img[] }>(admin, '/pictures-order', {
      method: 'PATCH',
      json: { ownerId: owner, type: 1, ids: reversed },
    });
    expect(answer.status, answer.text).toBe(200);
    const shop = await api<{ imgs: { id: string }[] }>(`/get-imgs-by-pid?id=${owner}&type=1`);
    expect(shop.body.imgs.map((i) => i.id)).toEqual(reversed);
    const stale = await adminApi(admin, '/pictures-order', {
      method: 'PATCH',
      json: { ownerId: owner, type: 1, ids: reversed.slice(1) },
    });
    expect(stale.status).toBe(409);
    expect((await auditOf(`product/${owner}/type-1`)).map((a) => a.action).sort()).toEqual([
      'reorder',
      'upload',
    ]);
  });

  it('adds collection pictures (types 3–6) to a collection', async () => {
    const answer = await uploadImgs({ id: collection.id, type: 3, urls: [await upload('image')] });
    expect(answer.status, answer.text).toBe(200);
    const shop = await api<{ imgs: { id: string }[] }>(`/get-imgs-by-pid?id=${collection.id}&type=3`);
    expect(shop.body.imgs.map((i) => i.id)).toEqual(answer.body.imgs.map((i) => i.id));
    expect((await uploadImgs({ id: product.id, type: 3, urls: [await upload('image')] })).status).toBe(404);
  });

  it('sets and removes the main product image (the first picture)', async () => {
    const owner = (await create(form())).body.id;
    await uploadImgs({ id: owner, type: 1, urls: [await upload('image')] });
    const main = await upload('image');
    const set = await adminApi<{ img: Img; imgs: Img[] }>(admin, '/upload-product-img', {
      method: 'POST',
      json: { id: owner, url: main },
    });
    expect(set.status, set.text).toBe(200);
    expect(set.body.img.url).toBe(main);
    const shown = await adminApi<{ img: Img }>(admin, `/product-image?id=${owner}`);
    expect(shown.body.img.url).toBe(main);
    const shop = await api<{ imgs: { url: string }[] }>(`/get-imgs-by-pid?id=${owner}&type=1`);
    expect(shop.body.imgs[0]?.url).toBe(main);
    const removed = await del('/product-img', { id: owner, imageId: set.body.img.id });
    expect(removed.status).toBe(200);
    expect(await objectExists(main)).toBe(false);
    expect((await auditOf(owner)).map((a) => `${a.action} ${a.entity}`)).toEqual(
      expect.arrayContaining(['upload product image', 'delete product image']),
    );
  });
});

describe('videos', () => {
  it('adds, lists and deletes product videos (the file too)', async () => {
    const owner = (await create(form())).body.id;
    const url = await upload('video', mp4());
    const added = await adminApi<{ vids: { id: string; url: string; src: string }[] }>(
      admin,
      '/upload-video',
      {
        method: 'POST',
        json: { pid: owner, urls: [url] },
      },
    );
    expect(added.status, added.text).toBe(200);
    expect(added.body.vids).toEqual([expect.objectContaining({ url, src: `/media/${url.slice(3)}` })]);
    const listed = await adminApi<{ vids: { id: string }[] }>(admin, `/get-video-by-pid?pid=${owner}`);
    expect(listed.body.vids.map((v) => v.id)).toEqual(added.body.vids.map((v) => v.id));
    const shop = await api<{ vids: { url: string }[] }>(`/get-vid-by-pid?id=${owner}`);
    expect(shop.body.vids.map((v) => v.url)).toEqual([url]);
    const video = added.body.vids[0] as { id: string };
    const removed = await del('/videos', { id: video.id, pid: owner });
    expect(removed.status).toBe(200);
    expect(await objectExists(url)).toBe(false);
    expect((await auditOf(video.id))[0]).toMatchObject({
      action: 'delete',
      entity: 'video',
      before: { url },
    });
    const png = await uploadImgs({ id: owner, type: 1, urls: [await upload('image')] });
    expect(png.status).toBe(200);
    expect(
      (
        await adminApi(admin, '/upload-video', {
          method: 'POST',
          json: { pid: owner, urls: [await upload('image')] },
        })
      ).status,
    ).toBe(400);
  });
});

describe('deleting products', () => {
  it('deletes a piece with its pictures and videos, items and files, audited', async () => {
    const created = await create(form());
    const id = created.body.id;
    const picture = await upload('image');
    const photo = await upload('authenticity');
    const video = await upload('video', mp4());
    await uploadImgs({ id, type: 1, urls: [picture] });
    await uploadImgs({ id, type: 2, urls: [photo] });
    await adminApi(admin, '/upload-video', { method: 'POST', json: { pid: id, urls: [video] } });
    const answer = await del('/products', { id });
    expect(answer.status, answer.text).toBe(200);
    expect(await itemsWithPrefix(`PRODUCT#${id}`)).toEqual([]);
    expect(await getRaw(`CARD#${created.body.product.cardNumber}`, '#CARD')).toBeUndefined();
    for (const url of [picture, photo, video]) expect(await objectExists(url)).toBe(false);
    expect((await auditOf(id)).find((a) => a.action === 'delete')).toMatchObject({
      before: { product: { name: created.body.product.name }, pictures: 2, videos: 1 },
    });
    expect((await api(`/products/${id}`)).status).toBe(404);
  });

  it('refuses to delete a piece sold through an order or with an authenticity record', async () => {
    const piece: ProductEntity = productEntity(collection as CollectionEntity, {
      cardNumber: card(),
      priceUs: 300,
    });
    await store({ type: collection, products: [piece] });
    await buyWithCard(piece, `${uniqueId('buyer')}@example.com`);
    const sold = await adminApi(admin, `/products?id=${piece.id}`, { method: 'DELETE' });
    expect(sold.status).toBe(409);
    expect(await getRaw(`PRODUCT#${piece.id}`, '#PRODUCT')).toBeDefined();
    // Nor can it be put back on sale.
    const relist = await adminApi(admin, '/products', {
      method: 'PATCH',
      json: form({ id: piece.id, cardNumber: piece.cardNumber, status: 1 }),
    });
    expect(relist.status).toBe(400);

    const elsewhere = await create(form({ soldOnOtherPlatform: true }));
    expect((await del('/products', { id: elsewhere.body.id })).status).toBe(409);
  });
});
