import { beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '#shared/constants.ts';
import { MESSAGES } from '#shared/messages.ts';
import { api, freshClientAddress } from '../support/api.ts';
import { getRaw, itemsWithPrefix, putItems } from '../support/db.ts';
import { store, typeEntity, uniqueId } from '../support/fixtures.ts';

const member = (email: unknown, from = freshClientAddress()) =>
  api('/member', { method: 'POST', json: { email }, from });

describe('POST /member', () => {
  it('makes a member and answers status 200', async () => {
    const email = `${uniqueId('ada')}@example.com`;
    const { status, body } = await member(email);
    expect(status).toBe(200);
    expect(body).toEqual({ status: 200 });
    expect(await getRaw(`MEMBER#${email}`, '#MEMBER')).toMatchObject({ email, kind: 'member' });
  });

  it('stores an email once, whatever its case, and answers the same the second time', async () => {
    const email = `${uniqueId('grace')}@example.com`;
    await member(email);
    const first = await getRaw(`MEMBER#${email}`, '#MEMBER');
    const again = await member(email.toUpperCase());
    expect(again.body).toEqual({ status: 200 });
    expect(await itemsWithPrefix(`MEMBER#${email}`)).toHaveLength(1);
    // A pending sign-up (double opt-in, issue 17) is renewed, its link kept: the mail sent again
    // (issue 34) carries the same link, so either mail confirms, for 7 days from the last.
    const renewed = await getRaw(`MEMBER#${email}`, '#MEMBER');
    expect(renewed).toMatchObject({ email, status: 'pending' });
    expect(renewed?.confirmNonce).toBe(first?.confirmNonce);
    expect(Number(renewed?.expiresAt)).toBeGreaterThanOrEqual(Number(first?.expiresAt));
    // A confirmed member is left exactly as it is.
    const { expiresAt: _ttl, ...kept } = renewed ?? {};
    const confirmed = { ...kept, status: 'confirmed', confirmedAt: new Date().toISOString() };
    await putItems([confirmed]);
    expect((await member(email)).body).toEqual({ status: 200 });
    expect(await getRaw(`MEMBER#${email}`, '#MEMBER')).toEqual(confirmed);
  });

  it.each(['', 'plain', 'a@b', 'a b@example.com', 42, null])(
    'refuses %j with the spec message and stores nothing',
    async (email) => {
      const keys = async () => new Set((await itemsWithPrefix('MEMBER#')).map((item) => String(item.pk)));
      const before = await keys();
      const { status, body } = await member(email);
      expect(status).toBe(400);
      expect(body).toEqual({ message: MESSAGES.invalidEmail });
      // Other suites sign members up on the same stack meanwhile: what this request could have
      // stored is a key made of its own value (or of nothing).
      const added = [...(await keys())].filter((pk) => !before.has(pk));
      const own = new Set(['MEMBER#', `MEMBER#${String(email)}`, `MEMBER#${String(email).toLowerCase()}`]);
      expect(added.filter((pk) => own.has(pk) || !pk.includes('@'))).toEqual([]);
    },
  );

  it('refuses a body that is not JSON, or has other fields', async () => {
    const from = freshClientAddress();
    const broken = await api('/member', {
      method: 'POST',
      body: '{"email":',
      headers: { 'content-type': 'application/json' },
      from,
    });
    expect(broken.status).toBe(400);
    expect(broken.body).toEqual({ message: 'the request body is not valid JSON' });
    const form = await api('/member', {
      method: 'POST',
      body: 'email=a@b.co',
      headers: { 'content-type': 'text/plain' },
      from,
    });
    expect(form.status).toBe(415);
    const extra = await api('/member', { method: 'POST', json: { email: 'x@y.co', admin: true }, from });
    expect(extra.status).toBe(400);
  });

  it('lets 30 people behind one address sign up within 10 minutes; a script from it is refused after 32', async () => {
    const from = freshClientAddress();
    // An office or a carrier's NAT: 30 people, five at a time.
    for (let i = 0; i < 30; i += 5) {
      const answers = await Promise.all(
        Array.from({ length: 5 }, () => member(`${uniqueId('crowd')}@example.com`, from)),
      );
      expect(answers.map((answer) => answer.status)).toEqual(Array(5).fill(200));
    }
    // A script goes on from the same address: two more, then refused, counted on the server.
    for (let i = 30; i < LIMITS.memberSignupsPerWindow; i++)
      expect((await member(`${uniqueId('n')}@example.com`, from)).status).toBe(200);
    const blocked = `${uniqueId('blocked')}@example.com`;
    const next = await member(blocked, from);
    expect(next.status).toBe(429);
    expect(next.body).toEqual({ message: MESSAGES.signupTryLater });
    expect(await getRaw(`MEMBER#${blocked}`, '#MEMBER')).toBeUndefined();
    // Another address is not held by it.
    expect((await member(`${uniqueId('other')}@example.com`)).status).toBe(200);
  });

  it('counts concurrent sign-ups exactly: the limit of twice as many go through', async () => {
    const from = freshClientAddress();
    const answers = await Promise.all(
      Array.from({ length: LIMITS.memberSignupsPerWindow * 2 }, () =>
        member(`${uniqueId('c')}@example.com`, from),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(LIMITS.memberSignupsPerWindow);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(LIMITS.memberSignupsPerWindow);
  });
});

const type = typeEntity({ name: 'Finder collection' });
beforeAll(() => store({ type }));

describe('POST /answers', () => {
  const result = {
    '1': { shortName: 'fit', val: 'close' },
    '2': { shortName: 'bust', val: '34 inches' },
    '3': { shortName: 'height', val: 'skip' },
  };

  it('stores the answers and answers status 200', async () => {
    const email = `${uniqueId('fit')}@example.com`;
    const { status, body } = await api('/answers', {
      method: 'POST',
      json: { typeId: type.id, email, result },
    });
    expect(status).toBe(200);
    expect(body).toEqual({ status: 200 });
    const stored = (await itemsWithPrefix('ANSWER#')).find((a) => a.email === email);
    expect(stored).toMatchObject({ typeId: type.id, result });
  });

  it("accepts 'skip' as the email", async () => {
    expect(
      (await api('/answers', { method: 'POST', json: { typeId: type.id, email: 'skip', result } })).status,
    ).toBe(200);
  });

  it.each(['ana@atelier', 'ana atelier@example.com', 'ana.example.com', '@example.com'])(
    'refuses the mistyped address %j with 400 "please input a correct email." and stores nothing',
    async (email) => {
      const before = (await itemsWithPrefix('ANSWER#')).length;
      const { status, body } = await api('/answers', {
        method: 'POST',
        json: { typeId: type.id, email, result },
      });
      expect(status).toBe(400);
      expect(body).toEqual({ message: MESSAGES.invalidEmail });
      expect((await itemsWithPrefix('ANSWER#')).length).toBe(before);
    },
  );

  it('answers 404 for an unknown collection and stores nothing', async () => {
    const email = `${uniqueId('lost')}@example.com`;
    const { status } = await api('/answers', {
      method: 'POST',
      json: { typeId: uniqueId('nope'), email, result },
    });
    expect(status).toBe(404);
    expect((await itemsWithPrefix('ANSWER#')).some((a) => a.email === email)).toBe(false);
  });

  it.each([
    ['no email', { typeId: type.id, result }],
    ['a bad email', { typeId: type.id, email: 'not-an-email', result }],
    ['no result', { typeId: type.id, email: 'a@b.co' }],
    [
      'a result keyed by name',
      { typeId: type.id, email: 'a@b.co', result: { fit: { shortName: 'fit', val: 'x' } } },
    ],
    ['a value without shortName', { typeId: type.id, email: 'a@b.co', result: { '1': { val: 'x' } } }],
    ['a bad typeId', { typeId: '../x', email: 'a@b.co', result }],
  ])('refuses %s with 400 and stores nothing', async (_, json) => {
    const before = (await itemsWithPrefix('ANSWER#')).length;
    const { status, body } = await api('/answers', { method: 'POST', json });
    expect(status).toBe(400);
    expect(typeof body.message).toBe('string');
    expect((await itemsWithPrefix('ANSWER#')).length).toBe(before);
  });
});
