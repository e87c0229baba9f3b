import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES, ADMIN_REQUEST_HEADER } from '#shared/admin.ts';
import { INFO_TITLES } from '#shared/constants.ts';
import { PORTAL_MESSAGES } from '#shared/portal.ts';
import { type Route, routes } from '../../functions/routes.ts';
import { DEMO_ADMIN } from '../../infra/local/demo/admin.ts';
import {
  buy,
  buyable,
  cookiePair,
  cookiesOf,
  json,
  loopback,
  mailedLoginLinkToken,
  mailedPassword,
  mailedResetToken,
  mailsTo,
  type Purchase,
  portalLogin,
  type Staff,
  staff,
} from '../fuzz/support/actors.ts';
import {
  type Answer,
  type Item,
  type PrivateStack,
  send,
  startPrivateStack,
} from '../fuzz/support/private-stack.ts';
import { tableChanges } from '../fuzz/support/writes.ts';
import { randomCheckoutKey } from '../support/checkout-key.ts';
import { type Capture, captureOutput } from './support/output.ts';

/**
 * The API's security promises, on a local stack of this file's own (so a scan of the whole table
 * proves that a refused call changed nothing, and the handlers' log lines can be read):
 * - every staff endpoint refuses a caller without a valid staff session (401), and every staff
 *   state change without the same-origin proof (403), changing nothing;
 * - the session cookies are HttpOnly, Secure, SameSite=Strict, __Host- cookies, and logout ends
 *   the session on the server and expires the cookie;
 * - uploads of the wrong type or size are never referenced;
 * - no password, hash, provider secret, session token or origin secret in any answer or log line.
 */
const ORIGIN_VERIFY = `origin-${randomBytes(24).toString('base64url')}`;
const WRONG_PASSWORDS = ['Wrong-Portal-Pw1', 'wrong-staff-password-for-logs'];

let stack: PrivateStack;
let output: Capture;
let admin: Staff;
let purchase: Purchase;
let ownerCookie: string;
let items: Item[];
/** Session tokens handed out during this file: none may show up in an answer body or a log line. */
const tokens: string[] = [];
/** Portal and staff passwords mailed or used during this file. */
const passwords: string[] = [DEMO_ADMIN.password, ...WRONG_PASSWORDS];
/** Every answer of this file, for the sweep at the end. */
const answers: { what: string; answer: Answer }[] = [];

/** The route-table rows this file called, by `METHOD /path` as the table writes them. */
const called = new Set<string>();
const compiled = routes.map((r) => ({
  key: `${r.method} ${r.path}`,
  method: r.method,
  pattern: new RegExp(`^${r.path.replace(/\{\w+\}/g, '[^/]+')}/?$`),
}));
function noteRoute(method: string, path: string): void {
  const bare = path.split('?')[0] ?? '';
  const row = compiled.find((r) => r.method === method && r.pattern.test(bare));
  if (row) called.add(row.key);
}

async function call(req: Parameters<typeof send>[1], what = `${req.method} ${req.path}`): Promise<Answer> {
  const answer = await send(stack.url, { from: loopback(), ...req });
  answers.push({ what, answer });
  noteRoute(req.method, req.path);
  for (const set of cookiesOf(answer)) {
    const value = set.split(';')[0]?.split('=')[1];
    if (value) tokens.push(value);
  }
  return answer;
}

/** A new staff member logged in; its password and token join the secrets of the sweep. */
async function newStaff(): Promise<Staff> {
  const s = await staff(stack);
  passwords.push(s.password);
  tokens.push(s.cookie.split('=')[1] as string);
  return s;
}

const sessionKey = (cookie: string) => ({
  pk: `SESSION#${createHash('sha256')
    .update(cookie.slice(cookie.indexOf('=') + 1))
    .digest('base64url')}`,
  sk: '#SESSION',
});
const idsOf = (kind: string) => items.filter((i) => i.kind === kind);

beforeAll(async () => {
  output = captureOutput();
  stack = await startPrivateStack({ AWS_LAMBDA_LOG_LEVEL: 'DEBUG', ORIGIN_VERIFY });
  admin = await newStaff();
  items = await stack.scan();
  const piece = buyable(items)[0];
  if (!piece) throw new Error('no piece to buy in the demo catalogue');
  purchase = await buy(stack, piece);
  passwords.push(purchase.password);
  for (const a of purchase.answers) answers.push({ what: 'purchase', answer: a });
  noteRoute('POST', '/secret');
  noteRoute('GET', `/orders/${purchase.checkoutCode}`);
  const login = await portalLogin(stack, String(piece.cardNumber), purchase.password);
  answers.push({ what: 'portal login', answer: login.answer });
  noteRoute('POST', '/authenticationcard');
  ownerCookie = login.cookie;
  tokens.push(ownerCookie.split('=')[1] as string);
  items = await stack.scan();
}, 180_000);

afterAll(async () => {
  output?.stop();
  await stack?.stop();
});

const built = routes.filter((r) => !r.pending);
const adminRoutes = built.filter((r) => r.auth === 'admin');
const stateChanging = adminRoutes.filter((r) => r.method !== 'GET');

/**
 * A request that would change something real if the guard let it through: real ids of the
 * private table in every field a handler may read, in the query and the body.
 */
function wouldChange(route: Route): { path: string; body: string } {
  const first = (kind: string) => String(idsOf(kind)[0]?.id ?? 'none');
  const product = String(buyable(items)[1]?.id ?? first('product'));
  const guide = idsOf('sizeGuide')[0];
  const step = idsOf('step')[0];
  const option = idsOf('option')[0];
  const p = route.path;
  const id = /size-guide|sg-img/.test(p)
    ? String(guide?.id)
    : /step/.test(p)
      ? String(step?.id)
      : /option/.test(p)
        ? String(option?.id)
        : /finder/.test(p)
          ? first('sizeFinder')
          : /size/.test(p)
            ? first('size')
            : /type/.test(p)
              ? first('type')
              : /order/.test(p)
                ? purchase.checkoutCode
                : /answer/.test(p)
                  ? first('answer')
                  : product;
  const fields: Record<string, unknown> = {
    id,
    pid: product,
    pId: first('type'),
    tid: first('type'),
    typeId: first('type'),
    sizeId: String(guide?.sizeId ?? first('size')),
    sizeFinderId: String(step?.sizeFinderId ?? first('sizeFinder')),
    stepsId: String(option?.stepsId ?? step?.id),
    ownerId: product,
    imageId: first('image'),
    email: purchase.email,
    name: 'changed by a stranger',
    priceUs: 1,
    cardNumber: '1234567812345678',
    colors: ['red'],
    price: 1,
    prices: [{ countryId: 'CA', price: 1 }],
    kind: 'image',
    contentType: 'image/png',
    size: 10,
    gender: 0,
    index: 1,
    type: 1,
    shortName: 'x',
    description: 'x',
    content: 'x',
    areaAmount: 1,
    urls: ['s3/collection_images/x.png'],
    url: 's3/collection_images/x.png',
    ids: [first('image')],
  };
  const query = new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)]));
  return {
    path: `${route.path.replace('{id}', purchase.checkoutCode)}?${query}`,
    body: JSON.stringify(fields),
  };
}

async function expectNothingChanged(before: Item[]): Promise<void> {
  expect(tableChanges(before, await stack.scan())).toEqual([]);
}

describe('staff endpoints refuse every caller without a valid staff session', () => {
  const kinds: Record<string, () => Promise<Record<string, string>>> = {
    'no cookie': async () => ({}),
    'a forged cookie': async () => ({ cookie: `__Host-admin=${randomBytes(32).toString('base64url')}` }),
    'an expired session': async () => {
      const s = await newStaff();
      await stack.db.send(
        new PutCommand({
          TableName: stack.tableName,
          Item: {
            ...byKeyFresh(await stack.scan(), sessionKey(s.cookie)),
            expiresAt: Math.floor(Date.now() / 1000) - 1,
          },
        }),
      );
      return { cookie: s.cookie };
    },
    'an idle session': async () => {
      const s = await newStaff();
      await stack.db.send(
        new PutCommand({
          TableName: stack.tableName,
          Item: { ...byKeyFresh(await stack.scan(), sessionKey(s.cookie)), idleUntil: Date.now() - 1 },
        }),
      );
      return { cookie: s.cookie };
    },
    'a logged-out session': async () => {
      const s = await newStaff();
      expect((await call({ method: 'DELETE', path: '/admin', headers: s.headers })).status).toBe(200);
      return { cookie: s.cookie };
    },
    "a deleted account's session": async () => {
      const s = await newStaff();
      await stack.db.send(
        new DeleteCommand({ TableName: stack.tableName, Key: { pk: `ADMIN#${s.username}`, sk: '#ADMIN' } }),
      );
      return { cookie: s.cookie };
    },
    "the portal owner's cookie": async () => ({ cookie: ownerCookie }),
    "the owner's token under the staff cookie's name": async () => ({
      cookie: `__Host-admin=${ownerCookie.split('=')[1]}`,
    }),
    "the staff token under another cookie's name": async () => ({
      cookie: `__Host-owner=${admin.cookie.split('=')[1]}; admin=${admin.cookie.split('=')[1]}`,
    }),
    'the staff token as a bearer header': async () => ({
      authorization: `Bearer ${admin.cookie.split('=')[1]}`,
    }),
  };
  const callers: [string, Record<string, string>][] = [];

  beforeAll(async () => {
    for (const [name, make] of Object.entries(kinds)) callers.push([name, await make()]);
  }, 120_000);

  it('has staff rows in the route table', () => {
    expect(adminRoutes.length).toBeGreaterThan(60);
  });

  it.each(adminRoutes.map((r) => [`${r.method} ${r.path}`, r] as const))(
    '%s: 401 "please log in." for each such caller, and the table unchanged',
    async (_name, route) => {
      const before = await stack.scan();
      const { path, body } = wouldChange(route);
      for (const [who, headers] of callers) {
        const answer = await call({
          method: route.method,
          path,
          headers: { ...headers, [ADMIN_REQUEST_HEADER]: '1', 'content-type': 'application/json' },
          ...(route.method === 'GET' ? {} : { body }),
        });
        expect(answer.status, `${route.method} ${route.path} with ${who}`).toBe(401);
        expect(answer.json, who).toEqual({ message: ADMIN_MESSAGES.notLoggedIn });
      }
      await expectNothingChanged(before);
    },
  );
});

function byKeyFresh(all: Item[], key: { pk: string; sk: string }): Item {
  const item = all.find((i) => i.pk === key.pk && i.sk === key.sk);
  if (!item) throw new Error(`no item ${key.pk}`);
  return item;
}

describe("staff state changes need the admin app's same-origin proof", () => {
  const tricks: Record<string, Record<string, string>> = {
    'without the admin request header': {},
    'from another site (Origin)': { [ADMIN_REQUEST_HEADER]: '1', origin: 'https://evil.example' },
    'from another site (Sec-Fetch-Site)': { [ADMIN_REQUEST_HEADER]: '1', 'sec-fetch-site': 'cross-site' },
    'from a sibling site (Sec-Fetch-Site)': { [ADMIN_REQUEST_HEADER]: '1', 'sec-fetch-site': 'same-site' },
    'with an Origin that is not a URL': { [ADMIN_REQUEST_HEADER]: '1', origin: 'null' },
  };

  it.each(stateChanging.map((r) => [`${r.method} ${r.path}`, r] as const))(
    '%s: 403 with a valid staff cookie but no same-origin proof, and the table unchanged',
    async (_name, route) => {
      const before = await stack.scan();
      const { path, body } = wouldChange(route);
      for (const [trick, headers] of Object.entries(tricks)) {
        const answer = await call({
          method: route.method,
          path,
          headers: { cookie: admin.cookie, 'content-type': 'application/json', ...headers },
          body,
        });
        expect(answer.status, `${route.method} ${route.path} ${trick}`).toBe(403);
        expect(answer.json, trick).toEqual({ message: ADMIN_MESSAGES.crossSite });
      }
      await expectNothingChanged(before);
    },
  );

  it('refuses a cross-site logout and portal calls, so another site cannot end or use a session', async () => {
    const before = await stack.scan();
    const evil = { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' };
    const refused = [
      await call({ method: 'DELETE', path: '/admin', headers: { cookie: admin.cookie, ...evil } }),
      await call({
        method: 'DELETE',
        path: '/authenticationcard',
        headers: { cookie: ownerCookie, ...evil },
      }),
      await call(
        json(
          'POST',
          '/transfer-auth',
          {
            cardNumber: purchase.product.cardNumber,
            pid: purchase.product.id,
            email: 'thief@evil.example',
            pwd: purchase.password,
          },
          { cookie: ownerCookie, ...evil },
        ),
      ),
      await call(json('POST', '/admin', { user: admin.username, pass: admin.password }, evil)),
      await call(
        json(
          'POST',
          '/authenticationcard',
          { cardNumber: purchase.product.cardNumber, password: purchase.password },
          evil,
        ),
      ),
      // Another site cannot report the owner's piece lost (which would stop its transfer).
      await call(json('POST', '/passport/lost', { lost: true }, { cookie: ownerCookie, ...evil })),
    ];
    expect(refused.map((a) => a.status)).toEqual([403, 403, 403, 403, 403, 403]);
    for (const answer of refused) expect(cookiesOf(answer)).toEqual([]);
    await expectNothingChanged(before);
    expect((await call({ method: 'GET', path: '/admin', headers: { cookie: admin.cookie } })).status).toBe(
      200,
    );
    expect(
      (await call({ method: 'GET', path: '/authenticationcard', headers: { cookie: ownerCookie } })).status,
    ).toBe(200);
  });
});

describe("the owner's endpoints refuse callers without a portal session", () => {
  const ownerRoutes = built.filter((r) => r.auth === 'owner');
  /** A body each owner endpoint would act on, were the caller its owner. */
  const wouldAct = (route: Route): unknown => {
    const bodies: Record<string, unknown> = {
      'POST /transfer-auth': {
        cardNumber: purchase.product.cardNumber,
        pid: purchase.product.id,
        email: 'thief@example.com',
        pwd: purchase.password,
      },
      'POST /passport/lost': { lost: true },
      'POST /passport/proofs': { days: 7 },
    };
    return bodies[`${route.method} ${route.path}`] ?? {};
  };

  it('has the portal and passport owner rows in the route table', () => {
    expect(ownerRoutes.map((r) => `${r.method} ${r.path}`)).toEqual(
      expect.arrayContaining([
        'GET /authenticationcard',
        'POST /transfer-auth',
        'POST /passport/lost',
        'POST /passport/proofs',
        'GET /passport/mine',
      ]),
    );
  });

  it('answers 401 to no cookie, a forged one, the staff cookie, and the staff token under the owner name', async () => {
    const before = await stack.scan();
    for (const cookie of [
      undefined,
      `__Host-owner=${randomBytes(32).toString('base64url')}`,
      admin.cookie,
      `__Host-owner=${admin.cookie.split('=')[1]}`,
    ]) {
      const headers: Record<string, string> = cookie ? { cookie } : {};
      for (const route of ownerRoutes) {
        const answer = await call(
          route.method === 'GET'
            ? { method: route.method, path: route.path, headers }
            : json(route.method, route.path, wouldAct(route), headers),
        );
        expect(answer, `${route.method} ${route.path} with ${cookie}`).toMatchObject({
          status: 401,
          json: { message: PORTAL_MESSAGES.notLoggedIn },
        });
      }
    }
    await expectNothingChanged(before);
  });
});

describe("a release draw's public endpoints", () => {
  it('answer an unknown draw or entry, or the wrong secret, with a 4xx and write nothing', async () => {
    const before = await stack.scan();
    const draw = `d-${randomBytes(16).toString('base64url')}`;
    const entry = `e-${randomBytes(16).toString('base64url')}`;
    const token = { token: randomCheckoutKey() };
    expect((await call({ method: 'GET', path: `/draws/${draw}` })).status).toBe(404);
    expect((await call({ method: 'GET', path: '/draws/not-a-draw' })).status).toBe(400);
    const entryBody = {
      checkoutKey: randomCheckoutKey(),
      id: 'p-x',
      name: 'A',
      phone: '1',
      email: 'a@example.com',
      address1: '1 Rue',
      city: 'Paris',
      country: 'FR',
      link: randomBytes(32).toString('base64url'),
    };
    expect((await call(json('POST', `/draws/${draw}/entries`, entryBody))).status).toBe(404);
    // Without the mailed link, no entry is even looked at.
    const { link: _link, ...unlinked } = entryBody;
    expect((await call(json('POST', `/draws/${draw}/entries`, unlinked))).status).toBe(400);
    expect((await call(json('POST', `/draws/${draw}/entry-links`, { email: 'a@example.com' }))).status).toBe(
      404,
    );
    expect(
      (await call(json('POST', `/draws/${draw}/entry-links/status`, { link: entryBody.link }))).status,
    ).toBe(404);
    for (const what of ['confirm', 'withdraw', 'status'])
      expect((await call(json('POST', `/draws/${draw}/entries/${entry}/${what}`, token))).status).toBe(404);
    await expectNothingChanged(before);
  });
});

describe("a resale proof's public status", () => {
  it('answers an unknown or malformed id without a fault, writing nothing', async () => {
    const before = await stack.scan();
    const unknown = await call({
      method: 'GET',
      path: `/passport/proofs/${randomBytes(16).toString('base64url')}`,
    });
    expect(unknown).toMatchObject({ status: 404, json: { message: 'no such proof' } });
    expect((await call({ method: 'GET', path: '/passport/proofs/not-an-id' })).status).toBe(400);
    await expectNothingChanged(before);
  });
});

/** A Set-Cookie header, parsed: name, value and attributes (lower-case names). */
function parseSetCookie(header: string) {
  const [pair = '', ...rest] = header.split(';').map((p) => p.trim());
  const at = pair.indexOf('=');
  const attributes = new Map<string, string>();
  for (const part of rest) {
    const eq = part.indexOf('=');
    attributes.set((eq < 0 ? part : part.slice(0, eq)).toLowerCase(), eq < 0 ? '' : part.slice(eq + 1));
  }
  return { name: pair.slice(0, at), value: pair.slice(at + 1), attributes };
}

function expectSessionCookie(header: string | undefined, name: string) {
  expect(header, `a ${name} cookie`).toBeDefined();
  const cookie = parseSetCookie(header as string);
  expect(cookie.name).toBe(name);
  // __Host-: Secure, Path=/ and no Domain, or the browser refuses it.
  expect(cookie.name.startsWith('__Host-')).toBe(true);
  expect(cookie.attributes.has('secure')).toBe(true);
  expect(cookie.attributes.get('path')).toBe('/');
  expect(cookie.attributes.has('domain')).toBe(false);
  expect(cookie.attributes.has('httponly')).toBe(true);
  expect(cookie.attributes.get('samesite')?.toLowerCase()).toBe('strict');
  return cookie;
}

describe('session cookies', () => {
  it('staff login: a __Host- cookie, HttpOnly, Secure, SameSite=Strict, 256 random bits, stored only as a hash', async () => {
    const s = await newStaff();
    const answer = await call(json('POST', '/admin', { user: s.username, pass: s.password }));
    expect(answer.status).toBe(200);
    // The session and (issue 36) the device cookie that tells this browser from strangers.
    expect(cookiesOf(answer)).toHaveLength(2);
    const device = expectSessionCookie(cookiesOf(answer)[1], '__Host-admin-device');
    expect(device.value).toMatch(/^[\w-]{43}$/);
    expect(JSON.stringify(await stack.scan())).not.toContain(device.value);
    const cookie = expectSessionCookie(cookiesOf(answer)[0], '__Host-admin');
    expect(cookie.value).toMatch(/^[\w-]{43}$/);
    expect(Number(cookie.attributes.get('max-age'))).toBeGreaterThan(0);
    expect(Number(cookie.attributes.get('max-age'))).toBeLessThanOrEqual(8 * 60 * 60);
    const table = JSON.stringify(await stack.scan());
    expect(table).not.toContain(cookie.value);
    expect(table).toContain(sessionKey(`x=${cookie.value}`).pk);
  });

  it('portal login: a __Host- cookie, HttpOnly, Secure, SameSite=Strict, stored only as a hash', async () => {
    const answer = await call(
      json('POST', '/authenticationcard', {
        cardNumber: purchase.product.cardNumber,
        password: purchase.password,
      }),
    );
    expect(answer.status).toBe(200);
    const cookie = expectSessionCookie(cookiesOf(answer)[0], '__Host-owner');
    expect(cookie.value).toMatch(/^[\w-]{43}$/);
    expect(Number(cookie.attributes.get('max-age'))).toBeGreaterThan(0);
    expect(JSON.stringify(await stack.scan())).not.toContain(cookie.value);
  });

  it('a refused login sets no cookie', async () => {
    const staffTry = await call(json('POST', '/admin', { user: admin.username, pass: WRONG_PASSWORDS[1] }));
    const portalTry = await call(
      json('POST', '/authenticationcard', {
        cardNumber: purchase.product.cardNumber,
        password: WRONG_PASSWORDS[0],
      }),
    );
    expect([staffTry.status, portalTry.status]).toEqual([401, 401]);
    expect([...cookiesOf(staffTry), ...cookiesOf(portalTry)]).toEqual([]);
  });

  it('a login never keeps a cookie the browser already had (no session fixation)', async () => {
    const planted = `__Host-admin=${randomBytes(32).toString('base64url')}`;
    const s = await newStaff();
    const answer = await call(
      json('POST', '/admin', { user: s.username, pass: s.password }, { cookie: planted }),
    );
    expect(cookiePair(answer)).not.toBe(planted);
    expect((await call({ method: 'GET', path: '/admin', headers: { cookie: planted } })).status).toBe(401);
    const plantedOwner = `__Host-owner=${randomBytes(32).toString('base64url')}`;
    const owner = await call(
      json(
        'POST',
        '/authenticationcard',
        { cardNumber: purchase.product.cardNumber, password: purchase.password },
        { cookie: plantedOwner },
      ),
    );
    expect(cookiePair(owner)).not.toBe(plantedOwner);
    expect(
      (await call({ method: 'GET', path: '/authenticationcard', headers: { cookie: plantedOwner } })).status,
    ).toBe(401);
  });

  it('staff logout ends the session on the server and expires the cookie', async () => {
    const s = await newStaff();
    const out = await call({ method: 'DELETE', path: '/admin', headers: s.headers });
    expect(out.status).toBe(200);
    const cleared = expectSessionCookie(cookiesOf(out)[0], '__Host-admin');
    expect(cleared.value).toBe('');
    expect(cleared.attributes.get('max-age')).toBe('0');
    expect((await stack.scan()).find((i) => i.pk === sessionKey(s.cookie).pk)).toBeUndefined();
    expect((await call({ method: 'GET', path: '/admin', headers: { cookie: s.cookie } })).status).toBe(401);
  });

  it('portal logout ends the session on the server and expires the cookie', async () => {
    const login = await portalLogin(stack, String(purchase.product.cardNumber), purchase.password);
    tokens.push(login.cookie.split('=')[1] as string);
    const out = await call({
      method: 'DELETE',
      path: '/authenticationcard',
      headers: { cookie: login.cookie },
    });
    expect(out.status).toBe(200);
    const cleared = expectSessionCookie(cookiesOf(out)[0], '__Host-owner');
    expect(cleared.value).toBe('');
    expect(cleared.attributes.get('max-age')).toBe('0');
    const all = await stack.scan();
    expect(all.find((i) => i.pk === sessionKey(login.cookie).pk)).toBeUndefined();
    expect(
      (await call({ method: 'GET', path: '/authenticationcard', headers: { cookie: login.cookie } })).status,
    ).toBe(401);
  });
});

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('0000000d49484452000000010000000108060000001f15c489', 'hex'),
]);
const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42\0\0\0\0mp42isom')]);
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(document.cookie)"/>');

interface Ticket {
  key: string;
  url: string;
  uploadUrl: string;
}

async function presign(kind: string, contentType: string, size: number): Promise<Answer> {
  return call(json('POST', '/upload-url', { kind, contentType, size }, admin.headers));
}

/** A presigned upload, then the bytes put to it as the admin's browser would (any bytes). */
async function upload(kind: string, contentType: string, announced: number, bytes: Buffer): Promise<Ticket> {
  const answer = await presign(kind, contentType, announced);
  expect(answer.status, answer.text).toBe(200);
  const ticket = answer.json as Ticket;
  const put = await fetch(ticket.uploadUrl, {
    method: 'PUT',
    headers: { 'content-type': contentType },
    body: new Uint8Array(bytes),
  });
  expect(put.status).toBe(200);
  return ticket;
}

const objectStatus = async (key: string) =>
  (await fetch(`${stack.s3Url}/${stack.mediaBucket}/${key}`, { method: 'HEAD' })).status;

/** The refused file is deleted, its ticket spent, and no item of the table names it. */
async function expectNotReferenced(ticket: Ticket): Promise<void> {
  expect(await objectStatus(ticket.key)).toBe(404);
  const all = await stack.scan();
  expect(all.filter((i) => JSON.stringify(i).includes(ticket.key))).toEqual([]);
}

describe('uploads of the wrong type or size are never referenced', () => {
  const typeOf = (kind: 'image' | 'video' | 'authenticity') =>
    kind === 'video' ? { contentType: 'video/mp4', bytes: MP4 } : { contentType: 'image/png', bytes: PNG };

  /** Real targets in the private table for the calls that reference an upload. */
  function targets() {
    const type = items.find((i) => i.kind === 'type' && typeof i.womenproductimage === 'string');
    return {
      product: String(buyable(items)[2]?.id),
      type,
      women: JSON.parse(String(type?.womenproductimage ?? '[]')) as string[],
      guide: items.find((i) => i.kind === 'sizeGuide'),
      step: items.find((i) => i.kind === 'step'),
      option: items.find((i) => i.kind === 'option'),
    };
  }
  const post = (path: string, body: unknown, method = 'POST') =>
    call(json(method, path, body, admin.headers));

  /** Every call that references an upload. */
  const references: {
    name: string;
    kind: 'image' | 'video' | 'authenticity';
    send: (url: string) => Promise<Answer>;
  }[] = [
    {
      name: 'POST /uploadimgs (product picture)',
      kind: 'image',
      send: (url) => post('/uploadimgs', { id: targets().product, type: 1, urls: [url] }),
    },
    {
      name: 'POST /uploadimgs (authenticity photo)',
      kind: 'authenticity',
      send: (url) => post('/uploadimgs', { id: targets().product, type: 2, urls: [url] }),
    },
    {
      name: 'POST /upload-product-img',
      kind: 'image',
      send: (url) => post('/upload-product-img', { id: targets().product, url }),
    },
    {
      name: 'POST /upload-video',
      kind: 'video',
      send: (url) => post('/upload-video', { pid: targets().product, urls: [url] }),
    },
    {
      name: 'POST /upload-type-video-new',
      kind: 'video',
      send: (url) => post('/upload-type-video-new', { pId: targets().type?.id, url, gender: 0 }),
    },
    {
      name: 'POST /types',
      kind: 'image',
      send: (url) => post('/types', { name: 'Upload test', gender: 0, areaAmount: 1, womenImages: [url] }),
    },
    {
      name: 'PATCH /types/productimage',
      kind: 'image',
      send: (url) => {
        const { type, women } = targets();
        return post('/types/productimage', { id: type?.id, gender: 0, urls: [...women, url] }, 'PATCH');
      },
    },
    {
      name: 'POST /upload-sg-img',
      kind: 'image',
      send: (url) => {
        const { guide } = targets();
        return post('/upload-sg-img', { id: guide?.id, sizeId: guide?.sizeId, type: 'imageUrl', url });
      },
    },
    {
      name: 'POST /upload-step-img',
      kind: 'image',
      send: (url) => {
        const { step } = targets();
        return post('/upload-step-img', { id: step?.id, sizeFinderId: step?.sizeFinderId, url });
      },
    },
    {
      name: 'POST /upload-step-video',
      kind: 'video',
      send: (url) => {
        const { step } = targets();
        return post('/upload-step-video', { id: step?.id, sizeFinderId: step?.sizeFinderId, url });
      },
    },
    {
      name: 'POST /upload-option-img',
      kind: 'image',
      send: (url) => {
        const { option } = targets();
        return post('/upload-option-img', { id: option?.id, sizeFinderId: option?.sizeFinderId, url });
      },
    },
  ];

  it('refuses to announce a file type that is not an allowed picture or film, or one too big', async () => {
    const refused: [string, string, number][] = [
      ['image', 'image/svg+xml', 100],
      ['image', 'text/html', 100],
      ['image', 'application/octet-stream', 100],
      ['authenticity', 'image/gif', 100],
      ['video', 'image/png', 100],
      ['image', 'image/png', 15 * 1024 * 1024 + 1],
      ['authenticity', 'image/jpeg', 15 * 1024 * 1024 + 1],
      ['video', 'video/mp4', 500 * 1024 * 1024 + 1],
      ['image', 'image/png', 0],
      ['image', 'image/png', -1],
    ];
    const before = await stack.scan();
    for (const [kind, contentType, size] of refused) {
      const answer = await presign(kind, contentType, size);
      expect(answer.status, `${kind} ${contentType} ${size}`).toBe(400);
      expect(typeof (answer.json as { message?: unknown }).message).toBe('string');
    }
    await expectNothingChanged(before);
  });

  it('accepts a real picture of the announced size (the check can pass)', async () => {
    const ticket = await upload('image', 'image/png', PNG.length, PNG);
    const product = String(buyable(items)[2]?.id);
    const answer = await call(
      json('POST', '/uploadimgs', { id: product, type: 1, urls: [ticket.url] }, admin.headers),
    );
    expect(answer.status, answer.text).toBe(200);
    expect(await objectStatus(ticket.key)).toBe(200);
    expect((await stack.scan()).some((i) => i.kind === 'image' && i.url === ticket.url)).toBe(true);
    // A ticket is spent once: the same file cannot be referenced twice.
    const again = await call(
      json('POST', '/upload-product-img', { id: product, url: ticket.url }, admin.headers),
    );
    expect(again.status).toBe(400);
  });

  it.each(references.map((r) => [r.name, r] as const))(
    '%s refuses a file whose first bytes are not the announced type, and deletes it',
    async (_name, target) => {
      const { kind } = target;
      const announced = typeOf(kind).contentType;
      const wrong = kind === 'video' ? PNG : SVG;
      const ticket = await upload(kind, announced, wrong.length, wrong);
      const answer = await target.send(ticket.url);
      expect(answer.status, answer.text).toBe(400);
      expect((answer.json as { message: string }).message).toBe(
        `the uploaded file is not a ${announced.split('/')[1]} file.`,
      );
      await expectNotReferenced(ticket);
    },
  );

  it.each(references.map((r) => [r.name, r] as const))(
    '%s refuses a file longer or shorter than announced, and deletes it',
    async (_name, target) => {
      const { kind } = target;
      const { contentType, bytes } = typeOf(kind);
      for (const actual of [
        Buffer.concat([bytes, Buffer.alloc(4096, 1)]),
        bytes.subarray(0, bytes.length - 4),
      ]) {
        const ticket = await upload(kind, contentType, bytes.length, actual);
        const answer = await target.send(ticket.url);
        expect(answer.status, answer.text).toBe(400);
        expect((answer.json as { message: string }).message).toBe(
          'the uploaded file does not have the announced size.',
        );
        await expectNotReferenced(ticket);
      }
    },
  );

  it('refuses files that were never issued, or issued for another use', async () => {
    const product = String(buyable(items)[2]?.id);
    const authenticity = await upload('authenticity', 'image/png', PNG.length, PNG);
    const picture = await upload('image', 'image/png', PNG.length, PNG);
    const before = await stack.scan();
    for (const [urls, type] of [
      [[authenticity.url], 1],
      [[picture.url], 2],
      [['s3/authenticity/p-aurora-08-1.jpg'], 1],
      [[`s3/collection_images/${randomUUID()}.png`], 1],
      [['s3/collection_images/../authenticity/p-aurora-08-1.jpg'], 1],
      [['https://evil.example/x.png'], 1],
    ] as const) {
      const answer = await call(json('POST', '/uploadimgs', { id: product, type, urls }, admin.headers));
      expect(answer.status, `${urls[0]} as type ${type}`).toBe(400);
      expect((answer.json as { message: string }).message).toBe(
        'this upload is unknown or expired. please upload the file again.',
      );
    }
    await expectNothingChanged(before);
  });
});

describe('no secret in any answer or log line', () => {
  const newOwner = `next-owner-${randomUUID().slice(0, 8)}@example.com`;
  const claimer = `claimer-${randomUUID().slice(0, 8)}@example.com`;

  it('runs the flows that handle secrets: transfer, reset, a claimed record, PayPal and card checkouts', async () => {
    const card = String(purchase.product.cardNumber);
    const login = await portalLogin(stack, card, purchase.password);
    tokens.push(login.cookie.split('=')[1] as string);
    const transfer = await call(
      json(
        'POST',
        '/transfer-auth',
        { cardNumber: card, pid: purchase.product.id, email: newOwner, pwd: purchase.password },
        { cookie: login.cookie },
      ),
    );
    expect(transfer.status, transfer.text).toBe(200);
    passwords.push(
      await mailedPassword(stack, newOwner, `${purchase.product.name} has been transferred to you`),
    );
    const reset = await call(json('POST', '/reset-pwd', { email: newOwner, cardNumber: card }));
    expect(reset.status, reset.text).toBe(200);
    // A cancel by a key that holds nothing: answered, releasing nothing.
    const release = await call(
      json('POST', '/secret/release', { id: purchase.product.id, checkoutKey: randomCheckoutKey() }),
    );
    expect(release.status, release.text).toBe(200);
    // The wallet sheet's price of the sold piece (refused as sold), and PayPal's SDK settings.
    const quoted = await call(
      json('POST', '/checkout/quote', { id: purchase.product.id, country: 'CA', state: 'ON' }),
    );
    expect(quoted.status, quoted.text).toBe(406);
    const paypalSdk = await call({ method: 'GET', path: '/paypal/sdk' });
    expect(paypalSdk.status, paypalSdk.text).toBe(200);
    // The API's own description and its reference page (issue 48): committed text, swept too.
    for (const path of ['/openapi.json', '/docs']) {
      const described = await call({ method: 'GET', path });
      expect(described.status, path).toBe(200);
    }
    // The mailed link's token is a secret too: it changes the password.
    const resetToken = await mailedResetToken(stack, newOwner);
    tokens.push(resetToken);
    const confirmed = await call(json('POST', '/reset-pwd/confirm', { token: resetToken }));
    expect(confirmed.status, confirmed.text).toBe(200);
    const fresh = await mailedPassword(stack, newOwner, 'Your new authenticity portal password');
    passwords.push(fresh);
    // The one-time login link: its token is a secret too (it opens the card's page once).
    const linkAsked = await call(
      json('POST', '/authenticationcard/login-link', { cardNumber: card, email: newOwner }),
    );
    expect(linkAsked.status, linkAsked.text).toBe(200);
    const linkToken = await mailedLoginLinkToken(stack, newOwner);
    tokens.push(linkToken);
    const linked = await call(json('POST', '/authenticationcard/login-link/redeem', { token: linkToken }));
    expect(linked.status, linked.text).toBe(200);
    answers.push({ what: 'login link', answer: linked });
    const back = await portalLogin(stack, card, fresh);
    tokens.push(back.cookie.split('=')[1] as string);
    answers.push({ what: 'portal login', answer: back.answer });
    answers.push({
      what: 'card',
      answer: await call({ method: 'GET', path: '/authenticationcard', headers: { cookie: back.cookie } }),
    });
    // The piece's public passport after its sale, transfer and reset: none of their secrets.
    await stack.asyncJobsIdle();
    const passport = await call({ method: 'GET', path: `/passport/pieces/${purchase.product.id}` });
    expect(passport.status, passport.text).toBe(200);
    expect((passport.json as { entries: unknown[] }).entries).toHaveLength(3);
    answers.push({ what: 'passport', answer: passport });

    const created = await call(
      json(
        'POST',
        '/products',
        {
          name: 'Sold elsewhere',
          priceUs: 100,
          cardNumber: `55${Date.now()}0`,
          singleproduct: true,
          soldOnOtherPlatform: true,
        },
        admin.headers,
      ),
    );
    expect(created.status, created.text).toBe(200);
    const claim = await call(
      json(
        'POST',
        '/product-auth',
        { pid: (created.json as { id: string }).id, email: claimer },
        admin.headers,
      ),
    );
    expect(claim.status, claim.text).toBe(200);
    passwords.push(await mailedPassword(stack, claimer, 'Your authenticity portal password'));

    items = await stack.scan();
    const [paypalPiece, cardPiece] = buyable(items);
    const form = {
      checkoutKey: randomCheckoutKey(),
      id: paypalPiece?.id,
      typeId: paypalPiece?.typeId,
      name: 'Pat Payer',
      phone: '+1 604 555 0101',
      email: 'payer@example.com',
      address1: '2 Main Street',
      city: 'Vancouver',
      state: 'BC',
      country: 'CA',
      postalCode: 'V5K 0A1',
    };
    const paypal = await call(json('POST', '/paypal/orders', form, { 'x-origin-verify': ORIGIN_VERIFY }));
    expect(paypal.status, paypal.text).toBe(200);
    // Not approved at PayPal yet: the capture is refused, and that answer is swept too.
    const capture = await call(
      json('POST', '/paypal/capture', {
        checkoutCode: (paypal.json as { checkoutCode: string }).checkoutCode,
      }),
    );
    expect(capture.status, capture.text).toBeLessThan(500);
    // Forged provider calls: their refusals are swept too.
    const forged = JSON.stringify({ id: 'evt_1', type: 'payment_intent.succeeded', data: { object: {} } });
    for (const [path, headers] of [
      ['/webhooks/stripe', { 'stripe-signature': `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}` }],
      ['/webhooks/paypal', { 'paypal-transmission-id': 'x', 'paypal-transmission-sig': 'x' }],
    ] as const) {
      const answer = await call({
        method: 'POST',
        path,
        headers: { 'content-type': 'application/json', ...headers },
        body: forged,
      });
      expect(answer.status, path).toBe(400);
    }
    if (!cardPiece) throw new Error('no second piece to buy');
    // "Continue to payment" holds the next piece (no payment yet: its answer is swept), then the
    // shopper's cancel gives it back for the purchase below.
    const holdKey = randomCheckoutKey();
    const held = await call(
      json(
        'POST',
        '/checkout/hold',
        { ...form, checkoutKey: holdKey, id: cardPiece.id, typeId: cardPiece.typeId },
        { 'x-origin-verify': ORIGIN_VERIFY },
      ),
    );
    expect(held.status, held.text).toBe(200);
    const given = await call(json('POST', '/secret/release', { id: cardPiece.id, checkoutKey: holdKey }));
    expect(given.json).toMatchObject({ released: true });
    const second = await buy(stack, cardPiece);
    passwords.push(second.password);
    for (const a of second.answers) answers.push({ what: 'purchase', answer: a });
    noteRoute('POST', '/secret');
  }, 120_000);

  it('sweeps every storefront endpoint over the demo catalogue, and every staff list', async () => {
    items = await stack.scan();
    const of = (kind: string) => items.filter((i) => i.kind === kind);
    const types = of('type');
    const products = of('product');
    const sizes = of('size');
    const genders = ['0', '1', '2'];
    const paths: string[] = [];
    for (const g of genders) paths.push(`/getTypeByGender?gender=${g}`);
    for (const t of types) {
      const tid = String(t.id);
      paths.push(`/type?id=${tid}`, `/has-sizes?id=${tid}`, `/has-single-product?id=${tid}`);
      for (const g of genders) {
        paths.push(
          `/get-pro-related-video?id=${tid}&gender=${g}`,
          `/all-steps-by-tid?tid=${tid}&gender=${g}`,
          `/sizes-by-type?tid=${tid}&gender=${g}`,
          `/getNextColor?gender=${g}&index=0&typeId=${tid}`,
        );
      }
      for (const image of [3, 4, 5, 6]) paths.push(`/get-imgs-by-pid?id=${tid}&type=${image}`);
      for (const title of INFO_TITLES) {
        paths.push(
          `/get-product-info?title=${title}&tid=${tid}`,
          `/get-product-details-info?title=${title}&tid=${tid}`,
        );
      }
      paths.push(
        `/type-discount?discountCode=${encodeURIComponent(String(t.discountCode ?? 'NONE'))}&typeId=${tid}`,
      );
    }
    for (const p of products) {
      const pid = String(p.id);
      paths.push(
        `/products/${pid}`,
        `/get-imgs-by-pid?id=${pid}&type=1`,
        `/get-vid-by-pid?id=${pid}`,
        `/is-sold?id=${pid}`,
        `/price-with-shipping?id=${pid}&tid=${String(p.typeId)}`,
        `/getProductIdByColor?gender=${String(p.gender ?? 2)}&typeId=${String(p.typeId)}&color={${(p.colors as string[] | undefined)?.join(',') ?? ''}}`,
      );
    }
    for (const s of sizes)
      for (const g of genders) paths.push(`/size-guides-for-product?sizeId=${String(s.id)}&gender=${g}`);
    paths.push(`/orders/${purchase.checkoutCode}`, '/films', '/terms', '/draws/open');

    let ok = 0;
    for (const path of paths) {
      const answer = await call({ method: 'GET', path, headers: { 'x-origin-verify': ORIGIN_VERIFY } });
      if (answer.status === 200) ok += 1;
    }
    expect(paths.length).toBeGreaterThan(500);
    // Most of the sweep reads real things: it is not a sweep of refusals.
    expect(ok / paths.length).toBeGreaterThan(0.8);

    const order = { checkoutCode: purchase.checkoutCode, id: purchase.product.id };
    const member = `member-${randomUUID().slice(0, 8)}@example.com`;
    for (const req of [
      json('POST', '/orders', order),
      json('PATCH', '/orders', order),
      json('POST', '/member', { email: member }),
      json('POST', '/answers', {
        typeId: types[0]?.id,
        email: 'skip',
        result: { '0': { shortName: 'h', val: '1' } },
      }),
      { method: 'GET', path: '/admin', headers: { cookie: admin.cookie } },
    ]) {
      expect((await call(req)).status, req.path).toBeLessThan(300);
    }
    // The member's mailed links: the confirmation, then a one-click unsubscribe (a forged one first).
    const confirmLink = (await mailsTo(stack, member))
      .at(-1)
      ?.body.text?.match(/\/world\/membership\/confirm\?token=([\w.%-]+)/)?.[1];
    expect(confirmLink).toBeTruthy();
    const memberToken = decodeURIComponent(confirmLink ?? '');
    expect((await call(json('POST', '/member/confirm', { token: memberToken }))).status).toBe(200);
    expect((await call(json('POST', `/member/unsubscribe?token=${memberToken}`, {}))).status).toBe(400);

    // Staff lists, first page of 100: records, audit (before/after of every change), members, orders.
    const adminGets = adminRoutes.filter((r) => r.method === 'GET');
    for (const route of adminGets) {
      const { path } = wouldChange(route);
      await call({ method: 'GET', path: path.replace(/offset=[^&]*/, 'offset=0'), headers: admin.headers });
    }
    for (const path of ['/audit-log', '/products-auth', '/orders', '/members', '/products']) {
      expect(
        (await call({ method: 'GET', path: `${path}?offset=0&pageSize=100`, headers: admin.headers })).status,
      ).toBe(200);
    }
    // The records searched by an owner's e-mail: the whole page of answers is swept too.
    const searched = await call(
      json('POST', '/products-auth/search', { offset: 0, pageSize: 100, searchInfo: '@' }, admin.headers),
    );
    expect(searched.status, searched.text).toBe(200);
    expect(
      (
        await call({
          method: 'GET',
          path: `/order-details?id=${purchase.checkoutCode}`,
          headers: admin.headers,
        })
      ).status,
    ).toBe(200);
  }, 300_000);

  /** Every secret of this run: what no answer body and no log line may hold. */
  function secrets(): { what: string; value: string }[] {
    const list: { what: string; value: string }[] = [
      ...passwords.map((value) => ({ what: 'a password', value })),
      ...tokens.map((value) => ({ what: 'a session token', value })),
      { what: 'ORIGIN_VERIFY', value: ORIGIN_VERIFY },
      { what: 'the Stripe secret key', value: String(process.env.STRIPE_SECRET_KEY) },
      { what: 'the Stripe webhook secret', value: String(process.env.STRIPE_WEBHOOK_SECRET) },
      { what: 'the PayPal client secret', value: String(process.env.PAYPAL_CLIENT_SECRET) },
      { what: 'the member link key', value: String(process.env.MEMBER_LINK_KEY) },
    ];
    for (const item of items) {
      // Opens the owner's commitment in the public log: shown to the owner alone.
      if (typeof item.ownerSalt === 'string') list.push({ what: 'an owner salt', value: item.ownerSalt });
      if (typeof item.passwordHash === 'string') {
        list.push({ what: `the password hash of ${String(item.pk)}`, value: item.passwordHash });
        for (const part of item.passwordHash.split('$').slice(4))
          list.push({ what: 'part of a password hash', value: part });
      }
    }
    return list.filter((s) => s.value.length >= 8 && s.value !== 'undefined');
  }

  const SECRET_SHAPES = [/\bsk_(test|live)_\w+/, /\bwhsec_\w+/, /scrypt\$\d+\$\d+\$\d+\$/];

  function leaks(text: string, extra: { what: string; value: string }[] = []): string[] {
    const found = [...secrets(), ...extra].filter((s) => text.includes(s.value)).map((s) => s.what);
    for (const shape of SECRET_SHAPES) if (shape.test(text)) found.push(`something shaped like ${shape}`);
    return [...new Set(found)];
  }

  it('knows a secret when it sees one (the sweeps are not blind)', () => {
    expect(leaks(`{"message":"x ${purchase.password} y"}`)).toContain('a password');
    expect(leaks(`cookie ${tokens[0]}`)).toContain('a session token');
    expect(leaks(`${ORIGIN_VERIFY}`)).toContain('ORIGIN_VERIFY');
    expect(leaks('key sk_test_abc')).toEqual([expect.stringContaining('something shaped like')]);
    expect(leaks('{"message":"request","route":"GET /api/type"}')).toEqual([]);
  });

  it('has called, and so swept the answers of, every row of the route table', () => {
    expect(built.map((r) => `${r.method} ${r.path}`).filter((key) => !called.has(key))).toEqual([]);
  });

  it('finds no secret in any answer of this file (bodies and headers but the Set-Cookie that carries a session)', async () => {
    items = await stack.scan();
    const hashedTokens = items
      .filter((i) => String(i.pk).startsWith('SESSION#'))
      .map((i) => ({ what: 'a hashed session token', value: String(i.pk).slice('SESSION#'.length) }));
    expect(answers.length).toBeGreaterThan(1_000);
    expect(passwords.length).toBeGreaterThanOrEqual(8);
    expect(tokens.length).toBeGreaterThan(15);
    const found: string[] = [];
    for (const { what, answer } of answers) {
      const { 'set-cookie': _cookie, ...headers } = answer.headers;
      const problems = leaks(`${JSON.stringify(headers)}\n${answer.text}`, hashedTokens);
      if (problems.length > 0) found.push(`${what} → ${answer.status}: ${problems.join(', ')}`);
    }
    expect(found).toEqual([]);
  });

  it('finds no secret in the log lines the handlers wrote during logins, transfers, checkouts and admin calls', () => {
    const lines = output.lines();
    const logged = (route: string) =>
      lines.some((l) => l.includes('"message":"request"') && l.includes(`"route":"${route}"`));
    // The capture saw the handlers' structured lines for every flow that handles a secret.
    for (const route of [
      'POST /api/admin',
      'POST /api/authenticationcard',
      'POST /api/transfer-auth',
      'POST /api/reset-pwd',
      'POST /api/reset-pwd/confirm',
      'POST /api/secret',
      'POST /api/paypal/orders',
      'POST /api/webhooks/stripe',
      'POST /api/product-auth',
      'POST /api/products',
      'POST /api/upload-url',
      'GET /api/audit-log',
    ]) {
      expect(logged(route), route).toBe(true);
    }
    expect(lines.some((l) => l.includes('"level":"INFO"') && l.includes('"message":"request refused"'))).toBe(
      true,
    );
    const found = lines.flatMap((line) => leaks(line).map((what) => `${what}: ${line.slice(0, 300)}`));
    expect(found).toEqual([]);
  });
});
