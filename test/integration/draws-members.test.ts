import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { getEntry } from '#draws/entities/entry.ts';
import { issueEntryLink } from '#draws/entities/entry-link.ts';
import { ENTRY_LINKS_PER_ADDRESS, ENTRY_LINKS_PER_EMAIL } from '#draws/entry-links.ts';
import { DRAW_MESSAGES } from '#shared/contracts/draws.ts';
import { askEntryLink, authorise, enter, entryCall, newEntrant } from '../load/entrants.ts';
import { call } from '../load/shoppers.ts';
import { adminApi, loggedInAdmin, type TestAdmin } from '../support/admin.ts';
import { newCheckoutKey } from '../support/api.ts';
import {
  base,
  enterLinked,
  enterWithCardLinked,
  intentOf,
  linked,
  mailedLinks,
  memberEntrants,
  ownPiece,
  staffDraw,
} from '../support/draws.ts';
import { mailTo, pointAtLocalStack } from '../support/stack-env.ts';

/**
 * No stranger in a member's name (issue 44): entering a draw proves the entrant holds the member's
 * mailbox (a one-time link mailed to it, whose address is the entry's whatever the form says);
 * a pending entry claims nothing, so a stranger's unpaid entry blocks nobody; claims are taken
 * when an entry becomes binding, one winner among entries racing for one; a member refused for
 * an address another binding entry holds is told, on the page and by mail, and staff count it.
 */
let admin: TestAdmin;
beforeAll(async () => {
  pointAtLocalStack();
  admin = await loggedInAdmin();
});

const refusals = async (drawId: string) =>
  (await adminApi<{ draw: { refusals: Record<string, number> } }>(admin, `/draws/${drawId}/admin`)).body.draw
    .refusals;
const subjects = async (email: string) => (await mailTo(email)).map((m) => m.subject);

describe('a stranger with a member’s e-mail', () => {
  it('gets no link (it goes to the member’s mailbox, which is told) and cannot enter in their name', async () => {
    const piece = await ownPiece();
    const drawId = await staffDraw(admin, piece.id, 120_000);
    const [ada, eve] = await memberEntrants(2, 'mailbox');
    if (!ada || !eve) throw new Error('two members');

    // Eve asks for a link with Ada's address: the answer is the one anyone gets, the link is Ada's.
    const asked = await askEntryLink(base(), drawId, { ...eve, email: ada.email });
    expect(asked).toMatchObject({ status: 202, body: { message: DRAW_MESSAGES.linkSent } });
    await expect.poll(() => mailedLinks(drawId, ada.email)).toHaveLength(1);
    const mail = (await mailTo(ada.email))[0];
    expect(mail?.body.text).toContain(
      'If you did not ask, ignore this mail: nobody can enter in your name without this link.',
    );
    expect(await mailedLinks(drawId, eve.email)).toEqual([]);

    // Without the link: refused, whatever e-mail the form says.
    const typed = { ...eve, email: ada.email };
    const none = await enter(base(), drawId, typed, piece);
    expect(none.status).toBe(400);
    expect(none.body.message).toContain(DRAW_MESSAGES.noLink);
    const guessed = await enter(
      base(),
      drawId,
      { ...typed, link: randomBytes(32).toString('base64url') },
      piece,
    );
    expect(guessed).toMatchObject({ status: 403, body: { message: DRAW_MESSAGES.linkUnknown } });

    // With a link of her own, Eve enters as herself: the link's address is the entry's, never the form's.
    const own = await linked(drawId, eve);
    const entered = await enter(base(), drawId, { ...own, email: ada.email }, piece);
    expect(entered.status, JSON.stringify(entered.body)).toBe(200);
    const entry = await getEntry(drawId, String(entered.body.entryId));
    expect(entry?.email).toBe(eve.email);
    expect(entry?.order?.form.email).toBe(eve.email);
    expect((await authorise(base(), entered, eve.card)).status).toBe(200);
    const confirmed = await entryCall(base(), drawId, eve, String(entered.body.entryId), 'confirm');
    expect(confirmed.status).toBe(200);
    await expect
      .poll(() => subjects(eve.email))
      .toContainEqual(expect.stringMatching(/^You are in the draw/));
    expect(await subjects(ada.email)).toEqual([expect.stringMatching(/^Your link to enter the draw/)]);
    // Ada's own link still works: her e-mail was never claimed by Eve.
    const adas = await enterWithCardLinked(drawId, ada, piece);
    expect(adas.confirmed?.status, JSON.stringify(adas.confirmed?.body)).toBe(200);
    expect(await refusals(drawId)).toEqual({ 'invalid-link': 1 });
  });
});

describe('the mailed link', () => {
  it('makes one entry, in its draw only, until it expires; read by its page without being spent', async () => {
    const piece = await ownPiece();
    const drawId = await staffDraw(admin, piece.id, 120_000);
    const other = await staffDraw(admin, (await ownPiece()).id, 120_000);
    const [ada] = await memberEntrants(1, 'once');
    if (!ada) throw new Error('a member');
    const withLink = await linked(drawId, ada);
    const status = (link: string, draw = drawId) =>
      call(base(), `/api/draws/${draw}/entry-links/status`, { method: 'POST', json: { link } });
    expect(await status(withLink.link as string)).toMatchObject({ status: 200, body: { email: ada.email } });
    expect(await status(withLink.link as string, other)).toMatchObject({
      status: 404,
      body: { message: DRAW_MESSAGES.linkUnknown },
    });

    // Two entries racing with one link: one is made.
    const keys = [newCheckoutKey(), newCheckoutKey()];
    const racing = await Promise.all(
      keys.map((checkoutKey) => enter(base(), drawId, { ...withLink, checkoutKey }, piece)),
    );
    expect(racing.map((a) => a.status).sort()).toEqual([200, 410]);
    expect(racing.find((a) => a.status === 410)?.body.message).toBe(DRAW_MESSAGES.linkUsed);
    expect(await status(withLink.link as string)).toMatchObject({
      status: 410,
      body: { message: DRAW_MESSAGES.linkUsed },
    });
    // The entry's own retry (its key) needs no new link.
    const madeWith = keys[racing.findIndex((a) => a.status === 200)] as string;
    const again = await enter(base(), drawId, { ...withLink, checkoutKey: madeWith }, piece);
    expect(again.status).toBe(200);
    expect(again.body.entryId).toBe(racing.find((a) => a.status === 200)?.body.entryId);

    // Past its minutes, a link makes nothing.
    const stale = await issueEntryLink(drawId, ada.email, Date.now() - 31 * 60_000);
    expect(await status(stale)).toMatchObject({ status: 410, body: { message: DRAW_MESSAGES.linkExpired } });
    const late = await enter(base(), drawId, { ...ada, checkoutKey: newCheckoutKey(), link: stale }, piece);
    expect(late).toMatchObject({ status: 410, body: { message: DRAW_MESSAGES.linkExpired } });
    expect(await refusals(drawId)).toEqual({ 'invalid-link': 2 });
  });

  it('is counted on the server: per e-mail (mailed at most so often, the answer the same) and per client address', async () => {
    const piece = await ownPiece();
    const drawId = await staffDraw(admin, piece.id, 120_000);
    const [ada] = await memberEntrants(1, 'limits');
    if (!ada) throw new Error('a member');
    const answers = [];
    for (let i = 0; i <= ENTRY_LINKS_PER_EMAIL.max; i++)
      answers.push((await askEntryLink(base(), drawId, { ...ada, from: newEntrant('x').from })).status);
    expect(answers).toEqual(Array(ENTRY_LINKS_PER_EMAIL.max + 1).fill(202));
    await expect.poll(() => mailedLinks(drawId, ada.email)).toHaveLength(ENTRY_LINKS_PER_EMAIL.max);

    const from = newEntrant('y').from;
    const burst = [];
    for (let i = 0; i <= ENTRY_LINKS_PER_ADDRESS.max; i++)
      burst.push((await askEntryLink(base(), drawId, { ...newEntrant('burst'), from })).status);
    expect(burst.slice(0, -1)).toEqual(Array(ENTRY_LINKS_PER_ADDRESS.max).fill(202));
    expect(burst.at(-1)).toBe(429);
    expect(await refusals(drawId)).toEqual({
      'too-many-links': 1,
      'too-many-tries': 1,
      'not-a-member': ENTRY_LINKS_PER_ADDRESS.max,
    });
  });
});

describe('a pending entry', () => {
  it('claims nothing: a stranger’s unpaid entry with a member’s address does not keep the member out', async () => {
    const piece = await ownPiece();
    const drawId = await staffDraw(admin, piece.id, 120_000);
    const [ada, eve] = await memberEntrants(2, 'pending');
    if (!ada || !eve) throw new Error('two members');
    const evePending = await enterLinked(drawId, { ...eve, street: ada.street }, piece);
    expect(evePending).toMatchObject({ status: 200, body: { state: 'pending' } });
    const adas = await enterWithCardLinked(drawId, ada, piece);
    expect(adas.confirmed?.status, JSON.stringify(adas.confirmed?.body)).toBe(200);
    // Eve's card authorises afterwards: the address is Ada's binding entry's now, Eve is refused.
    expect((await authorise(base(), evePending, eve.card)).status).toBe(200);
    const late = await entryCall(base(), drawId, eve, String(evePending.body.entryId), 'confirm');
    expect(late).toMatchObject({ status: 409, body: { message: DRAW_MESSAGES.duplicateAddress } });
    expect((await intentOf(evePending)).status).toBe('canceled');
    const status = await entryCall(base(), drawId, eve, String(evePending.body.entryId), 'status');
    expect(status.body.entry).toMatchObject({ state: 'refused', refusedFor: 'address' });
    expect(await refusals(drawId)).toEqual({ 'duplicate-address': 1 });
  });
});

describe('a stranger’s binding entry with a member’s address', () => {
  it('holds the address first: the member is refused in words saying so, mailed, and counted for staff', async () => {
    const piece = await ownPiece();
    const drawId = await staffDraw(admin, piece.id, 120_000);
    const [ada, eve, bob] = await memberEntrants(3, 'taken');
    if (!ada || !eve || !bob) throw new Error('three members');
    // Bob's entry is pending when Eve binds with the same address; then Ada asks, after.
    const bobPending = await enterLinked(drawId, { ...bob, street: ada.street }, piece);
    expect(bobPending.status).toBe(200);
    const eves = await enterWithCardLinked(drawId, { ...eve, street: ada.street }, piece);
    expect(eves.confirmed?.status).toBe(200);

    const refused = await enterLinked(drawId, ada, piece);
    expect(refused).toMatchObject({ status: 409, body: { message: DRAW_MESSAGES.duplicateAddress } });
    await expect
      .poll(() => subjects(ada.email))
      .toContainEqual(expect.stringMatching(/^Your entry in the draw for .* was refused$/));
    const told = (await mailTo(ada.email)).find((m) => m.subject.startsWith('Your entry in the draw'));
    expect(told?.body.text).toContain(drawId);
    expect(told?.body.text).toContain('no payment was asked of you');
    expect(told?.body.text).not.toContain(eve.email);

    // Bob's card authorises: refused at the binding, its hold released, Bob mailed too.
    expect((await authorise(base(), bobPending, bob.card)).status).toBe(200);
    const bobs = await entryCall(base(), drawId, bob, String(bobPending.body.entryId), 'confirm');
    expect(bobs).toMatchObject({ status: 409, body: { message: DRAW_MESSAGES.duplicateAddress } });
    expect((await intentOf(bobPending)).status).toBe('canceled');
    await expect
      .poll(
        async () =>
          (await mailTo(bob.email)).find((m) => m.subject.startsWith('Your entry in the draw'))?.body.text,
      )
      .toContain('your authorisation is released');
    expect(await refusals(drawId)).toEqual({ 'duplicate-address': 2 });
  });
});

describe('entries racing to bind', () => {
  it('with one address, or one member’s e-mail through two links: exactly one binds', async () => {
    const piece = await ownPiece();
    const drawId = await staffDraw(admin, piece.id, 120_000);
    const [ada, bea, cal] = await memberEntrants(3, 'race');
    if (!ada || !bea || !cal) throw new Error('three members');
    const pendingOf = async (who: typeof ada) => {
      const entered = await enterLinked(drawId, who, piece);
      expect(entered.status, JSON.stringify(entered.body)).toBe(200);
      expect((await authorise(base(), entered, who.card)).status).toBe(200);
      return { who, entryId: String(entered.body.entryId) };
    };
    const confirmAll = (entries: { who: typeof ada; entryId: string }[]) =>
      Promise.all(entries.map((e) => entryCall(base(), drawId, e.who, e.entryId, 'confirm')));

    const sameAddress = [await pendingOf(ada), await pendingOf({ ...bea, street: ada.street })];
    const byAddress = await confirmAll(sameAddress);
    expect(byAddress.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(byAddress.find((a) => a.status === 409)?.body.message).toBe(DRAW_MESSAGES.duplicateAddress);

    const twice = [
      await pendingOf(cal),
      await pendingOf({
        ...cal,
        checkoutKey: newCheckoutKey(),
        street: `${cal.street} bis`,
        card: newEntrant('card').card,
      }),
    ];
    const byEmail = await confirmAll(twice);
    expect(byEmail.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(byEmail.find((a) => a.status === 409)?.body.message).toBe(DRAW_MESSAGES.duplicateEmail);
  });
});
