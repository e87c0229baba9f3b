import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../support/api.ts';
import { productEntity, store, typeEntity, uniqueId } from '../support/fixtures.ts';

// A sized, two-area collection where not every combination exists and some are sold.
const gown = typeEntity({ gender: 0, name: 'Gown', areaAmount: 2 });
const sizeS = { sizeId: 'sz-s', size: 'S' };
const p = (colors: string[], extra: Record<string, unknown> = {}) =>
  productEntity(gown, { colors, ...sizeS, ...extra });
const redBlue = p(['red', 'blue']);
const redGreenSold = p(['red', 'green'], { status: 0 });
const whiteRedSold = p(['white', 'red'], { status: 0 });
const blackBlueM = p(['black', 'blue'], { sizeId: 'sz-m', size: 'M' });
const pinkPinkUnisex = p(['pink', 'pink'], { gender: 2 });
const greyMen = p(['grey', 'grey'], { gender: 1 });

beforeAll(async () => {
  await store({
    type: gown,
    products: [redBlue, redGreenSold, whiteRedSold, blackBlueM, pinkPinkUnisex, greyMen],
  });
});

const next = (query: string) =>
  api<{ status: number; colors: { color: string }[]; unavailable: { color: string }[] }>(
    `/getNextColor?${query}`,
  );

describe('GET /getNextColor', () => {
  it('offers for the first area only colours leading to an unsold piece of the gender and size', async () => {
    const { status, body } = await next(`gender=0&index=0&typeId=${gown.id}&colorComb=&size=S`);
    expect(status).toBe(200);
    expect(body.status).toBe(200);
    expect(body.colors.map((c) => c.color).sort()).toEqual(['pink', 'red']);
    expect(body.unavailable.map((c) => c.color)).toEqual(['white']);
  });

  it('offers for the second area the continuations of the chosen colour, striking out the sold one', async () => {
    const { body } = await next(`gender=0&index=1&typeId=${gown.id}&colorComb=red&size=S`);
    expect(body.colors).toEqual([{ color: 'blue' }]);
    expect(body.unavailable).toEqual([{ color: 'green' }]);
  });

  it('takes the size by id as well as by name, and no size as every size', async () => {
    expect((await next(`gender=0&index=0&typeId=${gown.id}&size=sz-m`)).body.colors).toEqual([
      { color: 'black' },
    ]);
    const all = await next(`gender=0&index=0&typeId=${gown.id}&size=null`);
    expect(all.body.colors.map((c) => c.color).sort()).toEqual(['black', 'pink', 'red']);
  });

  it('offers nothing after a colour that leads only to sold pieces', async () => {
    expect((await next(`gender=0&index=1&typeId=${gown.id}&colorComb=white&size=S`)).body.colors).toEqual([]);
  });

  it("never offers the other gender's pieces", async () => {
    const colours = (await next(`gender=0&index=0&typeId=${gown.id}`)).body.colors.map((c) => c.color);
    expect(colours).not.toContain('grey');
    expect((await next(`gender=1&index=0&typeId=${gown.id}`)).body.colors.map((c) => c.color).sort()).toEqual(
      ['grey', 'pink'],
    );
  });

  it('answers 404 for an unknown collection', async () => {
    expect((await next(`gender=0&index=0&typeId=${uniqueId('nope')}`)).status).toBe(404);
  });

  it.each([
    ['no gender', `index=0&typeId=TYPE`],
    ['a colour list that does not match the index', `gender=0&index=1&typeId=TYPE&colorComb=`],
    ['an index past the colour areas', `gender=0&index=2&typeId=TYPE&colorComb=red,blue`],
    ['a negative index', `gender=0&index=-1&typeId=TYPE`],
    ['an index that is not a number', `gender=0&index=one&typeId=TYPE`],
    ['an empty colour in the list', `gender=0&index=2&typeId=TYPE&colorComb=red,`],
  ])('refuses %s with 400 and a message', async (_, query) => {
    const { status, body } = await next(query.replace('TYPE', gown.id));
    expect(status).toBe(400);
    expect(typeof (body as unknown as { message: string }).message).toBe('string');
  });
});

const byColor = (query: string) =>
  api<{ status: number; id: string; sold: boolean }>(`/getProductIdByColor?${query}`);

describe('GET /getProductIdByColor', () => {
  it('finds the one piece with exactly these colours, in braces as the spec sends them', async () => {
    const { status, body } = await byColor(`gender=0&typeId=${gown.id}&color={red,blue}&size=S`);
    expect(status).toBe(200);
    expect(body).toEqual({ status: 200, id: redBlue.id, sold: false });
  });

  it('finds a sold piece too, saying it is sold', async () => {
    expect((await byColor(`gender=0&typeId=${gown.id}&color={red,green}&size=S`)).body).toEqual({
      status: 200,
      id: redGreenSold.id,
      sold: true,
    });
  });

  it('answers 404 when no piece has that combination, size or gender', async () => {
    expect((await byColor(`gender=0&typeId=${gown.id}&color={blue,red}&size=S`)).status).toBe(404);
    expect((await byColor(`gender=0&typeId=${gown.id}&color={red,blue}&size=M`)).status).toBe(404);
    expect((await byColor(`gender=1&typeId=${gown.id}&color={red,blue}&size=S`)).status).toBe(404);
    expect((await byColor(`gender=0&typeId=${uniqueId('nope')}&color={red,blue}`)).status).toBe(404);
  });

  it('refuses a colour list that does not name every area, or none', async () => {
    expect((await byColor(`gender=0&typeId=${gown.id}&color={red}&size=S`)).status).toBe(400);
    expect((await byColor(`gender=0&typeId=${gown.id}&color={}&size=S`)).status).toBe(400);
    expect((await byColor(`gender=0&typeId=${gown.id}&size=S`)).status).toBe(400);
  });
});
