import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { CHECKOUT_MESSAGES } from '#shared/checkout.ts';
import { DRAW_MESSAGES } from '#shared/contracts/draws.ts';
import { commitment } from '#shared/draw/commitment.ts';
import { runScript } from '../draw/draws.ts';
import { adminApi, loggedInAdmin } from '../support/admin.ts';
import { api, freshClientAddress, until } from '../support/api.ts';
import { productEntity, store, typeEntity, uniqueId } from '../support/fixtures.ts';
import { runJob } from '../support/jobs.ts';
import { mailedPassword } from '../support/purchase.ts';
import { mailTo, pointAtLocalStack } from '../support/stack-env.ts';
import { DESKTOP, expectAccessible, screenshot, startBrowser } from './support/browser.ts';
import { confirmMember, fillEntry, type Member, mailedLinks, openMailedLink } from './support/draw-entry.ts';
import { openAsStaff, vancouverFieldValue } from './support/staff.ts';

/**
 * The release draw in the browser (issue 35): staff release a piece by draw with a short window;
 * its page says "Enter the draw"; member A asks for the link mailed to their address and
 * enters through it (address and card, authorised not charged),
 * withdraws and enters again; member B enters with another card and address; after the close
 * the job draws and settles; the loser's page says lost, the published script recomputes the
 * same winner from the loser's salt, the winner's page shows their order; staff replay the draw.
 */
const browser = startBrowser();
const type = typeEntity({ name: `Draw Atelier ${uniqueId('d')}`, shippingPrices: { CA: 40, FR: 80 } });
const piece = productEntity(type, {
  name: 'Moonstone Draw Cape',
  cardNumber: `63${Date.now().toString().slice(-9)}00001`,
  priceUs: 2400,
});
/** A collection released by draw, each of its pieces in a draw of its own. */
const collection = typeEntity({ name: `Draw Collection ${uniqueId('c')}` });
const collectionPieces = [1, 2].map((i) =>
  productEntity(collection, {
    name: `Draw Stole ${i}`,
    cardNumber: `64${Date.now().toString().slice(-9)}0000${i}`,
  }),
);
/** Long enough for three entries (each through its mailed link) and a withdrawal on a busy machine. */
const WINDOW_MS = 180_000;

const memberA: Member = {
  email: `${uniqueId('draw-a')}@example.com`,
  card: '4242 4242 4242 4242',
  address: {
    country: 'CA',
    state: 'ON',
    address1: '1 King Street West',
    city: 'Toronto',
    postalCode: 'M5H 1A1',
  },
};
const memberB: Member = {
  email: `${uniqueId('draw-b')}@example.com`,
  // B authorises through Link (the Payment Element's other method): held as a card is.
  card: 'link',
  address: { country: 'FR', address1: '8 Rue de la Paix', city: 'Paris', postalCode: '75002' },
};

beforeAll(async () => {
  pointAtLocalStack();
  await store({ type, products: [piece] });
  await store({ type: collection, products: collectionPieces });
  await confirmMember(memberA.email);
  await confirmMember(memberB.email);
});

/** What the walk learns as it goes. */
const walk = {
  drawId: '',
  closesAt: 0,
  entries: new Map<string, { page: Page; salt: string; url: string }>(),
};

type PublicDraw = { state: string; winner?: string; round?: number; roundDrawn?: number };
const publicDraw = async () => (await api<{ draw: PublicDraw }>(`/draws/${walk.drawId}`)).body.draw;

/** The card step: the card authorised (not charged), the entry confirmed, its page opened. */
async function authorise(page: Page, card: string, email: string): Promise<void> {
  if (card === 'link') {
    // Link in the Payment Element: the member's e-mail, the code Link sends (000000 in the stand-in).
    await page.getByRole('radio', { name: 'Link' }).click();
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByLabel('Verification code').fill('000000');
  } else {
    await page.getByLabel('Card number').fill(card);
    await page.getByLabel('Expiration date').fill('12 / 34');
    await page.getByLabel('Security code').fill('123');
  }
  await page.getByRole('button', { name: /^authorise USD/ }).click();
  await page.waitForURL(`**/draw/${walk.drawId}/entry/*#*`, { timeout: 20_000 });
}

/** Enters the draw from its page, through the mailed link; answers the entry's salt. */
async function enter(page: Page, who: Member, name: string, shot?: string): Promise<string> {
  await openMailedLink(page, walk.drawId, who, shot ? `${shot}-email-step` : undefined);
  await fillEntry(page, who, name);
  await page.getByRole('button', { name: 'continue to the card' }).click();
  await page.getByLabel('card number').waitFor({ timeout: 15_000 });
  // The form is locked while the card step is shown.
  expect(
    await page.getByRole('group', { name: 'contact and delivery' }).getByLabel('city').isDisabled(),
  ).toBe(true);
  if (shot) {
    await expectAccessible(page);
    await screenshot(page, shot);
  }
  await authorise(page, who.card, who.email);
  await page.getByText('you are in the draw. nothing is charged unless you win.').waitFor();
  return (await page.locator('.draw-salt-value').textContent())?.trim() ?? '';
}

/**
 * The draws page pictures every piece for sale: other suites' pieces carry made-up picture
 * addresses (this suite's have none), so their pictures answer 404.
 */
const othersPictures = { status: 404, path: /^\/media\// };

describe('a release draw, entered in the browser and checked with the published script', () => {
  it('is created by staff for one piece with its window', async () => {
    const page = await openAsStaff(browser, {
      path: '/view-draws',
      viewport: DESKTOP,
      expectFailures: [othersPictures],
    });
    await page.getByRole('heading', { name: 'release by draw' }).waitFor();
    await page.getByRole('radio', { name: piece.name }).check();
    // The window's close, typed in Vancouver time (the field's zone, whatever the browser's).
    const close = Date.now() + WINDOW_MS;
    const local = await vancouverFieldValue(page, close);
    await page.getByLabel('entries close').fill(local);
    await page.getByRole('button', { name: 'create the draw' }).click();
    await page.getByRole('status').filter({ hasText: '1 draw created.' }).waitFor();
    const row = page.getByRole('row').filter({ hasText: piece.id });
    await row.getByText('open', { exact: true }).waitFor();
    const href = (await row.getByRole('link', { name: piece.name }).getAttribute('href')) ?? '';
    walk.drawId = href.replace('/view-draw/', '');
    expect(walk.drawId).toMatch(/^d-[A-Za-z0-9_-]{22}$/);
    walk.closesAt = Date.parse(
      (await api<{ draw: { closesAt: string } }>(`/draws/${walk.drawId}`)).body.draw.closesAt,
    );
    expect(Math.abs(walk.closesAt - close)).toBeLessThan(2000);
    await expectAccessible(page);
    await screenshot(page, 'draw-admin-list-desktop');
  });

  it('is created by staff for every available piece of a collection', async () => {
    const page = await openAsStaff(browser, {
      path: '/view-draws',
      viewport: DESKTOP,
      expectFailures: [othersPictures],
    });
    await page.getByLabel('offer').selectOption('collection');
    await page.getByLabel('collection').selectOption({ label: collection.name });
    await page.getByLabel('entries close').fill('2099-01-01T12:00:30');
    await page.getByRole('button', { name: 'create the draw' }).click();
    await page.getByRole('status').filter({ hasText: '2 draws created.' }).waitFor();
    for (const p of collectionPieces)
      await page.getByRole('row').filter({ hasText: p.id }).getByText('open', { exact: true }).waitFor();
    // Once offered, a piece is not offered by a second draw: staff are told which and why.
    await page.getByRole('button', { name: 'create the draw' }).click();
    const refused = page.getByRole('status').filter({ hasText: '0 draws created. not offered:' });
    await refused.waitFor();
    // Each piece named with why, in the order the collection lists them.
    for (const p of collectionPieces)
      expect(await refused.textContent()).toContain(`${p.id}: ${DRAW_MESSAGES.pieceUnavailable}`);
  });

  it('publishes its algorithm and script beside the shop, as text', async () => {
    const algorithm = await fetch(`${inject('baseUrl')}/draw/algorithm.md`);
    expect(algorithm.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(await algorithm.text()).toMatch(/^# The release draw: the published algorithm/);
    const script = await fetch(`${inject('baseUrl')}/draw/recompute.mjs`);
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(await script.text()).toContain('usage: node recompute.mjs');
  });

  it('shows "Enter the draw" and when entries close on the piece’s page, instead of "Purchase"', async () => {
    const page = await browser.open(`/products/productdetails?productId=${piece.id}&type=${type.id}`);
    const button = page.getByRole('link', { name: 'Enter the draw' });
    await button.waitFor();
    expect(await button.getAttribute('href')).toBe(`/draw/${walk.drawId}`);
    expect(await page.getByRole('link', { name: 'Purchase' }).count()).toBe(0);
    const closes = page.locator('.catalog-draw');
    // In words, in the shop's zone, with its countdown; members only, the sign-up one tap away.
    // (The browser's zone data, not Node's, decides Vancouver's offset: the words are read as such.)
    expect(await closes.textContent()).toMatch(
      /^Entries close [A-Z][a-z]+day \d{1,2} [A-Z][a-z]+( \d{4})?, \d\d:\d\d Pacific time \(Vancouver\)$/,
    );
    expect(await closes.locator('time').getAttribute('datetime')).toBe(new Date(walk.closesAt).toISOString());
    expect(await page.getByRole('timer').textContent()).toMatch(/^closes in \d/);
    const members = page.locator('.catalog-draw-members');
    expect(await members.textContent()).toMatch(/^Members only\./);
    expect(await members.getByRole('link', { name: 'Become a member' }).getAttribute('href')).toBe(
      '/world/membership',
    );
    await expectAccessible(page);
    await screenshot(page, 'draw-product-page-phone');
    // The purchase page, reached anyway, sends the shopper to the draw.
    await page.goto(`/products/purchase?product=${piece.id}&type=${type.id}`);
    await page.getByRole('alert').filter({ hasText: CHECKOUT_MESSAGES.offeredByDraw }).waitFor();
    expect(await page.getByRole('link', { name: 'enter the draw' }).getAttribute('href')).toBe(
      `/draw/${walk.drawId}`,
    );
    await page.goBack();
    await button.click();
    await page.waitForURL(`**/draw/${walk.drawId}`);
    await page.getByRole('heading', { name: piece.name }).waitFor();
  });

  it('takes member A’s entry, its withdrawal, and A’s entry again', async () => {
    const page = await browser.open(`/draw/${walk.drawId}`, { clientAddress: freshClientAddress() });
    await page.getByRole('heading', { name: piece.name }).waitFor();
    await page.getByText(/the draw is open: members enter until/).waitFor();
    const first = await enter(page, memberA, 'Ada Lovelace', 'draw-entry-form-phone');
    expect(first).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const line = page.locator('.draw-salt .draw-hash-line').filter({ hasText: 'your line' });
    expect(await line.locator('code').textContent()).toBe(await commitment(walk.drawId, first));
    await page.getByText('card: visa ending 4242').waitFor();
    await expectAccessible(page);
    await screenshot(page, 'draw-entry-entered-phone');

    // A reload keeps the page (its token is in the address's fragment), and so does this tab
    // without the fragment (it kept the token).
    await page.reload();
    await page.getByText('you are in the draw. nothing is charged unless you win.').waitFor();
    const firstUrl = page.url();
    await page.goto(firstUrl.replace(/#.*$/, ''));
    await page.getByText('you are in the draw. nothing is charged unless you win.').waitFor();
    // Another browser without the token reads nothing of the entry.
    const stranger = await browser.open(firstUrl.replace(/#.*$/, ''));
    await stranger.getByRole('alert').filter({ hasText: DRAW_MESSAGES.noEntry }).waitFor();

    await page.getByRole('button', { name: 'withdraw' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'withdraw your entry?' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'withdraw' }).click();
    await page.getByText(/you withdrew this entry/).waitFor();
    expect(await page.getByRole('button', { name: 'withdraw' }).count()).toBe(0);
    await expectAccessible(page);
    await screenshot(page, 'draw-entry-withdrawn-phone');
    // Its page, opened again, says the same: the server has it withdrawn.
    const status = await api<{ entry: { state: string } }>(
      `/draws/${walk.drawId}/entries/${new URL(firstUrl).pathname.split('/').pop()}/status`,
      { method: 'POST', json: { token: new URL(firstUrl).hash.slice(1) } },
    );
    expect(status.body.entry.state).toBe('withdrawn');

    await page.getByRole('link', { name: 'enter again' }).click();
    const again = await enter(page, memberA, 'Ada Lovelace');
    expect(again).not.toBe(first);
    walk.entries.set('A', { page, salt: again, url: page.url() });
    walk.entries.set('A-withdrawn', { page, salt: first, url: firstUrl });
  });

  it('tells a non-member how to become one, and refuses a second entry with the same e-mail, in the server’s words', async () => {
    const page = await browser.open(`/draw/${walk.drawId}`, { clientAddress: freshClientAddress() });
    await page.getByRole('heading', { name: 'enter the draw' }).waitFor();
    // Someone who is not a confirmed member gets the answer anyone gets, and a link to become one;
    // the mail to that address says how.
    const outsider = `${uniqueId('not-a-member')}@example.com`;
    await page.getByLabel('your member e-mail').fill(outsider);
    await page.getByRole('button', { name: 'mail me the link' }).click();
    const said = page.getByRole('status').filter({ hasText: 'a link to enter is on its way' });
    await said.waitFor();
    expect(await said.getByRole('link', { name: 'become a member' }).getAttribute('href')).toBe(
      '/world/membership',
    );
    await until(
      async () => (await mailTo(outsider)).some((m) => /is for members$/.test(m.subject)),
      'the mail to the non-member',
    );
    expect(await mailedLinks(walk.drawId, outsider)).toEqual([]);
    await expectAccessible(page);
    await screenshot(page, 'draw-entry-email-step-sent-phone');
    // A page opened without its link, or with a made-up one, says so and offers the e-mail step.
    await page.goto(`/draw/${walk.drawId}/enter#${'x'.repeat(43)}`);
    await page.getByRole('alert').filter({ hasText: DRAW_MESSAGES.linkUnknown }).waitFor();
    await page.getByLabel('your member e-mail').waitFor();

    await page.goto(`/draw/${walk.drawId}`);
    await openMailedLink(page, walk.drawId, memberA);
    await fillEntry(page, { ...memberA, address: memberB.address }, 'Ada Again');
    await page.getByRole('button', { name: 'continue to the card' }).click();
    await page.getByRole('alert').filter({ hasText: DRAW_MESSAGES.duplicateEmail }).waitFor();
    await expectAccessible(page);
  });

  it('takes member B’s entry with another card and address', async () => {
    const page = await browser.open(`/draw/${walk.drawId}`, {
      clientAddress: freshClientAddress(),
      viewport: DESKTOP,
    });
    const salt = await enter(page, memberB, 'Berthe Morisot', 'draw-entry-form-desktop');
    await page.getByText('authorised with Link').waitFor();
    // Held as a card is: the PaymentIntent authorised for a later capture.
    const held = await fetch(`${inject('paymentsUrl')}/__emulator/stripe/payment_intents`).then(
      (r) =>
        r.json() as Promise<{
          data: { status: string; payment_method_types: string[]; metadata: Record<string, string> }[];
        }>,
    );
    expect(
      held.data.some((i) => i.status === 'requires_capture' && i.payment_method_types.includes('link')),
    ).toBe(true);
    walk.entries.set('B', { page, salt, url: page.url() });
    // Both are entered while the window is still open.
    expect(Date.now()).toBeLessThan(walk.closesAt);
  });

  it('takes an entry with PayPal: authorised in PayPal’s window, on the entry page, binding; withdrawn', async () => {
    // A collection piece's draw (open until 2099): member A, this time with PayPal.
    const stole = collectionPieces[0];
    if (!stole) throw new Error('the collection has pieces');
    const drawId = (await api<{ draw?: { drawId: string } }[]>(`/products/${stole.id}`)).body[0]?.draw
      ?.drawId;
    if (!drawId) throw new Error('the collection piece is offered by a draw');
    const page = await browser.open(`/draw/${drawId}`, { clientAddress: freshClientAddress() });
    await openMailedLink(page, drawId, memberA);
    await fillEntry(page, memberA, 'Mary Cassatt');
    await page.getByLabel('PayPal').check();
    // PayPal's window (the SDK stand-in's popup on the emulator's page): the buyer approves with their account.
    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      page.getByRole('button', { name: 'authorise with PayPal' }).click(),
    ]);
    await popup.getByRole('button', { name: 'Approve' }).waitFor({ timeout: 15_000 });
    await popup.getByLabel('PayPal account').fill(`${memberA.email}.paypal`);
    await screenshot(popup, 'draw-entry-paypal-popup-phone');
    await popup.getByRole('button', { name: 'Approve' }).click();
    await page.waitForURL(`**/draw/${drawId}/entry/*`, { timeout: 20_000 });
    await page
      .getByText('you are in the draw. nothing is charged unless you win.')
      .waitFor({ timeout: 15_000 });
    await page.getByText('authorised with PayPal').waitFor();
    await expectAccessible(page);
    await screenshot(page, 'draw-entry-paypal-phone');
    await page.getByRole('button', { name: 'withdraw' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'withdraw your entry?' });
    await dialog.getByRole('button', { name: 'withdraw' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'withdraw' }).count()).toBe(0);
  });

  it(
    'is drawn after its window closes: the loser lost, the script agrees, the winner has their order',
    async () => {
      // The job closes the draw, waits for its beacon round (the stand-in's period is 3 s) and settles.
      await new Promise((done) => setTimeout(done, Math.max(0, walk.closesAt - Date.now() + 200)));
      // The first run after the close fixes the list and names a round at least 10 s later: the
      // draw's page says so, and what it waits for.
      expect((await runJob('run-draws')).status).toBe(200);
      // Its list goes into the passport log with the close; the sequencer has the witnesses cosign
      // it, and the next run publishes witnessed.json and names the round it allows: the list's own
      // (a later one only if the witnesses were slower than the 10 s the list leaves them).
      await expect
        .poll(
          async () => {
            expect((await runJob('sequence-log')).status).toBe(200);
            expect((await runJob('run-draws')).status).toBe(200);
            return (await publicDraw()).roundDrawn;
          },
          { timeout: 60_000, interval: 500 },
        )
        .toBeDefined();
      const closed = await publicDraw();
      expect(closed).toMatchObject({ state: 'closed', beaconState: 'not-yet' });
      expect(closed.roundDrawn).toBeGreaterThanOrEqual(closed.round as number);
      const watcher = await browser.open(`/draw/${walk.drawId}`);
      await watcher
        .getByText('the list is fixed: 2 entries. no entry can be made or withdrawn any more.')
        .waitFor();
      // In a shopper's words: when the winner is drawn, in the shop's zone (issue 45) …
      await watcher.getByText(/the winner is drawn at about \d\d:\d\d Pacific time \(Vancouver\)/).waitFor();
      // biome-ignore lint/performance/useDomNodeTextContent: the rendered text: a closed <details> hides its content.
      expect(await watcher.locator('main').innerText()).not.toMatch(/beacon|hash|salt/i);
      // … and the verifiers' terms under their details.
      await watcher.getByText("the draw's technical details").click();
      await watcher
        .getByText(
          /the list is witnessed\. .*the draw waits for the beacon's round \d+ since .*the round is not out yet/,
        )
        .waitFor();
      await watcher.getByText('how this draw is checked').click();
      await watcher.getByRole('link', { name: /the list's witnessing/ }).waitFor();
      expect(await watcher.getByRole('heading', { name: 'enter the draw' }).count()).toBe(0);
      await expectAccessible(watcher);
      await screenshot(watcher, 'draw-page-waiting-phone');
      await expect
        .poll(
          async () => {
            expect((await runJob('run-draws')).status).toBe(200);
            return (await publicDraw()).state;
          },
          { timeout: 60_000, interval: 1500 },
        )
        .toBe('settled');
      const { winner } = await publicDraw();
      const a = walk.entries.get('A');
      const b = walk.entries.get('B');
      if (!a || !b) throw new Error('the entries were not made');
      const commitments = {
        A: await commitment(walk.drawId, a.salt),
        B: await commitment(walk.drawId, b.salt),
      };
      expect([commitments.A, commitments.B]).toContain(winner);
      const [won, lost] = winner === commitments.A ? [a, b] : [b, a];

      // The loser's page (A's at a phone's size, B's at a desktop's, whoever lost).
      await lost.page.goto(lost.url);
      await lost.page.getByText('not you this time.').waitFor({ timeout: 15_000 });
      await lost.page.getByText('Nothing was charged: your authorisation is released.').waitFor();
      await lost.page.getByText('in the published result, your entry is reserve number 1.').waitFor();
      expect(await lost.page.getByRole('button', { name: 'withdraw' }).count()).toBe(0);
      await lost.page.getByText("the draw's technical details").click();
      await lost.page
        .getByText(winner ?? 'no winner')
        .first()
        .waitFor();
      await expectAccessible(lost.page);
      await screenshot(lost.page, 'draw-entry-lost');

      // The script the page offers, on the shop's published files, with the loser's salt.
      const command = (await lost.page.locator('.draw-command').textContent()) ?? '';
      const args = command.trim().split(/\s+/).slice(2);
      expect(args).toEqual([
        `${inject('baseUrl')}/passport/draws/${walk.drawId}/entries.txt`,
        `${inject('baseUrl')}/passport/draws/${walk.drawId}/result.json`,
        '--salt',
        lost.salt,
      ]);
      const script = await runScript([...args, '--beacon', inject('drand').DRAND_URL]);
      expect(script.stderr).toBe('');
      expect(script.code).toBe(0);
      expect(script.stdout).toContain(`the winner is ${winner}, then 1 reserves`);
      expect(script.stdout).toContain('you are reserve number 1\n');
      const withdrawn = walk.entries.get('A-withdrawn');
      const gone = await runScript([...args.slice(0, 2), '--salt', withdrawn?.salt ?? '']);
      expect(gone.stdout).toContain('your entry is not in this list');

      // The winner's page, and their order.
      await won.page.goto(won.url);
      await won.page.getByText(`you won: ${piece.name} is yours.`).waitFor({ timeout: 15_000 });
      await won.page.getByText('in the published result, your entry comes first: the winner.').waitFor();
      await expectAccessible(won.page);
      await screenshot(won.page, 'draw-entry-won');
      await won.page.getByRole('link', { name: 'see your order' }).click();
      await won.page.waitForURL('**/products/success?checkoutCode=*');
      // The entry page's own "is yours" lines may still be shown for a moment after the URL changes.
      await won.page.getByText(`thank you — ${piece.name} is yours`).waitFor({ timeout: 20_000 });
      expect(((await api<{ sold: boolean }>(`/is-sold?id=${piece.id}`)).body as { sold: boolean }).sold).toBe(
        true,
      );

      // The winner receives the passport: the portal password by mail, the piece's passport in the
      // portal, and its /verify page telling a sale by a draw anyone can recompute.
      const wonEmail = won === a ? memberA.email : memberB.email;
      const password = await mailedPassword(wonEmail, 'Your authenticity portal password');
      const issued = await adminApi(await loggedInAdmin(), '/passport/certificates', {
        method: 'POST',
        json: { pid: piece.id },
      });
      expect(issued.status, issued.text).toBe(200);
      await expect
        .poll(async () => {
          expect((await runJob('sequence-log')).status).toBe(200);
          const passport = await api<{ entries: { text: string }[] }>(`/passport/pieces/${piece.id}`);
          return passport.body.entries.map((e) => JSON.parse(e.text).kind);
        })
        .toEqual(['draw', 'sale', 'issue']);
      await won.page.goto('/authenticity');
      await won.page.getByLabel('card number').fill(piece.cardNumber ?? '');
      await won.page.getByLabel('password', { exact: true }).fill(password);
      await won.page.getByRole('button', { name: 'open my piece' }).click();
      await won.page.waitForURL('**/authenticity/showingcard');
      await won.page.getByRole('heading', { name: 'passport', level: 2 }).waitFor();
      const verifyUrl = (await won.page.locator('.passport-code-text a.passport-link').textContent()) ?? '';
      await won.page.goto(verifyUrl);
      await won.page
        .getByText('Sold by the shop by a release draw anyone can recompute.')
        .waitFor({ timeout: 20_000 });
      await expectAccessible(won.page);
      await screenshot(won.page, 'draw-winner-passport');
    },
    WINDOW_MS + 180_000,
  ); // it waits for the window to close first, then for the draw

  it('is shown to staff with its counts, and its replay in the browser agrees', async () => {
    const page = await openAsStaff(browser, { path: `/view-draw/${walk.drawId}`, viewport: DESKTOP });
    await page.getByText('settled', { exact: true }).waitFor();
    const main = page.locator('main');
    await expect.poll(async () => main.textContent()).toContain('entered 2');
    expect(await main.textContent()).toContain('withdrawn 1');
    expect(await main.textContent()).toContain('not a member 1, e-mail already entered 1');
    expect(await main.textContent()).toContain('captured 1, cancelled 2, mailed 2');
    await page.getByRole('button', { name: 'replay' }).click();
    const { winner } = await publicDraw();
    await page.getByRole('status').filter({ hasText: `ok: the result follows from the list` }).waitFor();
    expect(await page.getByRole('status').filter({ hasText: 'ok:' }).textContent()).toContain(winner);
    await expectAccessible(page);
    await screenshot(page, 'draw-admin-replay-desktop');

    // The published list altered afterwards: the replay says so.
    const listUrl = `${inject('s3Url')}/${inject('mediaBucket')}/draws/${walk.drawId}/entries.txt`;
    const original = await (await fetch(listUrl)).text();
    const put = (body: string) =>
      fetch(listUrl, { method: 'PUT', headers: { 'content-type': 'text/plain' }, body });
    expect((await put(original.replace(/entries 2\n[0-9a-f]{64}\n/, 'entries 1\n'))).ok).toBe(true);
    try {
      await page.getByRole('button', { name: 'replay' }).click();
      await page
        .getByRole('alert')
        .filter({ hasText: 'the files disagree: ' })
        .filter({ hasText: 'the list was altered' })
        .waitFor();
    } finally {
      await put(original);
    }
  });
});
