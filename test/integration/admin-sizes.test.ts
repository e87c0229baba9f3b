import { beforeAll, describe, expect, it } from 'vitest';
import type { SizeEntity, SizeGuideEntity } from '#catalog/entities/size.ts';
import { ADMIN_MESSAGES } from '#shared/admin.ts';
import { adminApi, loggedInAdmin, type TestAdmin } from '../support/admin.ts';
import { api } from '../support/api.ts';
import { getRaw, itemsWithPrefix } from '../support/db.ts';
import { productEntity, store, typeEntity, uniqueId } from '../support/fixtures.ts';
import { DEMO_PICTURES_WAIT_MS, waitForDemoPictures } from '../support/jobs.ts';
import { png, servedAtMedia, uploadAs } from '../support/media.ts';

/** Sizes and size guides in the admin (001 §2, §3, §5, §7): CRUD, checks, pictures, audit, storefront. */

/** Puts bytes (a real 1×1 PNG unless told) through /upload-url like the browser does; answers the stored url (`s3/…`). */
async function upload(admin: TestAdmin, bytes?: Buffer, contentType = 'image/png'): Promise<string> {
  return (await uploadAs(admin, 'image', bytes ?? (await png({ colour: [180, 150, 90] })), contentType)).url;
}

/** Whether a stored file is still in the bucket (the gateway serves it under /media/). */
const stored = servedAtMedia;

/** This suite's admin's audit entries: other suites write theirs on the same stack meanwhile. */
async function auditCount(): Promise<number> {
  return (await itemsWithPrefix('AUDIT#')).filter((a) => a.admin === admin.username).length;
}

async function auditOf(entityId: string) {
  const all = await itemsWithPrefix('AUDIT#');
  return all
    .filter((a) => a.entityId === entityId)
    .sort((a, b) => String(a.at).localeCompare(String(b.at))) as {
    admin: string;
    action: string;
    entity: string;
    before?: Record<string, unknown>;
    after?: Record<string, unknown>;
  }[];
}

interface SizeRow extends SizeEntity {
  typeName?: string;
}
interface Page<T> {
  status: number;
  pageCount: number;
  total: number;
  list: T[];
}

let admin: TestAdmin;
const gowns = typeEntity({ name: 'Gowns for sizes', gender: 2 });
const capes = typeEntity({ name: 'Capes for sizes', gender: 0 });

beforeAll(async () => {
  admin = await loggedInAdmin();
  await store({ type: gowns });
  await store({ type: capes });
});

async function createSize(fields: Record<string, unknown>) {
  const answer = await adminApi<{ size: SizeRow; message: string }>(admin, '/sizes', {
    method: 'POST',
    json: { typeId: gowns.id, gender: 0, ...fields },
  });
  return answer;
}

async function createGuide(sizeId: string, fields: Record<string, unknown> = {}) {
  return adminApi<{ guide: SizeGuideEntity; message: string }>(admin, '/size-guide', {
    method: 'POST',
    json: { sizeId, name: 'Bust', type: 1, gender: 0, fromCm: 86, toCm: 90, ...fields },
  });
}

describe('sizes', () => {
  // A size's guides share the demo's guide photographs: made meanwhile on a first run.
  beforeAll(waitForDemoPictures, DEMO_PICTURES_WAIT_MS);
  it('creates a size at the end of its collection, audited, and the storefront lists it', async () => {
    const first = await createSize({ name: 'S', index: 1, description: 'small, for women' });
    expect(first.status, first.text).toBe(200);
    const second = await createSize({ name: 'M', menDescription: 'medium, for men', gender: '2' });
    expect(second.status, second.text).toBe(200);
    expect(second.body.size).toMatchObject({ name: 'M', gender: 2, index: 2, typeName: gowns.name });
    const raw = await getRaw(`SIZE#${second.body.size.id}`, '#SIZE');
    expect(raw).toMatchObject({
      kind: 'size',
      typeId: gowns.id,
      gsi1pk: `TYPE#${gowns.id}`,
      gsi1sk: `#TYPE#SIZE#0002#${second.body.size.id}`,
      menDescription: 'medium, for men',
    });
    expect(raw?.description).toBeUndefined();
    const audit = await auditOf(second.body.size.id);
    expect(audit).toMatchObject([
      { admin: admin.username, action: 'create', entity: 'size', after: { name: 'M', typeId: gowns.id } },
    ]);
    expect(audit[0]?.before).toBeUndefined();

    const shop = await api<{ list: { size: string; sizeId: string }[] }>(
      `/sizes-by-type?tid=${gowns.id}&gender=0`,
    );
    expect(shop.body.list.map((s) => s.size)).toEqual(['S', 'M']);
    const has = await api<{ hasSizes: boolean }>(`/has-sizes?id=${gowns.id}`);
    expect(has.body.hasSizes).toBe(true);
  });

  it('reads one size, and lists sizes 10 a page, by collection or all, with collection names', async () => {
    const type = typeEntity({ name: 'Twelve sizes' });
    await store({ type });
    for (let i = 1; i <= 12; i++) {
      const made = await adminApi<{ size: SizeRow }>(admin, '/sizes', {
        method: 'POST',
        json: { typeId: type.id, name: `N${i}`, gender: 0, index: 13 - i },
      });
      expect(made.status, made.text).toBe(200);
    }
    const page1 = await adminApi<Page<SizeRow>>(admin, `/sizes?typeId=${type.id}`);
    expect(page1.body).toMatchObject({ status: 200, pageCount: 2, total: 12 });
    expect(page1.body.list.map((s) => s.name)).toEqual([
      'N12',
      'N11',
      'N10',
      'N9',
      'N8',
      'N7',
      'N6',
      'N5',
      'N4',
      'N3',
    ]);
    expect(page1.body.list[0]?.typeName).toBe('Twelve sizes');
    const page2 = await adminApi<Page<SizeRow>>(admin, `/sizes?typeId=${type.id}&offset=10&pageSize=10`);
    expect(page2.body.list.map((s) => s.name)).toEqual(['N2', 'N1']);
    expect(page2.body.list[0]).not.toHaveProperty('pk');

    const all = await adminApi<Page<SizeRow>>(admin, '/sizes?offset=0&pageSize=100');
    expect(all.body.total).toBeGreaterThanOrEqual(14);
    const mine = all.body.list.filter((s) => s.typeId === type.id);
    expect(mine.map((s) => s.name)).toEqual([
      'N12',
      'N11',
      'N10',
      'N9',
      'N8',
      'N7',
      'N6',
      'N5',
      'N4',
      'N3',
      'N2',
      'N1',
    ]);
    expect(all.body.list.find((s) => s.typeId === gowns.id)?.typeName).toBe(gowns.name);

    const one = await adminApi<{ size: SizeRow }>(admin, `/size?id=${page2.body.list[1]?.id}`);
    expect(one.body.size).toMatchObject({ name: 'N1', index: 12, typeName: 'Twelve sizes' });
    expect((await adminApi(admin, '/size?id=no-such-size')).status).toBe(404);
    expect((await adminApi(admin, '/sizes?typeId=no-such-type')).status).toBe(404);
  });

  it('edits a size: blank text removed, meaning videos kept, moved in order; audited before/after', async () => {
    const size: SizeEntity = {
      kind: 'size',
      id: uniqueId('s'),
      typeId: capes.id,
      name: 'L',
      gender: 0,
      index: 3,
      description: 'large',
      menDescription: 'large for men',
      womenMeaning: 's3/videos/meaning.mp4',
    };
    await store({ type: capes, sizes: [size] });
    const answer = await adminApi<{ size: SizeRow }>(admin, '/sizes', {
      method: 'PATCH',
      json: {
        id: size.id,
        typeId: capes.id,
        name: 'XL',
        gender: 0,
        index: '1',
        description: 'extra large',
        menDescription: '',
      },
    });
    expect(answer.status, answer.text).toBe(200);
    const raw = await getRaw(`SIZE#${size.id}`, '#SIZE');
    expect(raw).toMatchObject({
      name: 'XL',
      index: 1,
      description: 'extra large',
      womenMeaning: 's3/videos/meaning.mp4',
      gsi1sk: `#TYPE#SIZE#0001#${size.id}`,
    });
    expect(raw?.menDescription).toBeUndefined();
    const [entry] = await auditOf(size.id);
    expect(entry).toMatchObject({
      action: 'update',
      before: { name: 'L', menDescription: 'large for men' },
      after: { name: 'XL', description: 'extra large' },
    });
    const shop = await api<{ list: { size: string; description?: string }[] }>(
      `/sizes-by-type?tid=${capes.id}&gender=0`,
    );
    expect(shop.body.list).toContainEqual(
      expect.objectContaining({ size: 'XL', description: 'extra large' }),
    );
  });

  it('refuses bad input with 400 and writes nothing', async () => {
    // Sizes this test's requests could have made (other files add sizes to the shared table meanwhile).
    const mine = async () =>
      (await itemsWithPrefix('SIZE#')).filter(
        (item) =>
          item.typeId === gowns.id ||
          item.typeId === 'no-such-type' ||
          ['Q', '   ', 'X'.repeat(41)].includes(String(item.name)),
      ).length;
    const before = { audit: await auditCount(), sizes: await mine() };
    const bad: [string, Record<string, unknown>, string][] = [
      ['POST', { gender: 0 }, ADMIN_MESSAGES.fillAllBlanks],
      ['POST', { name: '   ', gender: 0 }, ADMIN_MESSAGES.fillAllBlanks],
      ['POST', { name: 'X'.repeat(41), gender: 0 }, 'at most 40 characters'],
      ['POST', { name: 'Q', gender: 3 }, 'gender'],
      ['POST', { name: 'Q', gender: 'women' }, 'gender'],
      ['POST', { name: 'Q', gender: 0, index: -1 }, 'index'],
      ['POST', { name: 'Q', gender: 0, index: 'first' }, 'index'],
      ['POST', { name: 'Q', gender: 0, typeId: 'no-such-type' }, 'existing collection'],
      ['POST', { name: 'Q', gender: 0, typeId: '' }, ADMIN_MESSAGES.fillAllBlanks],
      ['POST', { name: 'Q', gender: 0, description: 'd'.repeat(2001) }, 'description'],
      ['PATCH', { name: 'Q', gender: 0 }, 'id'],
    ];
    for (const [method, fields, says] of bad) {
      const answer = await adminApi<{ message: string }>(admin, '/sizes', {
        method,
        json: { typeId: gowns.id, ...fields },
      });
      expect(answer.status, `${method} ${JSON.stringify(fields)}: ${answer.text}`).toBe(400);
      expect(answer.body.message).toContain(says);
    }
    const notJson = await adminApi(admin, '/sizes', {
      method: 'POST',
      body: 'name=Q',
      headers: { 'content-type': 'application/json' },
    });
    expect(notJson.status).toBe(400);
    expect({ audit: await auditCount(), sizes: await mine() }).toEqual(before);
  });

  it('refuses a second size of the same name a shopper could see (409)', async () => {
    const type = typeEntity({ gender: 2 });
    await store({ type });
    expect(
      (await adminApi(admin, '/sizes', { method: 'POST', json: { typeId: type.id, name: 'M', gender: 0 } }))
        .status,
    ).toBe(200);
    const clash = await adminApi<{ message: string }>(admin, '/sizes', {
      method: 'POST',
      json: { typeId: type.id, name: 'm', gender: 2 },
    });
    expect(clash).toMatchObject({
      status: 409,
      body: { message: 'this collection already has a size named M' },
    });
    // Men's M does not clash with women's M.
    expect(
      (await adminApi(admin, '/sizes', { method: 'POST', json: { typeId: type.id, name: 'M', gender: 1 } }))
        .status,
    ).toBe(200);
  });

  it('refuses to delete a size products use, or to move it; renaming it renames it on them', async () => {
    const type = typeEntity();
    const size: SizeEntity = {
      kind: 'size',
      id: uniqueId('s'),
      typeId: type.id,
      name: '40',
      gender: 0,
      index: 1,
    };
    const product = productEntity(type, { name: 'Oxford in 40', size: '40', sizeId: size.id });
    await store({ type, sizes: [size], products: [product] });

    const refused = await adminApi<{ message: string }>(admin, `/sizes?id=${size.id}`, { method: 'DELETE' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      'size 40 cannot be deleted: 1 product(s) still use it ("Oxford in 40"). change their size or delete them first.',
    );
    expect(await getRaw(`SIZE#${size.id}`, '#SIZE')).toBeDefined();

    const moved = await adminApi<{ message: string }>(admin, '/sizes', {
      method: 'PATCH',
      json: { id: size.id, typeId: capes.id, name: '40', gender: 0 },
    });
    expect(moved.status).toBe(409);
    expect(moved.body.message).toContain('cannot move to another collection');
    expect(await getRaw(`SIZE#${size.id}`, '#SIZE')).toMatchObject({ typeId: type.id });

    const renamed = await adminApi(admin, '/sizes', {
      method: 'PATCH',
      json: { id: size.id, typeId: type.id, name: 'EU 40', gender: 0 },
    });
    expect(renamed.status, renamed.text).toBe(200);
    expect(await getRaw(`PRODUCT#${product.id}`, '#PRODUCT')).toMatchObject({
      size: 'EU 40',
      sizeId: size.id,
    });
    const [entry] = await auditOf(size.id);
    expect(entry?.after).toMatchObject({ name: 'EU 40', renamedInProducts: [product.id] });
    const colors = await api<{ colors: unknown[] }>(
      `/getNextColor?gender=0&index=0&typeId=${type.id}&size=${encodeURIComponent('EU 40')}`,
    );
    expect(colors.body.colors).toEqual([{ color: 'black' }]);
  });

  it('deletes a size with its guides and their uploaded pictures, but not shared pictures', async () => {
    const made = await createSize({ name: 'Gone' });
    const sizeId = made.body.size.id;
    const guide = (await createGuide(sizeId)).body.guide;
    const picture = await upload(admin);
    expect(
      (
        await adminApi(admin, '/upload-sg-img', {
          method: 'POST',
          json: { id: guide.id, sizeId, type: 'imageUrl', url: picture },
        })
      ).status,
    ).toBe(200);
    const shared: SizeGuideEntity = {
      ...guide,
      id: uniqueId('g'),
      imageUrl: 's3/collection_images/guides/form.jpg',
    };
    await store({ type: gowns, guides: [shared] });
    expect(await stored(picture)).toBe(true);

    const gone = await adminApi(admin, `/sizes?id=${sizeId}`, { method: 'DELETE' });
    expect(gone.status, gone.text).toBe(200);
    expect(await itemsWithPrefix(`SIZE#${sizeId}`)).toEqual([]);
    expect(await stored(picture)).toBe(false);
    expect(await stored('s3/collection_images/guides/form.jpg')).toBe(true);
    const audit = await auditOf(sizeId);
    expect(audit.at(-1)).toMatchObject({ action: 'delete', entity: 'size', before: { name: 'Gone' } });
    expect(audit.at(-1)?.before?.guides).toHaveLength(2);
    expect((await adminApi(admin, `/sizes?id=${sizeId}`, { method: 'DELETE' })).status).toBe(404);
    expect((await api(`/sizes-by-type?tid=${gowns.id}&gender=0`)).text).not.toContain('Gone');
  });
});

describe('size guides', () => {
  let size: SizeRow;
  beforeAll(async () => {
    size = (await createSize({ name: 'Guided', gender: 0 })).body.size;
  });

  it('creates entries (the other unit filled in), lists them in order, reads, edits and deletes one, audited', async () => {
    const bust = await createGuide(size.id, { description: 'around the fullest part' });
    expect(bust.status, bust.text).toBe(200);
    expect(bust.body.guide).toMatchObject({
      sizeId: size.id,
      index: 1,
      fromCm: '86',
      toCm: '90',
      fromInches: '33.9',
      toInches: '35.4',
      type: 1,
      gender: 0,
    });
    const waist = await createGuide(size.id, {
      name: 'Waist',
      type: '2',
      index: 0,
      fromCm: '',
      toCm: '',
      fromInches: '27',
      toInches: null,
    });
    expect(waist.status, waist.text).toBe(200);
    expect(waist.body.guide).toMatchObject({ fromInches: '27', fromCm: '68.6', index: 0 });
    expect(waist.body.guide.toCm).toBeUndefined();

    const list = await adminApi<Page<SizeGuideEntity> & { size: SizeRow }>(
      admin,
      `/size-guides?sizeId=${size.id}`,
    );
    expect(list.body).toMatchObject({
      status: 200,
      total: 2,
      pageCount: 1,
      size: { name: 'Guided', typeName: gowns.name },
    });
    expect(list.body.list.map((g) => g.name)).toEqual(['Waist', 'Bust']);

    const one = await adminApi<{ guide: SizeGuideEntity }>(
      admin,
      `/size-guide?id=${bust.body.guide.id}&sizeId=${size.id}`,
    );
    expect(one.body.guide).toMatchObject({ name: 'Bust', description: 'around the fullest part' });

    const edited = await adminApi<{ guide: SizeGuideEntity }>(admin, '/size-guide', {
      method: 'PATCH',
      json: {
        id: bust.body.guide.id,
        sizeId: size.id,
        name: 'Bust (tape level)',
        type: 3,
        gender: 1,
        fromCm: 88,
        description: '',
      },
    });
    expect(edited.status, edited.text).toBe(200);
    const raw = await getRaw(`SIZE#${size.id}`, `GUIDE#${bust.body.guide.id}`);
    expect(raw).toMatchObject({
      name: 'Bust (tape level)',
      type: 3,
      gender: 1,
      fromCm: '88',
      fromInches: '34.6',
      index: 1,
    });
    expect(raw?.toCm).toBeUndefined();
    expect(raw?.description).toBeUndefined();

    const shop = await api<{ list: { name: string }[] }>(
      `/size-guides-for-product?sizeId=${size.id}&gender=0`,
    );
    expect(shop.body.list.map((g) => g.name)).toEqual(['Waist']);
    const men = await api<{ list: { name: string; fromCm: string }[] }>(
      `/size-guides-for-product?sizeId=${size.id}&gender=1`,
    );
    expect(men.body.list).toMatchObject([{ name: 'Bust (tape level)', fromCm: '88' }]);

    const gone = await adminApi(admin, `/size-guide?id=${waist.body.guide.id}&sizeId=${size.id}`, {
      method: 'DELETE',
    });
    expect(gone.status).toBe(200);
    expect(await getRaw(`SIZE#${size.id}`, `GUIDE#${waist.body.guide.id}`)).toBeUndefined();
    expect((await adminApi(admin, `/size-guide?id=${waist.body.guide.id}&sizeId=${size.id}`)).status).toBe(
      404,
    );

    expect((await auditOf(bust.body.guide.id)).map((a) => a.action)).toEqual(['create', 'update']);
    const waistAudit = await auditOf(waist.body.guide.id);
    expect(waistAudit.map((a) => a.action)).toEqual(['create', 'delete']);
    expect(waistAudit[1]?.before).toMatchObject({ name: 'Waist' });
  });

  it('refuses bad entries with 400 and writes nothing ("a size guide needs a size id")', async () => {
    const before = {
      audit: await auditCount(),
      guides: (await itemsWithPrefix(`SIZE#${size.id}`)).length,
    };
    const bad: [Record<string, unknown>, string][] = [
      [{ sizeId: undefined }, 'a size guide needs a size id'],
      [{ sizeId: '' }, 'a size guide needs a size id'],
      [{ name: '' }, ADMIN_MESSAGES.fillAllBlanks],
      [{ type: 6 }, 'type'],
      [{ type: 0 }, 'type'],
      [{ gender: 2 }, 'gender'],
      [{ fromCm: 'wide' }, 'fromCm: must be a number'],
      [{ fromCm: -1 }, 'cannot be negative'],
      [{ fromCm: 90, toCm: 86 }, 'from must not be more than to (cm)'],
      [{ fromCm: undefined, fromInches: 36, toInches: 35 }, 'from must not be more than to (inches)'],
      [{ toCm: undefined }, 'a range needs both from and to (cm)'],
      [{ fromCm: undefined, toCm: undefined }, 'give the measurement in cm or in inches'],
      [{ index: 1.5 }, 'index'],
      [{ description: 'x'.repeat(1001) }, 'description'],
    ];
    for (const [fields, says] of bad) {
      const answer = await createGuide(size.id, fields);
      expect(answer.status, `${JSON.stringify(fields)}: ${answer.text}`).toBe(400);
      expect(answer.body.message).toContain(says);
    }
    const noSize = await createGuide('no-such-size');
    expect(noSize.status).toBe(404);
    const patchNoSize = await adminApi<{ message: string }>(admin, '/size-guide', {
      method: 'PATCH',
      json: { id: 'g-x', name: 'x', type: 1, gender: 0, fromCm: 1, toCm: 2 },
    });
    expect(patchNoSize).toMatchObject({
      status: 400,
      body: { message: 'sizeId: a size guide needs a size id' },
    });
    expect((await adminApi(admin, '/size-guide?id=g-x')).status).toBe(400);
    expect((await adminApi(admin, '/size-guides')).status).toBe(400);
    expect({
      audit: await auditCount(),
      guides: (await itemsWithPrefix(`SIZE#${size.id}`)).length,
    }).toEqual(before);
  });

  it('sets, replaces and removes pictures; the replaced file is deleted; each change audited', async () => {
    const guide = (await createGuide(size.id, { name: 'Pictured' })).body.guide;
    const ref = { id: guide.id, sizeId: size.id };
    const first = await upload(admin);
    const set = await adminApi<{ guide: SizeGuideEntity }>(admin, '/upload-sg-img', {
      method: 'POST',
      json: { ...ref, type: 'imageUrl', url: first },
    });
    expect(set.status, set.text).toBe(200);
    expect(set.body.guide.imageUrl).toBe(first);
    expect(await getRaw(`SIZE#${size.id}`, `GUIDE#${guide.id}`)).toMatchObject({ imageUrl: first });
    expect(await itemsWithPrefix(`UPLOAD#${first.slice(3)}`)).toEqual([]);

    const second = await upload(admin);
    const replaced = await adminApi(admin, '/upload-sg-img', {
      method: 'POST',
      json: { ...ref, type: 'imageUrl', url: second },
    });
    expect(replaced.status, replaced.text).toBe(200);
    expect(await stored(second)).toBe(true);
    expect(await stored(first)).toBe(false);

    const large = await upload(admin);
    expect(
      (
        await adminApi(admin, '/upload-sg-img', {
          method: 'POST',
          json: { ...ref, type: 'largeImgUrl', url: large },
        })
      ).status,
    ).toBe(200);
    const shop = await api<{ list: { imageUrl: string; largeImgUrl: string }[] }>(
      `/size-guides-for-product?sizeId=${size.id}&gender=0`,
    );
    expect(shop.body.list.find((g) => g.imageUrl === second)?.largeImgUrl).toBe(large);

    // A used upload cannot be used twice; a file that is not what it claims is refused and deleted.
    const reused = await adminApi(admin, '/upload-sg-img', {
      method: 'POST',
      json: { ...ref, type: 'largeImgUrl', url: second },
    });
    expect(reused.status).toBe(400);
    const fake = await upload(admin, Buffer.from('GIF89a-not-a-png-at-all'), 'image/png');
    const refused = await adminApi(admin, '/upload-sg-img', {
      method: 'POST',
      json: { ...ref, type: 'imageUrl', url: fake },
    });
    expect(refused.status).toBe(400);
    expect(await stored(fake)).toBe(false);
    expect(
      (
        await adminApi(admin, '/upload-sg-img', {
          method: 'POST',
          json: { ...ref, type: 'thumb', url: second },
        })
      ).status,
    ).toBe(400);

    const removed = await adminApi(admin, `/sg-img?id=${guide.id}&sizeId=${size.id}&type=largeImgUrl`, {
      method: 'DELETE',
    });
    expect(removed.status, removed.text).toBe(200);
    const raw = await getRaw(`SIZE#${size.id}`, `GUIDE#${guide.id}`);
    expect(raw?.largeImgUrl).toBeUndefined();
    expect(raw?.imageUrl).toBe(second);
    expect(await stored(large)).toBe(false);
    expect(
      (
        await adminApi(admin, `/sg-img?id=${guide.id}&sizeId=${size.id}&type=largeImgUrl`, {
          method: 'DELETE',
        })
      ).status,
    ).toBe(404);

    // Editing the entry keeps its pictures.
    const edited = await adminApi(admin, '/size-guide', {
      method: 'PATCH',
      json: { ...ref, name: 'Pictured again', type: 4, gender: 0, fromCm: 150 },
    });
    expect(edited.status, edited.text).toBe(200);
    expect(await getRaw(`SIZE#${size.id}`, `GUIDE#${guide.id}`)).toMatchObject({
      imageUrl: second,
      name: 'Pictured again',
    });

    const audit = await auditOf(guide.id);
    expect(audit.map((a) => a.action)).toEqual([
      'create',
      'upload',
      'upload',
      'upload',
      'delete-image',
      'update',
    ]);
    expect(audit[2]).toMatchObject({ before: { imageUrl: first }, after: { imageUrl: second } });

    const deleted = await adminApi(admin, `/size-guide?id=${guide.id}&sizeId=${size.id}`, {
      method: 'DELETE',
    });
    expect(deleted.status).toBe(200);
    expect(await stored(second)).toBe(false);
  });
});
