import { beforeAll, describe, expect, it } from 'vitest';
import { DISCOUNT_CHECK_LIMIT } from '#checkout/rules/discount.ts';
import { DEMO } from '../../infra/local/demo/catalogue.ts';
import { api, freshClientAddress } from '../support/api.ts';
import { itemsWithPrefix } from '../support/db.ts';
import { store, typeEntity } from '../support/fixtures.ts';

interface DiscountAnswer {
  status?: number;
  isCodeValid?: boolean;
  discountAmount?: number;
  message?: string;
}

const check = (typeId: string, discountCode: string, from = freshClientAddress()) =>
  api<DiscountAnswer>(
    `/type-discount?typeId=${encodeURIComponent(typeId)}&discountCode=${encodeURIComponent(discountCode)}`,
    { from },
  );

const withDiscount = typeEntity({ discount: true, discountCode: 'Atelier-25', discountAmount: 25 });
const discountOff = typeEntity({ discount: false, discountCode: 'OLDCODE', discountAmount: 15 });
const noCode = typeEntity({ discount: true, discountCode: undefined, discountAmount: 10 });

beforeAll(async () => {
  await Promise.all([store({ type: withDiscount }), store({ type: discountOff }), store({ type: noCode })]);
});

describe('GET /type-discount (001 §7)', () => {
  it('accepts the demo code MAISON10 of t-voyage: 10 %', async () => {
    expect(DEMO.discountType).toBe('t-voyage');
    const answer = await check(DEMO.discountType, DEMO.discountCode);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ status: 200, isCodeValid: true, discountAmount: DEMO.discountAmount });
    expect(DEMO.discountAmount).toBe(10);
  });

  it('compares the code trimmed and case-insensitively', async () => {
    const answer = await check(withDiscount.id, '  atelier-25 ');
    expect(answer.body).toEqual({ status: 200, isCodeValid: true, discountAmount: 25 });
  });

  it('answers a wrong code with isCodeValid false and discountAmount 0, never the code', async () => {
    for (const code of ['ATELIER-24', 'MAISON10']) {
      const answer = await check(withDiscount.id, code);
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ status: 200, isCodeValid: false, discountAmount: 0 });
      expect(answer.text).not.toMatch(/atelier/i);
    }
  });

  it('never validates a collection whose discount is off, or that has no code', async () => {
    expect((await check(discountOff.id, 'OLDCODE')).body).toEqual({
      status: 200,
      isCodeValid: false,
      discountAmount: 0,
    });
    expect((await check(noCode.id, 'undefined')).body).toMatchObject({
      isCodeValid: false,
      discountAmount: 0,
    });
  });

  it('answers 404 for an unknown collection', async () => {
    const answer = await check('t-no-such-collection', 'MAISON10');
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ message: 'collection not found' });
  });

  it.each([
    ['no code', `/type-discount?typeId=${DEMO.discountType}`],
    ['a blank code', `/type-discount?typeId=${DEMO.discountType}&discountCode=%20%20`],
    ['a code of 65 characters', `/type-discount?typeId=${DEMO.discountType}&discountCode=${'A'.repeat(65)}`],
    ['no collection', '/type-discount?discountCode=MAISON10'],
    ['a collection id that is no id', '/type-discount?typeId=../x&discountCode=MAISON10'],
  ])('answers 400 for %s, and counts no try', async (_, path) => {
    const from = freshClientAddress();
    const answer = await api<DiscountAnswer>(path, { from });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toEqual(expect.any(String));
    expect(answer.ddbRequests).toBe(0);
    const counters = await itemsWithPrefix(`LIMIT#${DISCOUNT_CHECK_LIMIT.name}#`);
    expect(counters.filter((c) => c.pk === `LIMIT#${DISCOUNT_CHECK_LIMIT.name}#${from}`)).toEqual([]);
  });

  it(`limits checks to ${DISCOUNT_CHECK_LIMIT.max} per address per window: then 429`, async () => {
    const from = freshClientAddress();
    for (let i = 0; i < DISCOUNT_CHECK_LIMIT.max; i++) {
      // Wrong codes and unknown collections count alike.
      const answer = await check(i % 2 ? withDiscount.id : 't-no-such-collection', `GUESS-${i}`, from);
      expect(answer.status, `try ${i + 1}`).toBe(i % 2 ? 200 : 404);
    }
    const refused = await check(withDiscount.id, 'ATELIER-25', from);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ message: 'Error validating discount code. Please try again.' });
    // The counter is all that was read: the collection was not.
    expect(refused.ddbRequests).toBe(1);
    // Another address is not limited by this one.
    expect((await check(withDiscount.id, 'ATELIER-25')).body).toMatchObject({ isCodeValid: true });
  });

  it('costs 2 DynamoDB requests: the attempt counter and one GetItem (docs/data-model.md)', async () => {
    const valid = await check(DEMO.discountType, DEMO.discountCode);
    const invalid = await check(DEMO.discountType, 'WRONG');
    expect(valid.ddbRequests).toBe(2);
    expect(invalid.ddbRequests).toBe(2);
  });
});
