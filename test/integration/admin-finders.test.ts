import { beforeAll, describe, expect, it } from 'vitest';
import type { CollectionEntity } from '#catalog/entities/collection.ts';
import { ADMIN_MESSAGES } from '#shared/admin.ts';
import type { OptionEntity, StepEntity } from '#size-finder/entities/size-finder.ts';
import { adminApi, loggedInAdmin, type TestAdmin } from '../support/admin.ts';
import { api } from '../support/api.ts';
import { getRaw, itemsWithPrefix } from '../support/db.ts';
import { store, typeEntity, uniqueId } from '../support/fixtures.ts';
import { mp4, png, type Rgb, servedAtMedia, uploadAs } from '../support/media.ts';

/** Size finders in the admin (001 §2, §3, §7): finders, steps, options, their media, and answers. */

/** A real 2×2 PNG: red, blue / green, white. */
const quarters: Rgb[] = [
  [200, 30, 30],
  [20, 20, 200],
  [30, 200, 30],
  [240, 240, 240],
];
const picture = () => png({ size: 2, colour: (x, y) => quarters[y * 2 + x] as Rgb });

async function upload(admin: TestAdmin, kind: 'image' | 'video', bytes?: Buffer) {
  const contentType = kind === 'image' ? 'image/png' : 'video/mp4';
  return (await uploadAs(admin, kind, bytes ?? (kind === 'image' ? await picture() : mp4()), contentType))
    .url;
}

/** Whether a stored file is still in the bucket (the gateway serves it at /media/). */
const stored = servedAtMedia;

interface Step extends StepEntity {
  optionCount: number;
}
interface PublicStep {
  stepId: string;
  sIndex: number;
  shortName: string;
  type: number;
  imgUrl?: string;
  videoUrl?: string;
  options: { index: number; text: string; imageUrl?: string }[];
}

const storefront = async (tid: string, gender: number) =>
  (await api<{ status: number; list: PublicStep[] }>(`/all-steps-by-tid?tid=${tid}&gender=${gender}`)).body
    .list;

const auditOf = async (admin: TestAdmin) =>
  (await itemsWithPrefix('AUDIT#'))
    .filter((a) => a.admin === admin.username)
    .sort((a, b) => String(a.at).localeCompare(String(b.at)));

const finderItems = async (fid: string) => itemsWithPrefix(`FINDER#${fid}`);

let admin: TestAdmin;
const women = typeEntity({ name: 'Finder gowns', gender: 0 });
const unisex = typeEntity({ name: 'Finder scarves', gender: 2 });
const men = typeEntity({ name: 'Finder shoes', gender: 1 });

beforeAll(async () => {
  admin = await loggedInAdmin();
  await store({ type: women });
  await store({ type: unisex });
  await store({ type: men });
});

async function createFinder(type: CollectionEntity, gender: 0 | 1) {
  const answer = await adminApi<{ id: string }>(admin, '/size-finder', {
    method: 'POST',
    json: { typeId: type.id, gender },
  });
  expect(answer.status, answer.text).toBe(200);
  return answer.body.id;
}

async function createStep(fid: string, index: number, type: number, shortName: string) {
  const answer = await adminApi<{ id: string; step: Step }>(admin, '/step', {
    method: 'POST',
    json: { sizeFinderId: fid, index, type, shortName, description: `question about ${shortName}` },
  });
  expect(answer.status, answer.text).toBe(200);
  return answer.body.id;
}

async function createOption(fid: string, stepsId: string, index: number, content: string) {
  const answer = await adminApi<{ id: string; option: OptionEntity }>(admin, '/option', {
    method: 'POST',
    json: { sizeFinderId: fid, stepsId, index, content },
  });
  expect(answer.status, answer.text).toBe(200);
  return answer.body.id;
}

describe('building a size finder', () => {
  it('creates a finder with steps of every type and options, which the storefront reads in order', async () => {
    const fid = await createFinder(women, 0);
    const email = await createStep(fid, 6, 4, 'email');
    const single = await createStep(fid, 1, 1, 'fit');
    const value = await createStep(fid, 2, 2, 'bust');
    const three = await createStep(fid, 3, 3, 'neckline');
    const height = await createStep(fid, 4, 5, 'height');
    const many = await createStep(fid, 5, 6, 'heel');
    await createOption(fid, single, 2, 'Flowing');
    await createOption(fid, single, 1, 'Close');
    for (const [i, text] of ['Square', 'V-neck', 'Round'].entries()) await createOption(fid, three, i, text);
    await createOption(fid, many, 0, '2 cm');
    await createOption(fid, many, 1, '5 cm');

    const list = await storefront(women.id, 0);
    expect(list.map((s) => [s.sIndex, s.type, s.shortName])).toEqual([
      [1, 1, 'fit'],
      [2, 2, 'bust'],
      [3, 3, 'neckline'],
      [4, 5, 'height'],
      [5, 6, 'heel'],
      [6, 4, 'email'],
    ]);
    expect(list.map((s) => s.stepId)).toEqual([single, value, three, height, many, email]);
    expect(list[0]?.options.map((o) => o.text)).toEqual(['Close', 'Flowing']);
    expect(list[2]?.options.map((o) => o.text)).toEqual(['Square', 'V-neck', 'Round']);
    expect(await storefront(women.id, 1)).toEqual([]);

    const finders = await adminApi<{ list: { id: string; numberOfSteps: number; gender: number }[] }>(
      admin,
      `/size-finder?tid=${women.id}`,
    );
    expect(finders.body).toMatchObject({
      status: 200,
      type: { id: women.id, name: women.name, gender: 0 },
      pageCount: 1,
      total: 1,
      list: [{ id: fid, typeId: women.id, gender: 0, numberOfSteps: 6, hasEmailStep: true }],
    });
    const steps = await adminApi<{ list: Step[]; finder: { numberOfSteps: number } }>(
      admin,
      `/all-steps?id=${fid}`,
    );
    expect(steps.body.list.map((s) => [s.shortName, s.optionCount])).toEqual([
      ['fit', 2],
      ['bust', 0],
      ['neckline', 3],
      ['height', 0],
      ['heel', 2],
      ['email', 0],
    ]);
    expect(steps.body.list[0]).not.toHaveProperty('pk');
    const byId = await adminApi(admin, `/size-finder-id?id=${fid}`);
    expect(byId.body).toMatchObject({ id: fid, finder: { numberOfSteps: 6 }, type: { name: women.name } });
    const byTypeAndGender = await adminApi(admin, `/size-finder-id?tid=${women.id}&gender=0`);
    expect(byTypeAndGender.body).toMatchObject({ id: fid });
    expect((await adminApi(admin, `/size-finder-id?tid=${women.id}&gender=1`)).status).toBe(404);
    const options = await adminApi<{ list: OptionEntity[]; step: Step }>(
      admin,
      `/all-options?id=${three}&sizeFinderId=${fid}`,
    );
    expect(options.body.step).toMatchObject({ id: three, shortName: 'neckline' });
    expect(options.body.list.map((o) => [o.index, o.content])).toEqual([
      [0, 'Square'],
      [1, 'V-neck'],
      [2, 'Round'],
    ]);
    const one = await adminApi<{ option: OptionEntity }>(
      admin,
      `/option?id=${options.body.list[1]?.id}&sizeFinderId=${fid}`,
    );
    expect(one.body.option).toMatchObject({ content: 'V-neck', stepsId: three, sizeFinderId: fid });
    const step = await adminApi(admin, `/step?id=${value}&sizeFinderId=${fid}`);
    expect(step.body).toMatchObject({ step: { id: value, type: 2, shortName: 'bust', index: 2 } });
  });

  it('says whether a finder asks for the email, so staff are warned of one that cannot answer', async () => {
    const quiet = typeEntity({ name: 'Quiet capes', gender: 0 });
    await store({ type: quiet });
    const fid = await createFinder(quiet, 0);
    const emailOf = async () => ({
      list: (await adminApi<{ list: { hasEmailStep: boolean }[] }>(admin, `/size-finder?tid=${quiet.id}`))
        .body.list[0]?.hasEmailStep,
      steps: (await adminApi<{ hasEmailStep: boolean }>(admin, `/all-steps?id=${fid}`)).body.hasEmailStep,
    });
    expect(await emailOf()).toEqual({ list: false, steps: false });
    await createStep(fid, 1, 1, 'fit');
    expect(await emailOf()).toEqual({ list: false, steps: false });
    const email = await createStep(fid, 2, 4, 'email');
    expect(await emailOf()).toEqual({ list: true, steps: true });
    const removed = await adminApi(admin, `/step?id=${email}&sizeFinderId=${fid}`, { method: 'DELETE' });
    expect(removed.status, removed.text).toBe(200);
    expect(await emailOf()).toEqual({ list: false, steps: false });
  });

  it('allows one finder per collection and gender, for the genders the collection is for', async () => {
    await createFinder(men, 1);
    const again = await adminApi(admin, '/size-finder', {
      method: 'POST',
      json: { typeId: men.id, gender: 1 },
    });
    expect(again).toMatchObject({ status: 409, body: { message: expect.stringContaining('already') } });
    const wrongGender = await adminApi(admin, '/size-finder', {
      method: 'POST',
      json: { typeId: men.id, gender: 0 },
    });
    expect(wrongGender.status).toBe(400);
    const both = await Promise.all([
      adminApi(admin, '/size-finder', { method: 'POST', json: { typeId: unisex.id, gender: 0 } }),
      adminApi(admin, '/size-finder', { method: 'POST', json: { typeId: unisex.id, gender: 0 } }),
    ]);
    expect(both.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(
      (await adminApi(admin, '/size-finder', { method: 'POST', json: { typeId: unisex.id, gender: 1 } }))
        .status,
    ).toBe(200);
    const nowhere = await adminApi(admin, '/size-finder', {
      method: 'POST',
      json: { typeId: uniqueId('nope'), gender: 0 },
    });
    expect(nowhere.status).toBe(404);
    const finders = await adminApi<{ list: { gender: number }[] }>(admin, `/size-finder?tid=${unisex.id}`);
    expect(finders.body.list.map((f) => f.gender)).toEqual([0, 1]);
  });
});

describe('bad input', () => {
  it('answers 400 and writes nothing', async () => {
    const type = typeEntity({ name: 'Finder errors', gender: 0 });
    await store({ type });
    const fid = await createFinder(type, 0);
    const emailStep = await createStep(fid, 1, 4, 'email');
    const choice = await createStep(fid, 2, 1, 'fit');
    const optionId = await createOption(fid, choice, 0, 'Close');
    const before = { audit: (await auditOf(admin)).length, items: await finderItems(fid) };

    const bad: [string, string, unknown, string?][] = [
      ['POST', '/step', { sizeFinderId: fid, index: 3, type: 7, shortName: 'x', description: 'y' }, 'type'],
      ['POST', '/step', { sizeFinderId: fid, index: -1, type: 1, shortName: 'x', description: 'y' }, 'index'],
      [
        'POST',
        '/step',
        { sizeFinderId: fid, index: 1.5, type: 1, shortName: 'x', description: 'y' },
        'index',
      ],
      [
        'POST',
        '/step',
        { sizeFinderId: fid, index: '3', type: 1, shortName: 'x', description: 'y' },
        'index',
      ],
      [
        'POST',
        '/step',
        { sizeFinderId: fid, index: 3, type: 1, shortName: '  ', description: 'y' },
        ADMIN_MESSAGES.fillAllBlanks,
      ],
      [
        'POST',
        '/step',
        { sizeFinderId: fid, index: 3, type: 1, description: 'y' },
        ADMIN_MESSAGES.fillAllBlanks,
      ],
      [
        'POST',
        '/step',
        { sizeFinderId: fid, index: 1, type: 1, shortName: 'x', description: 'y' },
        'already',
      ],
      ['POST', '/step', { sizeFinderId: fid, index: 3, type: 1, shortName: 'x', description: 'y', extra: 1 }],
      ['PATCH', '/step', { id: choice, sizeFinderId: fid, index: 1 }, 'already'],
      ['PATCH', '/step', { id: choice, sizeFinderId: fid, type: 2 }, 'options'],
      ['PATCH', '/step', { id: choice, sizeFinderId: fid, description: '' }, ADMIN_MESSAGES.fillAllBlanks],
      ['POST', '/option', { sizeFinderId: fid, stepsId: emailStep, index: 0, content: 'x' }, 'no options'],
      [
        'POST',
        '/option',
        { sizeFinderId: fid, stepsId: choice, index: 0, content: '' },
        ADMIN_MESSAGES.fillAllBlanks,
      ],
      ['PATCH', '/option', { id: optionId, sizeFinderId: fid, index: 10_000 }, 'index'],
      ['PATCH', '/size-finder', { id: fid, numberOfSteps: 5 }, 'numberOfSteps'],
      ['PATCH', '/size-finder', { id: fid, gender: 1 }, 'gender'],
      ['PATCH', '/size-finder', { id: fid, gender: 3 }, 'gender'],
      ['PATCH', '/size-finder', { id: fid, typeId: women.id }, 'typeId'],
      ['POST', '/size-finder', { typeId: type.id, gender: 'women' }, 'gender'],
      ['POST', '/size-finder', { typeId: unisex.id, gender: 1, numberOfSteps: 4 }, 'numberOfSteps'],
      ['POST', '/upload-step-img', { id: choice, sizeFinderId: fid, url: 's3/collection_images/forged.png' }],
      [
        'POST',
        '/upload-option-img',
        { id: optionId, sizeFinderId: fid, url: 'https://elsewhere.example/a.png' },
      ],
      ['DELETE', `/step?id=${choice}`, undefined, 'sizeFinderId'],
      ['GET', `/all-steps?id=${fid}&offset=-1`, undefined, 'offset'],
    ];
    for (const [method, path, json, says] of bad) {
      const answer = await adminApi<{ message: string }>(admin, path, {
        method,
        ...(json === undefined ? {} : { json }),
      });
      expect(answer.status, `${method} ${path} ${JSON.stringify(json)}: ${answer.text}`).toBe(400);
      expect(typeof answer.body.message).toBe('string');
      if (says) expect(answer.body.message, `${method} ${path}`).toContain(says);
    }
    // The video upload refuses a picture (the kind the ticket was made for).
    const picture = await upload(admin, 'image');
    const asVideo = await adminApi(admin, '/upload-step-video', {
      method: 'POST',
      json: { id: choice, sizeFinderId: fid, url: picture },
    });
    expect(asVideo.status).toBe(400);
    // A file that is not what it says it is: refused and deleted.
    const fake = await upload(admin, 'image', Buffer.from('GIF89a not a png at all, but long enough'));
    const refused = await adminApi(admin, '/upload-option-img', {
      method: 'POST',
      json: { id: optionId, sizeFinderId: fid, url: fake },
    });
    expect(refused.status).toBe(400);
    expect(await stored(fake)).toBe(false);

    expect({ audit: (await auditOf(admin)).length, items: await finderItems(fid) }).toEqual(before);
    expect((await adminApi(admin, `/all-steps?id=${uniqueId('nope')}`)).status).toBe(404);
    expect((await adminApi(admin, `/step?id=${uniqueId('nope')}&sizeFinderId=${fid}`)).status).toBe(404);
    expect((await adminApi(admin, `/size-finder?tid=${uniqueId('nope')}`)).status).toBe(404);
  });
});

describe('editing', () => {
  it('moves a step and its options when its index changes, and edits options', async () => {
    const type = typeEntity({ name: 'Finder edits', gender: 0 });
    await store({ type });
    const fid = await createFinder(type, 0);
    const a = await createStep(fid, 1, 3, 'first');
    const b = await createStep(fid, 2, 1, 'second');
    const o1 = await createOption(fid, a, 0, 'one');
    await createOption(fid, a, 1, 'two');

    const moved = await adminApi(admin, '/step', {
      method: 'PATCH',
      json: { id: a, sizeFinderId: fid, index: 3, shortName: 'third now', description: 'moved' },
    });
    expect(moved.status, moved.text).toBe(200);
    const edited = await adminApi(admin, '/option', {
      method: 'PATCH',
      json: { id: o1, sizeFinderId: fid, index: 5, content: 'one, last' },
    });
    expect(edited.status, edited.text).toBe(200);

    const list = await storefront(type.id, 0);
    expect(list.map((s) => [s.stepId, s.sIndex, s.shortName])).toEqual([
      [b, 2, 'second'],
      [a, 3, 'third now'],
    ]);
    expect(list[1]?.options.map((o) => [o.index, o.text])).toEqual([
      [1, 'two'],
      [5, 'one, last'],
    ]);
    // Every item of the finder's family is keyed by the new index.
    const family = (await finderItems(fid)).filter((i) => i.kind === 'option');
    expect(family.every((i) => String(i.gsi1sk).includes(`#STEP#0003#${a}#OPTION#`))).toBe(true);
  });

  it('moves a finder of a unisex collection to the other gender, steps and options with it', async () => {
    const type = typeEntity({ name: 'Finder unisex move', gender: 2 });
    await store({ type });
    const fid = await createFinder(type, 0);
    const step = await createStep(fid, 1, 1, 'fit');
    await createOption(fid, step, 0, 'snug');
    const answer = await adminApi(admin, '/size-finder', {
      method: 'PATCH',
      json: { id: fid, gender: 1, numberOfSteps: 1 },
    });
    expect(answer).toMatchObject({ status: 200, body: { finder: { gender: 1, numberOfSteps: 1 } } });
    expect(await storefront(type.id, 0)).toEqual([]);
    expect((await storefront(type.id, 1)).map((s) => s.options.map((o) => o.text))).toEqual([['snug']]);
    // The women's place is free again; the men's is taken.
    expect(await getRaw(`FINDERSLOT#${type.id}`, 'G0')).toBeUndefined();
    expect(await getRaw(`FINDERSLOT#${type.id}`, 'G1')).toMatchObject({ finderId: fid });
    await createFinder(type, 0);
  });

  it('keeps numberOfSteps equal to the steps when staff add steps at the same moment', async () => {
    const type = typeEntity({ name: 'Finder race', gender: 1 });
    await store({ type });
    const fid = await createFinder(type, 1);
    const answers = await Promise.all(
      [1, 2, 3].map((index) =>
        adminApi(admin, '/step', {
          method: 'POST',
          json: { sizeFinderId: fid, index, type: 2, shortName: `s${index}`, description: 'q' },
        }),
      ),
    );
    for (const a of answers) expect([200, 409]).toContain(a.status);
    const made = answers.filter((a) => a.status === 200).length;
    const steps = await adminApi<{ list: Step[]; finder: { numberOfSteps: number } }>(
      admin,
      `/all-steps?id=${fid}`,
    );
    expect(steps.body.list).toHaveLength(made);
    expect(steps.body.finder.numberOfSteps).toBe(made);
  });
});

describe('pictures and videos', () => {
  it('uploads, replaces and removes step and option media, deleting the files that are no longer used', async () => {
    const type = typeEntity({ name: 'Finder media', gender: 0 });
    await store({ type });
    const fid = await createFinder(type, 0);
    const measure = await createStep(fid, 1, 2, 'waist');
    const carousel = await createStep(fid, 2, 3, 'shape');
    const option = await createOption(fid, carousel, 0, 'round');

    const image1 = await upload(admin, 'image');
    const video = await upload(admin, 'video');
    const stepImage = await adminApi<{ url: string }>(admin, '/upload-step-img', {
      method: 'POST',
      json: { id: measure, sizeFinderId: fid, url: image1 },
    });
    expect(stepImage).toMatchObject({ status: 200, body: { url: image1, step: { imageUrl: image1 } } });
    const stepVideo = await adminApi(admin, '/upload-step-video', {
      method: 'POST',
      json: { id: measure, sizeFinderId: fid, url: video },
    });
    expect(stepVideo.status, stepVideo.text).toBe(200);
    const optionImage = await upload(admin, 'image');
    expect(
      (
        await adminApi(admin, '/upload-option-img', {
          method: 'POST',
          json: { id: option, sizeFinderId: fid, url: optionImage },
        })
      ).status,
    ).toBe(200);
    // An upload is used once.
    const reused = await adminApi(admin, '/upload-option-img', {
      method: 'POST',
      json: { id: option, sizeFinderId: fid, url: optionImage },
    });
    expect(reused.status).toBe(400);

    let list = await storefront(type.id, 0);
    expect(list[0]).toMatchObject({ imgUrl: image1, videoUrl: video });
    expect(list[1]?.options[0]).toMatchObject({ text: 'round', imageUrl: optionImage });
    expect(await stored(image1)).toBe(true);

    const image2 = await upload(admin, 'image');
    await adminApi(admin, '/upload-step-img', {
      method: 'POST',
      json: { id: measure, sizeFinderId: fid, url: image2 },
    });
    expect(await stored(image1)).toBe(false);
    expect(await stored(image2)).toBe(true);

    const removed = await adminApi(admin, '/step', {
      method: 'PATCH',
      json: { id: measure, sizeFinderId: fid, removeVideo: true },
    });
    expect(removed.status, removed.text).toBe(200);
    expect(await stored(video)).toBe(false);
    const noPicture = await adminApi(admin, `/options-img?id=${option}&sizeFinderId=${fid}`, {
      method: 'DELETE',
    });
    expect(noPicture.status, noPicture.text).toBe(200);
    expect(await stored(optionImage)).toBe(false);
    list = await storefront(type.id, 0);
    expect(list[0]).toMatchObject({ imgUrl: image2 });
    expect(list[0]?.videoUrl).toBeUndefined();
    expect(list[1]?.options[0]?.imageUrl).toBeUndefined();
    expect(
      (await adminApi(admin, `/options-img?id=${option}&sizeFinderId=${fid}`, { method: 'DELETE' })).status,
    ).toBe(404);
  });
});

describe('deleting', () => {
  it('deletes a step with its options and their files', async () => {
    const type = typeEntity({ name: 'Finder step delete', gender: 0 });
    await store({ type });
    const fid = await createFinder(type, 0);
    const keep = await createStep(fid, 1, 4, 'email');
    const gone = await createStep(fid, 2, 6, 'colours');
    const o1 = await createOption(fid, gone, 0, 'red');
    await createOption(fid, gone, 1, 'blue');
    const picture = await upload(admin, 'image');
    await adminApi(admin, '/upload-option-img', {
      method: 'POST',
      json: { id: o1, sizeFinderId: fid, url: picture },
    });
    const answer = await adminApi(admin, `/step?id=${gone}&sizeFinderId=${fid}`, { method: 'DELETE' });
    expect(answer.status, answer.text).toBe(200);
    expect((await finderItems(fid)).map((i) => i.kind).sort()).toEqual(['sizeFinder', 'step']);
    expect((await storefront(type.id, 0)).map((s) => s.stepId)).toEqual([keep]);
    expect(await stored(picture)).toBe(false);
    const finder = await adminApi<{ finder: { numberOfSteps: number } }>(admin, `/size-finder-id?id=${fid}`);
    expect(finder.body.finder.numberOfSteps).toBe(1);
    const audit = (await auditOf(admin)).filter((a) => a.entityId === gone);
    expect(audit.at(-1)).toMatchObject({
      action: 'delete',
      entity: 'step',
      before: { id: gone, shortName: 'colours', options: [{ content: 'red' }, { content: 'blue' }] },
    });
  });

  it('deletes a finder with every step, option and file, and the collection may have a new one', async () => {
    const type = typeEntity({ name: 'Finder delete', gender: 0 });
    await store({ type });
    const fid = await createFinder(type, 0);
    const s1 = await createStep(fid, 1, 2, 'bust');
    const s2 = await createStep(fid, 2, 3, 'neckline');
    const o = await createOption(fid, s2, 0, 'square');
    const files = [await upload(admin, 'image'), await upload(admin, 'video'), await upload(admin, 'image')];
    await adminApi(admin, '/upload-step-img', {
      method: 'POST',
      json: { id: s1, sizeFinderId: fid, url: files[0] },
    });
    await adminApi(admin, '/upload-step-video', {
      method: 'POST',
      json: { id: s1, sizeFinderId: fid, url: files[1] },
    });
    await adminApi(admin, '/upload-option-img', {
      method: 'POST',
      json: { id: o, sizeFinderId: fid, url: files[2] },
    });
    for (const f of files) expect(await stored(f)).toBe(true);

    const answer = await adminApi(admin, `/size-finder?id=${fid}`, { method: 'DELETE' });
    expect(answer.status, answer.text).toBe(200);
    expect(await finderItems(fid)).toEqual([]);
    expect(await getRaw(`FINDERSLOT#${type.id}`, 'G0')).toBeUndefined();
    for (const f of files) expect(await stored(f)).toBe(false);
    expect(await storefront(type.id, 0)).toEqual([]);
    expect((await adminApi(admin, `/size-finder?id=${fid}`, { method: 'DELETE' })).status).toBe(404);
    await createFinder(type, 0);
  });

  it('deletes a finder bigger than one transaction in several, each audited', async () => {
    const type = typeEntity({ name: 'Finder big', gender: 0 });
    const fid = uniqueId('f');
    const finder = {
      kind: 'sizeFinder' as const,
      id: fid,
      typeId: type.id,
      gender: 0 as const,
      numberOfSteps: 2,
    };
    const steps: StepEntity[] = [1, 2].map((index) => ({
      kind: 'step',
      id: uniqueId('st'),
      sizeFinderId: fid,
      index,
      type: 1,
      shortName: `q${index}`,
      description: 'many options',
    }));
    const options: OptionEntity[] = steps.flatMap((step) =>
      Array.from({ length: 110 }, (_, index) => ({
        kind: 'option' as const,
        id: uniqueId('o'),
        stepsId: step.id,
        sizeFinderId: fid,
        index,
        content: `choice ${index}`,
      })),
    );
    await store({ type, finder: { finder, steps, options } });
    expect(await finderItems(fid)).toHaveLength(223);
    const auditBefore = (await auditOf(admin)).length;
    const answer = await adminApi(admin, `/size-finder?id=${fid}`, { method: 'DELETE' });
    expect(answer.status, answer.text).toBe(200);
    expect(await finderItems(fid)).toEqual([]);
    const entries = (await auditOf(admin)).slice(auditBefore);
    expect(entries.length).toBe(3);
    expect(entries.every((e) => e.entityId === fid && e.action === 'delete')).toBe(true);
    expect(entries.at(-1)).toMatchObject({ before: { part: 3, of: 3, id: fid } });
  });
});

describe('answers', () => {
  it('lists answers newest first, ten a page, and shows one with every entry in step order', async () => {
    const email = `finder-${uniqueId('a')}@example.com`;
    const posted = await api('/answers', {
      method: 'POST',
      json: {
        typeId: women.id,
        gender: 0,
        email,
        result: {
          '10': { shortName: 'email', val: email },
          '2': { shortName: 'bust', val: '34 inches' },
          '1': { shortName: 'fit', val: 'skip' },
        },
      },
    });
    expect(posted.status).toBe(200);
    const page = await adminApi<{
      pageCount: number;
      total: number;
      list: { id: string; name: string; email: string; createdTime: string; gender: number }[];
    }>(admin, '/answers');
    expect(page.status).toBe(200);
    expect(page.body.list.length).toBeLessThanOrEqual(10);
    expect(page.body.pageCount).toBe(Math.max(1, Math.ceil(page.body.total / 10)));
    const times = page.body.list.map((a) => a.createdTime);
    expect([...times].sort().reverse()).toEqual(times);
    const mine = page.body.list.find((a) => a.email === email);
    expect(mine).toMatchObject({ name: women.name, gender: 0 });

    const details = await adminApi<{ answer: Record<string, unknown> }>(
      admin,
      `/answer-details?id=${mine?.id}`,
    );
    expect(details.body.answer).toMatchObject({
      id: mine?.id,
      name: women.name,
      typeId: women.id,
      email,
      gender: 0,
      result: [
        { index: 1, shortName: 'fit', val: 'skip' },
        { index: 2, shortName: 'bust', val: '34 inches' },
        { index: 10, shortName: 'email', val: email },
      ],
    });
    expect((await adminApi(admin, `/answer-details?id=${uniqueId('nope')}`)).status).toBe(404);
    const second = await adminApi<{ list: unknown[] }>(admin, '/answers?offset=10&pageSize=10');
    expect(second.status).toBe(200);
  });
});

describe('the audit log', () => {
  it('records every change with who, what, before and after', async () => {
    const other = await loggedInAdmin();
    const type = typeEntity({ name: 'Finder audit', gender: 1 });
    await store({ type });
    const created = await adminApi<{ id: string }>(other, '/size-finder', {
      method: 'POST',
      json: { typeId: type.id, gender: 1 },
    });
    const fid = created.body.id;
    const step = await adminApi<{ id: string }>(other, '/step', {
      method: 'POST',
      json: { sizeFinderId: fid, index: 1, type: 1, shortName: 'fit', description: 'How?' },
    });
    await adminApi(other, '/step', {
      method: 'PATCH',
      json: { id: step.body.id, sizeFinderId: fid, description: 'How do they fit?' },
    });
    const option = await adminApi<{ id: string }>(other, '/option', {
      method: 'POST',
      json: { sizeFinderId: fid, stepsId: step.body.id, index: 0, content: 'snug' },
    });
    await adminApi(other, `/option?id=${option.body.id}&sizeFinderId=${fid}`, { method: 'DELETE' });
    await adminApi(other, `/size-finder?id=${fid}`, { method: 'DELETE' });
    const log = (await auditOf(other)).map((e) => ({
      action: e.action,
      entity: e.entity,
      entityId: e.entityId,
      before: e.before,
      after: e.after,
    }));
    expect(log).toMatchObject([
      { action: 'create', entity: 'sizeFinder', entityId: fid, after: { typeId: type.id, gender: 1 } },
      { action: 'create', entity: 'step', entityId: step.body.id, after: { shortName: 'fit' } },
      {
        action: 'update',
        entity: 'step',
        before: { description: 'How?' },
        after: { description: 'How do they fit?' },
      },
      { action: 'create', entity: 'option', entityId: option.body.id, after: { content: 'snug' } },
      { action: 'delete', entity: 'option', before: { content: 'snug' } },
      {
        action: 'delete',
        entity: 'sizeFinder',
        entityId: fid,
        before: { id: fid, steps: [{ shortName: 'fit' }] },
      },
    ]);
    expect(JSON.stringify(log)).not.toMatch(/"(pk|gsi1sk)"/);
    const shown = await adminApi<{ list: { entity: string }[] }>(other, '/audit-log');
    expect(shown.body.list.some((e) => e.entity === 'sizeFinder')).toBe(true);
  });
});
