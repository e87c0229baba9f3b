import type { BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { inclusionProof } from '#shared/passport/merkle.ts';
import { tlogProofText } from '#shared/passport/tlog-proof.ts';
import { LOCAL_SHOP_SETTINGS } from '../../infra/local/shop-settings.ts';
import { pinRefusalSentence } from '../../web/src/verify/key-pin.ts';
import {
  completeSentence,
  FRAGMENT_REFUSALS,
  HISTORY_HEADLINE,
  HISTORY_REFUSALS,
  LOST_WARNING,
  NEXT_STEPS,
  reportedSentence,
  STATUS_SENTENCES,
  WRITE_TO,
} from '../../web/src/verify/wording.ts';
import { COMPILE_HINT } from '../../web/vite-compile-hint.ts';
import { pointAtLocalStack } from '../support/stack-env.ts';
import {
  type IssuedPiece,
  issuePiece,
  type Log,
  localSigning,
  logOf,
  pieceAnswer,
  resaleProof,
  type Signing,
  statusList,
} from '../support/verify-passports.ts';
import { DESKTOP, expectAccessible, PHONE, screenshot, startBrowser } from './support/browser.ts';

/**
 * The passport's /verify page (docs/passport.md) in Chromium, with real codes signed on the
 * local stack. The piece's endpoint (`/api/passport/pieces/<pid>`) is answered here, from a log
 * built and signed with the same key, exactly as its contract has it.
 */
const browser = startBrowser();
let signing: Signing;
let piece: IssuedPiece;
let log: Log;
/** The shop's status list with no bit set, as the page reads it for a certificate that names its bit. */
let clearList: string;

const today = () => new Date().toISOString().slice(0, 10);
const longDay = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

beforeAll(async () => {
  pointAtLocalStack();
  signing = await localSigning({
    baseUrl: inject('baseUrl'),
    s3Url: inject('s3Url'),
    mediaBucket: inject('mediaBucket'),
  });
  piece = await issuePiece(signing, { statusIndex: 5 });
  clearList = await statusList(signing, []);
  log = await logOf(piece, [
    { kind: 'issue', piece: 'this', day: '2026-03-02' },
    { kind: 'issue', piece: 'other', day: '2026-03-03' },
    { kind: 'sale', piece: 'this', day: '2026-04-10' },
    { kind: 'transfer', piece: 'this', day: '2026-06-01' },
    { kind: 'transfer', piece: 'this', day: '2026-09-15' },
  ]);
}, 60_000);

const PIECES = '**/api/passport/pieces/**';

/** Answers the piece's endpoint from this log (and the `since` the page sends). */
async function servePiece(context: BrowserContext, answer: () => { piece: IssuedPiece; log: Log }) {
  await context.route(PIECES, async (route) => {
    const since = new URL(route.request().url()).searchParams.get('since');
    const { piece: served, log: logged } = answer();
    await route.fulfill({
      json: await pieceAnswer(signing, served, logged, since === null ? undefined : Number(since)),
    });
  });
}

const verdict = (page: Page) => page.locator('#verdict');
const checks = (page: Page) => page.locator('#checks li').allTextContents();

async function openVerify(
  code: string,
  options: {
    viewport?: typeof DESKTOP;
    served?: () => { piece: IssuedPiece; log: Log };
    routes?: (context: BrowserContext) => Promise<unknown>;
  } = {},
) {
  return browser.open(`/verify#${code}`, {
    ...(options.viewport ? { viewport: options.viewport } : {}),
    beforeLoad: async (page) => {
      await recordHeadlines(page);
      await servePiece(page.context(), options.served ?? (() => ({ piece, log })));
      await page
        .context()
        .route('**/passport/status/list', (route) =>
          route.fulfill({ body: clearList, contentType: 'application/vc+jwt' }),
        );
      await options.routes?.(page.context());
    },
  });
}

/** What the page says to do next (empty when it says nothing), and where its mail link writes to. */
async function nextStep(page: Page) {
  const next = page.locator('#next');
  if (await next.isHidden()) return { text: '', mailTo: undefined };
  const href = await next.getByRole('link').getAttribute('href');
  return { text: await next.textContent(), mailTo: href ? new URL(href) : undefined };
}

const SUPPORT = LOCAL_SHOP_SETTINGS.supportEmail;
/** A larger phone than the suites' (an iPhone 12 to 15's), for the screenshots a person looks at. */
const LARGE_PHONE = { width: 390, height: 844 };
const stepText = (step: keyof typeof NEXT_STEPS) => `${NEXT_STEPS[step]} ${WRITE_TO} ${SUPPORT}.`;

/** The next step's mail link: to the shop's support address, carrying the very link opened. */
async function expectMailsTheLink(page: Page) {
  const { mailTo } = await nextStep(page);
  expect(mailTo?.protocol).toBe('mailto:');
  expect(mailTo?.pathname).toBe(SUPPORT);
  expect(mailTo?.searchParams.get('body')).toContain(page.url());
}

/** Waits for the online checks to be said. */
const checked = (page: Page) => page.locator('#checks[aria-busy="false"]').waitFor({ state: 'attached' });

/** Records every headline the page shows, from its first parse on (a mutation observer's). */
const recordHeadlines = (page: Page) =>
  page.addInitScript(() => {
    const said: string[] = [];
    Object.assign(window, { headlinesSaid: said });
    new MutationObserver(() => {
      const text = document.getElementById('verdict')?.textContent;
      if (text !== undefined && text !== said.at(-1)) said.push(text);
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
const headlinesSaid = (page: Page) =>
  page.evaluate(() => (window as unknown as { headlinesSaid: string[] }).headlinesSaid);

describe('the /verify page', () => {
  it('says Authentic with the certificate, each photograph and the history online, and still Authentic offline', async () => {
    const page = await openVerify(piece.code);
    await expect
      .poll(() => verdict(page).textContent())
      .toBe(`Authentic: piece 8 of 12 of collection Soirée, issued on ${longDay(today())}.`);
    await checked(page);
    // Headed "Authentic" once every check is done, never before.
    expect(await headlinesSaid(page)).toEqual([
      'Checking…',
      `Authentic: piece 8 of 12 of collection Soirée, issued on ${longDay(today())}.`,
    ]);
    expect(await checks(page)).toEqual([
      'The certificate matches the code: Evening bag in black satin, gold clasp.',
      STATUS_SENTENCES.clear,
      'Photograph 1 of 3 matches its certificate.',
      'Photograph 2 of 3 matches its certificate.',
      'Photograph 3 of 3 matches its certificate.',
      'Sold by the shop.',
      'Transferred 2 times, last on 15 September 2026.',
      completeSentence(6),
      // This test's log is signed here, not by the shop's sequencer: no witness of the shop's policy cosigned it.
      'The log’s checkpoint 6 is not yet witnessed: 2 of its 2 witnesses must cosign it, none has yet.',
    ]);
    // The piece in words, as its certificate gives them; the shop one tap away; no next step.
    expect(await page.locator('#piece-name').textContent()).toBe('Evening bag in black satin, gold clasp');
    expect(await page.locator('#piece-place').textContent()).toBe('Soirée collection, piece 8 of 12');
    expect((await nextStep(page)).text).toBe('');
    expect(await page.getByRole('link', { name: 'Visit the shop' }).getAttribute('href')).toBe('/');
    expect(await page.getByRole('link', { name: SUPPORT }).getAttribute('href')).toMatch(
      new RegExp(`^mailto:${SUPPORT}\\?`),
    );
    expect(await page.title()).toBe(`Passport · ${LOCAL_SHOP_SETTINGS.name}`);
    await expectAccessible(page);
    await screenshot(page, 'verify-phone');
    await page.setViewportSize(LARGE_PHONE);
    await screenshot(page, 'verify-phone-390');
    await page.setViewportSize(PHONE);

    // Once its worker has kept the page, the page opens and checks with the network off.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.context().unroute(PIECES);
    browser.expectFailures({ status: 0, path: /^\/api\/passport\/pieces\// });
    // The browser's HTTP cache (which a phone evicts when it likes) is emptied: only the worker's is left.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    await page.context().setOffline(true);
    await page.reload();
    await expect
      .poll(() => verdict(page).textContent())
      .toBe(`Authentic: piece 8 of 12 of collection Soirée, issued on ${longDay(today())}.`);
    await checked(page);
    expect(await checks(page)).toEqual([
      'Offline: the certificate, the photographs and the history were not checked (the signature was, with the keys this page keeps).',
    ]);
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(
      /\/verify-sw\.js$/,
    );
    await screenshot(page, 'verify-phone-offline');
  });

  it('shows on a desktop too, with the shop’s icon as a small PNG (an SVG icon is a whole document on the page’s thread)', async () => {
    const page = await openVerify(piece.code, { viewport: DESKTOP });
    await checked(page);
    expect(await page.locator('#piece-name').isVisible()).toBe(true);
    await screenshot(page, 'verify-desktop');
    const icons = await page
      .locator('link[rel="icon"]')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(icons).toEqual(['/favicon.png']);
    const icon = await page.request.get('/favicon.png');
    expect(icon.headers()['content-type']).toBe('image/png');
    expect(await sharp(await icon.body()).metadata()).toMatchObject({ format: 'png', width: 32, height: 32 });
  });

  it('refuses a tampered code, a code of an unknown key and what is not a code, each saying why', async () => {
    const [body, signature] = [
      piece.code.slice(0, piece.code.lastIndexOf('.')),
      piece.code.split('.').at(-1),
    ];
    const cases = [
      [`${body.replace('.8.12.', '.9.12.')}.${signature}`, FRAGMENT_REFUSALS['signature-invalid']],
      [`${body.replace(`.${signing.kid}`, '.AAAAAAAAAAA')}.${signature}`, FRAGMENT_REFUSALS['unknown-key']],
      ['c1.hello', FRAGMENT_REFUSALS['not-a-code']],
    ] as const;
    for (const [code, sentence] of cases) {
      const page = await openVerify(code);
      await expect.poll(() => verdict(page).textContent(), { message: code }).toBe(sentence);
      expect(await page.locator('#verdict').getAttribute('data-state')).toBe('refused');
      await checked(page);
      expect(await checks(page)).toEqual([]);
      // A forgery says what to do, with the shop's address; a mistyped link only to open it again.
      expect((await nextStep(page)).text, code).toBe(code === 'c1.hello' ? '' : stepText('forged'));
      expect(await page.locator('#piece').isHidden()).toBe(true);
      if (code === cases[0][0]) {
        await expectMailsTheLink(page);
        await expectAccessible(page);
        await screenshot(page, 'verify-phone-tampered');
        await page.setViewportSize(LARGE_PHONE);
        await screenshot(page, 'verify-phone-390-tampered');
        await page.setViewportSize(DESKTOP);
        await screenshot(page, 'verify-desktop-tampered');
      }
    }
  });

  it('says which photograph does not match, and warns of a piece reported lost or stolen', async () => {
    const replaced = await issuePiece(signing, { wrongPhoto: 1 });
    const lost = await logOf(replaced, [
      { kind: 'issue', piece: 'this', day: '2026-03-02' },
      { kind: 'sale', piece: 'this', day: '2026-04-10' },
      { kind: 'lost', piece: 'this', day: '2026-10-01' },
    ]);
    const page = await openVerify(replaced.code, { served: () => ({ piece: replaced, log: lost }) });
    await checked(page);
    const said = await checks(page);
    expect(said).toContain('Photograph 1 of 3 matches its certificate.');
    expect(said).toContain(
      'Photograph 2 of 3 does not match its certificate: it is not the photograph certified.',
    );
    // The loss is said first, and heads the page: never "Authentic".
    expect(said[0]).toBe(LOST_WARNING);
    expect(said).toContain('Never transferred.');
    expect(said).toContain(STATUS_SENTENCES.none);
    expect(await page.getByRole('alert').allTextContents()).toContain(LOST_WARNING);
    expect(await verdict(page).textContent()).toBe(
      reportedSentence({ ok: true, kind: 'code', ...replaced.fields }),
    );
    expect(await verdict(page).getAttribute('data-state')).toBe('refused');
    expect((await headlinesSaid(page)).filter((said) => said.startsWith('Authentic'))).toEqual([]);
    expect((await nextStep(page)).text).toBe(stepText('reported'));
    await expectMailsTheLink(page);
    // The warning is an item of the list like every other, and the page passes axe.
    expect(await page.locator('#checks > :not(li)').count()).toBe(0);
    expect(await page.locator('#checks li[role]').count()).toBe(0);
    await expectAccessible(page);
    await screenshot(page, 'verify-phone-lost');
    await page.setViewportSize(LARGE_PHONE);
    await screenshot(page, 'verify-phone-390-lost');
    await page.setViewportSize(DESKTOP);
    await screenshot(page, 'verify-desktop-lost');
  });

  it('refuses, under a warning headline and never Authentic, an answer with an entry left out, two swapped or one of another piece, and a stolen piece whose lost entry is hidden', async () => {
    const stolen = await logOf(piece, [
      { kind: 'issue', piece: 'this', day: '2026-03-02' },
      { kind: 'issue', piece: 'other', day: '2026-03-03' },
      { kind: 'sale', piece: 'this', day: '2026-04-10' },
      { kind: 'transfer', piece: 'this', day: '2026-06-01' },
      { kind: 'lost', piece: 'this', day: '2026-09-15' },
    ]);
    const honest = await pieceAnswer(signing, piece, stolen);
    // The other piece's issue entry, with its genuine proof against the same checkpoint.
    const otherEntry = {
      text: stolen.texts[1] as string,
      proof: tlogProofText({
        index: 1,
        proof: await inclusionProof(stolen.leaves, 1),
        checkpoint: honest.checkpoint as string,
      }),
    };
    const entries = honest.entries;
    const cases: [string, typeof entries, string][] = [
      ['the lost entry hidden', entries.slice(0, -1), HISTORY_REFUSALS.incomplete],
      ['the transfer left out', entries.filter((_, i) => i !== 2), HISTORY_REFUSALS.incomplete],
      [
        'two entries swapped',
        [entries[0], entries[2], entries[1], entries[3]] as typeof entries,
        HISTORY_REFUSALS['out-of-order'],
      ],
      [
        'another piece’s entry',
        [entries[0], otherEntry, entries[2], entries[3]] as typeof entries,
        HISTORY_REFUSALS['entry-invalid'],
      ],
    ];
    for (const [name, served, why] of cases) {
      const page = await browser.open(`/verify#${piece.code}`, {
        beforeLoad: async (opened) => {
          await recordHeadlines(opened);
          await opened
            .context()
            .route(PIECES, (route) => route.fulfill({ json: { ...honest, entries: served, lost: false } }));
          // The certificate names the status list: the page downloads it as the answer arrives.
          await opened
            .context()
            .route('**/passport/status/list', (route) =>
              route.fulfill({ body: clearList, contentType: 'application/vc+jwt' }),
            );
        },
      });
      await checked(page);
      expect(await verdict(page).textContent(), name).toBe(HISTORY_HEADLINE);
      expect(await page.locator('#verdict').getAttribute('data-state'), name).toBe('refused');
      expect(
        (await headlinesSaid(page)).filter((said) => said.startsWith('Authentic')),
        name,
      ).toEqual([]);
      expect(await checks(page), name).toContain(why);
      if (name === cases[0]?.[0]) await screenshot(page, 'verify-phone-incomplete');
    }
  });

  it('reads the shop’s signed status list: a set bit heads the page "Reported stolen or lost", a clear one is said, an unreadable one is not checked', async () => {
    const listed = await issuePiece(signing, { statusIndex: 77 });
    const history = await logOf(listed, [
      { kind: 'issue', piece: 'this', day: '2026-03-02' },
      { kind: 'sale', piece: 'this', day: '2026-04-10' },
    ]);
    const served = () => ({ piece: listed, log: history });
    const cases: [string | null, string, string][] = [
      [
        await statusList(signing, [77]),
        reportedSentence({ ok: true, kind: 'code', ...listed.fields }),
        STATUS_SENTENCES.reported,
      ],
      [
        await statusList(signing, [76, 78]),
        `Authentic: piece 8 of 12 of collection Soirée, issued on ${longDay(today())}.`,
        STATUS_SENTENCES.clear,
      ],
      [
        null,
        `Authentic: piece 8 of 12 of collection Soirée, issued on ${longDay(today())}.`,
        STATUS_SENTENCES.unread,
      ],
    ];
    for (const [list, headline, line] of cases) {
      const page = await browser.open(`/verify#${listed.code}`, {
        ...(list === null ? { expectFailures: [{ status: 404, path: '/passport/status/list' }] } : {}),
        beforeLoad: async (opened) => {
          await recordHeadlines(opened);
          await servePiece(opened.context(), served);
          await opened
            .context()
            .route('**/passport/status/list', (route) =>
              list === null
                ? route.fulfill({ status: 404, json: { message: 'Not Found' } })
                : route.fulfill({ body: list, contentType: 'application/vc+jwt' }),
            );
        },
      });
      await checked(page);
      expect(await checks(page), headline).toContain(line);
      expect(await verdict(page).textContent()).toBe(headline);
      // A reported piece is never headed "Authentic", not even while its list is read.
      if (headline.startsWith('Reported'))
        expect((await headlinesSaid(page)).filter((said) => said.startsWith('Authentic'))).toEqual([]);
      if (list !== null && headline.startsWith('Reported')) await screenshot(page, 'verify-phone-reported');
    }
  });

  it('keeps the checkpoint it saw and warns when the log is forked or rewritten since', async () => {
    let served = { piece, log };
    const page = await openVerify(piece.code, { served: () => served });
    await checked(page);
    // The same piece, the same size and more, but an earlier entry changed: not an extension.
    const steps = [
      { kind: 'issue', piece: 'this', day: '2026-03-02' },
      { kind: 'issue', piece: 'other', day: '2026-03-03' },
      { kind: 'sale', piece: 'this', day: '2026-04-10' },
      { kind: 'transfer', piece: 'this', day: '2026-06-01' },
      { kind: 'transfer', piece: 'this', day: '2026-09-15' },
      { kind: 'transfer', piece: 'this', day: '2026-11-01' },
    ] as const;
    // Each round ends with a map entry: the first round's stays in the log.
    const rounds = <T>(all: readonly T[]) => [
      ...all.slice(0, 5),
      { kind: 'map', piece: 'this', day: '2026-09-15' } as const,
      ...all.slice(5),
    ];
    const grown = await logOf(piece, rounds(steps));
    // An honest extension (the same entries, more: owners are committed with a fixed salt here).
    expect(grown.texts.slice(0, 6)).toEqual(log.texts);
    served = { piece, log: grown };
    await page.reload();
    await checked(page);
    expect(await checks(page)).toContain(
      'The public log extends the one this page saw before: nothing was rewritten.',
    );
    // The other piece's entry changed: at the kept size, another root (a fork); larger, no extension.
    const changed = steps.map((step, seq) => (seq === 1 ? { ...step, day: '2026-03-04' } : step));
    const alerts = () => page.getByRole('alert').allTextContents();
    served = { piece, log: await logOf(piece, rounds(changed)) };
    await page.reload();
    await checked(page);
    expect(await alerts()).toEqual([
      'Warning: the log is forked: it shows another history than the one this page saw at the same size.',
    ]);
    // The kept checkpoint is still the good one: a longer rewritten log is not an extension of it.
    served = {
      piece,
      log: await logOf(piece, rounds([...changed, { kind: 'sale', piece: 'other', day: '2026-11-20' }])),
    };
    await page.reload();
    await checked(page);
    expect(await alerts()).toEqual([
      'Warning: the history was rewritten: the log no longer extends the one this page saw before.',
    ]);
    await screenshot(page, 'verify-phone-rewritten');
  });

  // The early script reads in a worker (early-reader.ts); on its own thread where there is no
  // worker, and where its worker's script cannot be loaded.
  it.each([
    ['in its worker', true, async () => undefined],
    [
      'in a browser without workers',
      false,
      async (context: BrowserContext) =>
        context.addInitScript(() => Reflect.deleteProperty(globalThis, 'Worker')),
    ],
    [
      'when its worker’s script cannot be loaded',
      false,
      async (context: BrowserContext) =>
        context.route('**/assets/verify-reader-*.js', (route) => route.fulfill({ status: 404 })),
    ],
  ] as const)(
    'asks for the piece, then its photographs and status list, once a visit and from its early script before its own script runs, with the size of the checkpoint it kept: %s',
    async (_way, inWorker, prepare) => {
      const asked: string[] = [];
      const downloads: string[] = [];
      const photoPaths = new Set(
        (
          JSON.parse(Buffer.from(piece.certificate.split('.')[1] as string, 'base64url').toString()) as {
            credentialSubject: { photos: { path: string }[] };
          }
        ).credentialSubject.photos.map((photo) => photo.path),
      );
      let release = () => {};
      const everythingAsked = new Promise<void>((resolve) => {
        release = resolve;
      });
      const allAsked = () => {
        if (asked.length > 0 && downloads.length === photoPaths.size + 1) release();
      };
      const readers: string[] = [];
      const page = await browser.open(`/verify#${piece.code}`, {
        beforeLoad: async (opened) => {
          const context = opened.context();
          opened.on('worker', (worker) => readers.push(new URL(worker.url()).pathname));
          await prepare(context);
          await context.route(PIECES, async (route) => {
            const since = new URL(route.request().url()).searchParams.get('since');
            asked.push(since ?? 'none');
            await route.fulfill({
              json: await pieceAnswer(signing, piece, log, since === null ? undefined : Number(since)),
            });
            allAsked();
          });
          await context.route('**/passport/status/list', async (route) => {
            downloads.push('status list');
            await route.fulfill({ body: clearList, contentType: 'application/vc+jwt' });
            allAsked();
          });
          await context.route('**/media/collection_images/passport-e2e/**', async (route) => {
            downloads.push(new URL(route.request().url()).pathname);
            await route.continue();
            allAsked();
          });
          // The page's own script (not verify-early-*) is held until the piece, its photographs and
          // its status list were asked for: only the early script can ask first (without it, the
          // page never loads and this test times out).
          await context.route(/\/assets\/verify-[\w-]{8}\.js$/, async (route) => {
            await everythingAsked;
            await route.continue();
          });
        },
      });
      await checked(page);
      expect(await verdict(page).textContent()).toMatch(/^Authentic: piece 8 of 12/);
      const html = await (await page.request.get('/verify')).text();
      const early = html.indexOf('<script src="/assets/verify-early-');
      expect(early).toBeGreaterThan(0);
      const own = /<script type="module" crossorigin src="(\/assets\/verify-[\w-]{8}\.js)"/.exec(html)?.[1];
      expect(early).toBeLessThan(html.indexOf(`src="${own}"`));
      // Its own script opens with V8's compile hint (web/vite-compile-hint.ts).
      expect((await (await page.request.get(own as string)).text()).split('\n')[0]).toBe(COMPILE_HINT);
      // The next visit asks with the size of the checkpoint this one kept: once again, the page taking
      // the early script's answer (a path of its own would be asked a second time).
      await page.reload();
      await checked(page);
      expect(await checks(page)).toContain(
        'The public log extends the one this page saw before: nothing was rewritten.',
      );
      expect(asked).toEqual(['none', '6']);
      // Each once a visit: the page took the early script's downloads (its own would be a second).
      expect(downloads.sort()).toEqual([...photoPaths, ...photoPaths, 'status list', 'status list'].sort());
      // Read in the worker, the page's own list of what it fetched names none of them.
      const fetchedByPage = await page.evaluate(
        () =>
          performance
            .getEntriesByType('resource')
            .filter((entry) => /\/api\/passport\/pieces\/|\/passport\/status\/list/.test(entry.name)).length,
      );
      expect(fetchedByPage).toBe(inWorker ? 0 : 2);
      if (inWorker) expect(readers).toHaveLength(2);
      if (inWorker) expect(readers[0]).toMatch(/^\/assets\/verify-reader-[\w-]{8}\.js$/);
    },
  );

  it('says who owns the piece since when for a resale proof, and Void once the shop says it was transferred since', async () => {
    const proof = await resaleProof(signing, piece, 14);
    let state = 'valid';
    // Asked from the first visit on: a reload would be a second visit, which says the log extends
    // the checkpoint the first one kept (if the first got that far).
    const page = await openVerify(proof.text, {
      routes: (context) =>
        context.route('**/api/passport/proofs/*', (route) => route.fulfill({ json: { status: 200, state } })),
    });
    await checked(page);
    // Named as its certificate names it, never by its internal id.
    expect(await verdict(page).textContent()).toBe(
      `Authentic: the holder of this link owns “Evening bag in black satin, gold clasp”, piece 8 of 12 of collection Soirée, since April 2026; valid until ${longDay(proof.expires)} (00:00 UTC).`,
    );
    expect(await verdict(page).textContent()).not.toContain(piece.pieceId);
    expect(await page.locator('#piece-name').textContent()).toBe('Evening bag in black satin, gold clasp');
    expect(await checks(page)).toEqual([
      'The shop confirms this proof still stands.',
      'Sold by the shop.',
      'Transferred 2 times, last on 15 September 2026.',
      completeSentence(6),
      // This test's log is signed here, not by the shop's sequencer: no witness of the shop's policy cosigned it.
      'The log’s checkpoint 6 is not yet witnessed: 2 of its 2 witnesses must cosign it, none has yet.',
    ]);
    await screenshot(page, 'verify-phone-proof');
    state = 'voided';
    await page.reload();
    await checked(page);
    expect(await verdict(page).textContent()).toBe(FRAGMENT_REFUSALS.voided);
    expect(await page.locator('#verdict').getAttribute('data-state')).toBe('refused');
    // The reload's headlines (the init script runs again): a void proof is never headed "Authentic".
    expect(await headlinesSaid(page)).toEqual(['Checking…', FRAGMENT_REFUSALS.voided]);
    expect((await nextStep(page)).text).toBe(stepText('voided'));
  });

  it('pins the keys it has seen and refuses a key list that drops one, saying so', async () => {
    const page = await openVerify(piece.code);
    await checked(page);
    // The keys the page pinned: the published set (other suites may have rotated the key), the
    // certificate keys by kid and the log's keys by their vkey's key hash.
    const pinned = await page.evaluate(async () => {
      const set = (await (await fetch('/.well-known/passport-keys.json')).json()) as {
        keys: { kid: string }[];
        logKeys?: { vkey: string }[];
      };
      return [
        ...set.keys.map((key) => key.kid),
        ...(set.logKeys ?? []).map((key) => key.vkey.split('+')[1] ?? key.vkey),
      ];
    });
    expect(pinned).toContain(signing.kid);
    await page
      .context()
      .route('**/.well-known/passport-keys.json', (route) =>
        route.fulfill({ json: { issuer: signing.keys.issuer, keys: [] } }),
      );
    await page.reload();
    await checked(page);
    expect(await verdict(page).textContent()).toMatch(/^Authentic: piece 8 of 12/);
    expect(await page.getByRole('alert').allTextContents()).toEqual([
      pinRefusalSentence({ ok: false, keys: signing.keys, reason: 'dropped', kids: pinned }),
    ]);
  });

  it('stays registered when the shop starts, while the shop unregisters every other worker (000 §9)', async () => {
    const page = await openVerify(piece.code);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    // Another worker of the origin, as the old shop's was.
    await page.evaluate(() =>
      navigator.serviceWorker.register('/verify-sw.js', { scope: '/old-shop/' }).then(() => undefined),
    );
    const scopes = () =>
      page.evaluate(async () =>
        (await navigator.serviceWorker.getRegistrations()).map((r) => new URL(r.scope).pathname).sort(),
      );
    expect(await scopes()).toEqual(['/old-shop/', '/verify']);
    await page.goto('/home');
    await page.getByRole('navigation', { name: 'Main menu' }).waitFor();
    await expect.poll(scopes).toEqual(['/verify']);
  });
});
