import { beforeAll, describe, expect, it } from 'vitest';
import type { SizeEntity, SizeGuideEntity } from '#catalog/entities/size.ts';
import type { OptionEntity, StepEntity } from '#size-finder/entities/size-finder.ts';
import { api } from '../support/api.ts';
import { store, typeEntity, uniqueId } from '../support/fixtures.ts';

const sized = typeEntity({ gender: 2, name: 'Sized' });
const plain = typeEntity({ gender: 0, name: 'Plain' });
const size = (
  name: string,
  index: number,
  gender: 0 | 1 | 2,
  extra: Partial<SizeEntity> = {},
): SizeEntity => ({
  kind: 'size',
  id: uniqueId(`s${name}`),
  typeId: sized.id,
  name,
  index,
  gender,
  description: `${name} fits`,
  ...extra,
});
const sizes = [
  size('M', 2, 0),
  size('S', 1, 0, { womenMeaning: 's3/videos/meaning.mp4' }),
  size('42', 3, 1, { menDescription: 'true to size' }),
  size('One', 4, 2),
];
const [sizeM] = sizes as [SizeEntity];
const guide = (index: number, gender: 0 | 1, type: number): SizeGuideEntity => ({
  kind: 'sizeGuide',
  id: uniqueId('g'),
  sizeId: sizeM.id,
  name: `guide ${index}`,
  index,
  gender,
  type,
  fromCm: '80',
  toCm: '84',
  fromInches: '31.5',
  toInches: '33',
  imageUrl: 's3/collection_images/guide.svg',
});
const guides = [guide(2, 0, 2), guide(1, 0, 1), guide(3, 0, 3), guide(4, 0, 4), guide(1, 1, 1)];

const finder = {
  kind: 'sizeFinder' as const,
  id: uniqueId('f'),
  typeId: sized.id,
  gender: 0 as const,
  numberOfSteps: 3,
};
const step = (index: number, type: number, shortName: string): StepEntity => ({
  kind: 'step',
  id: uniqueId('st'),
  sizeFinderId: finder.id,
  index,
  type,
  shortName,
  description: `question ${index}`,
});
const steps = [step(3, 4, 'email'), step(1, 1, 'fit'), step(2, 2, 'bust')];
const option = (stepId: string, index: number, content: string): OptionEntity => ({
  kind: 'option',
  id: uniqueId('o'),
  stepsId: stepId,
  sizeFinderId: finder.id,
  index,
  content,
});
const options = [option(steps[1]?.id ?? '', 2, 'relaxed'), option(steps[1]?.id ?? '', 1, 'close')];

beforeAll(async () => {
  await store({ type: sized, sizes, guides, finder: { finder, steps, options } });
  await store({ type: plain });
});

describe('GET /has-sizes', () => {
  it('answers the sizes of a collection in size order', async () => {
    const { body } = await api<{
      status: number;
      hasSizes: boolean;
      sizes: { size: string; sizeId: string }[];
    }>(`/has-sizes?id=${sized.id}`);
    expect(body.status).toBe(200);
    expect(body.hasSizes).toBe(true);
    expect(body.sizes.map((s) => s.size)).toEqual(['S', 'M', '42', 'One']);
    expect(body.sizes[0]).toMatchObject({ description: 'S fits', womenMeaning: 's3/videos/meaning.mp4' });
  });
  it('answers no sizes for a collection without them, 404 for no collection', async () => {
    expect((await api(`/has-sizes?id=${plain.id}`)).body).toEqual({
      status: 200,
      hasSizes: false,
      sizes: [],
    });
    expect((await api(`/has-sizes?id=${uniqueId('nope')}`)).status).toBe(404);
    expect((await api('/has-sizes?id=')).status).toBe(400);
  });
});

describe('GET /sizes-by-type', () => {
  it("answers a gender's sizes and the sizes for both", async () => {
    const women = await api<{ list: { size: string }[] }>(`/sizes-by-type?tid=${sized.id}&gender=0`);
    expect(women.body.list.map((s) => s.size)).toEqual(['S', 'M', 'One']);
    const men = await api<{ list: { size: string }[] }>(`/sizes-by-type?tid=${sized.id}&gender=1`);
    expect(men.body.list.map((s) => s.size)).toEqual(['42', 'One']);
  });
  it('answers 404 for no collection and 400 without a gender', async () => {
    expect((await api(`/sizes-by-type?tid=${uniqueId('nope')}&gender=0`)).status).toBe(404);
    expect((await api(`/sizes-by-type?tid=${sized.id}`)).status).toBe(400);
  });
});

describe('GET /size-guides-for-product', () => {
  it("answers a size's guide entries for a gender, in order, with every field", async () => {
    const { body } = await api<{ status: number; list: Record<string, unknown>[] }>(
      `/size-guides-for-product?sizeId=${sizeM.id}&gender=0`,
    );
    expect(body.status).toBe(200);
    expect(body.list.map((g) => g.type)).toEqual([1, 2, 3, 4]);
    expect(body.list[0]).toMatchObject({
      name: 'guide 1',
      fromCm: '80',
      toCm: '84',
      fromInches: '31.5',
      toInches: '33',
      imageUrl: 's3/collection_images/guide.svg',
    });
    expect(
      (await api<{ list: unknown[] }>(`/size-guides-for-product?sizeId=${sizeM.id}&gender=1`)).body.list,
    ).toHaveLength(1);
  });
  it('answers 404 for no size and 400 for a bad gender', async () => {
    expect((await api(`/size-guides-for-product?sizeId=${uniqueId('nope')}&gender=0`)).status).toBe(404);
    expect((await api(`/size-guides-for-product?sizeId=${sizeM.id}&gender=x`)).status).toBe(400);
  });
});

describe('GET /all-steps-by-tid', () => {
  it('answers the size finder steps in order, with their options in order', async () => {
    const { body } = await api<{
      status: number;
      list: { sIndex: number; type: number; options: { text: string }[] }[];
    }>(`/all-steps-by-tid?tid=${sized.id}&gender=0`);
    expect(body.status).toBe(200);
    expect(body.list.map((s) => s.sIndex)).toEqual([1, 2, 3]);
    expect(body.list.map((s) => s.type)).toEqual([1, 2, 4]);
    expect(body.list[0]?.options.map((o) => o.text)).toEqual(['close', 'relaxed']);
    expect(body.list[0]).toEqual(
      expect.objectContaining({ stepId: steps[1]?.id, shortName: 'fit', description: 'question 1' }),
    );
  });
  it('answers an empty list when the collection has no finder for the gender', async () => {
    expect((await api(`/all-steps-by-tid?tid=${sized.id}&gender=1`)).body).toEqual({ status: 200, list: [] });
  });
  it('answers 404 for no collection and 400 without a tid', async () => {
    expect((await api(`/all-steps-by-tid?tid=${uniqueId('nope')}&gender=0`)).status).toBe(404);
    expect((await api('/all-steps-by-tid?gender=0')).status).toBe(400);
  });
});
