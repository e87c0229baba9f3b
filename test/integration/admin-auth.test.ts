import { createHash } from 'node:crypto';
import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ADMIN_MESSAGES, ADMIN_REQUEST_HEADER } from '#shared/admin.ts';
import { routes } from '../../functions/routes.ts';
import { DEMO_ADMIN } from '../../infra/local/demo/admin.ts';
import { loggedInAdmin, newAdmin, sessionCookieOf, type TestAdmin } from '../support/admin.ts';
import { api, freshClientAddress } from '../support/api.ts';
import { db, getRaw, itemsWithPrefix, putItems } from '../support/db.ts';
import { productEntity, store, typeEntity } from '../support/fixtures.ts';

/** Staff authentication: login, sessions, and every admin endpoint refusing anyone without one. */
const sessionPk = (cookie: string) =>
  `SESSION#${createHash('sha256')
    .update(cookie.slice(cookie.indexOf('=') + 1))
    .digest('base64url')}`;

function login(user: string, pass: string, from = freshClientAddress()) {
  return api<{ status: number; userName: string; message: string }>('/admin', {
    method: 'POST',
    json: { user, pass },
    from,
  });
}

describe('staff login', () => {
  it('logs the demo admin of the local stack in with an HttpOnly, Secure, SameSite=Strict session', async () => {
    const answer = await login(DEMO_ADMIN.username, DEMO_ADMIN.password);
    expect(answer).toMatchObject({ status: 200, body: { status: 200, userName: DEMO_ADMIN.username } });
    // The session cookie, and (issue 36) the device cookie that tells this browser from strangers.
    const set = [answer.headers['set-cookie'] ?? []].flat();
    expect(set.find((c) => c.startsWith('__Host-admin='))).toMatch(
      /^__Host-admin=[\w-]{43}; Path=\/; Max-Age=28800; HttpOnly; Secure; SameSite=Strict$/,
    );
    expect(set.find((c) => c.startsWith('__Host-admin-device='))).toMatch(
      /^__Host-admin-device=[\w-]{43}; Path=\/; Max-Age=34560000; HttpOnly; Secure; SameSite=Strict$/,
    );
    const me = await api('/admin', { headers: { cookie: sessionCookieOf(answer) } });
    expect(me).toMatchObject({ status: 200, body: { userName: DEMO_ADMIN.username } });
  });

  it('says "get out of here!" to a wrong password and to an unknown user alike', async () => {
    const { username } = await newAdmin();
    const wrong = await login(username, 'not-the-password-at-all');
    const unknown = await login('nobody-here', 'not-the-password-at-all');
    for (const answer of [wrong, unknown]) {
      expect(answer).toMatchObject({ status: 401, body: { message: ADMIN_MESSAGES.loginFailed } });
      expect(answer.headers['set-cookie']).toBeUndefined();
      expect(answer.ddbRequests).toBe(4);
    }
  });

  it('slows strangers down after 5 wrong passwords on an account, never its staff: the right password still gets in', async () => {
    // Issue 36: five wrong passwords from anywhere used to lock the account for 15 minutes.
    const { username, password } = await newAdmin();
    for (let i = 0; i < 5; i++) expect((await login(username, 'wrong-password-xyz')).status).toBe(401);
    expect((await login(username, password)).status).toBe(200);
    expect((await login(username, 'wrong-password-xyz')).status).toBe(401);
    expect(await login(username, 'wrong-password-xyz')).toMatchObject({
      status: 429,
      body: { message: ADMIN_MESSAGES.loginSlowed },
    });
  });

  it('blocks the 21st try from one address across accounts', async () => {
    const from = freshClientAddress();
    for (let i = 0; i < 20; i++)
      expect((await login(`ghost-${i}`, 'wrong-password-xyz', from)).status).toBe(401);
    const { username, password } = await newAdmin();
    expect((await login(username, password, from)).status).toBe(429);
    expect((await login(username, password)).status).toBe(200);
  }, 90_000);

  it('ends the session at logout', async () => {
    const admin = await loggedInAdmin();
    const out = await api('/admin', { method: 'DELETE', headers: admin.headers });
    expect(out.status).toBe(200);
    expect(String(out.headers['set-cookie'])).toContain('Max-Age=0');
    expect((await api('/admin', { headers: admin.headers })).status).toBe(401);
    expect(await getRaw(sessionPk(admin.cookie), '#SESSION')).toBeUndefined();
  });

  it('refuses state changes without the admin header or from another site (403), whatever the session', async () => {
    const admin = await loggedInAdmin();
    const body = { kind: 'image', contentType: 'image/png', size: 10 };
    const noHeader = await api('/upload-url', {
      method: 'POST',
      json: body,
      headers: { cookie: admin.cookie },
    });
    expect(noHeader).toMatchObject({ status: 403, body: { message: ADMIN_MESSAGES.crossSite } });
    const crossSite = await api('/upload-url', {
      method: 'POST',
      json: body,
      headers: { ...admin.headers, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.status).toBe(403);
    // Neither refused call left an upload ticket; the same call with the header does.
    expect((await itemsWithPrefix('UPLOAD#')).filter((u) => u.admin === admin.username)).toEqual([]);
    expect((await api('/upload-url', { method: 'POST', json: body, headers: admin.headers })).status).toBe(
      200,
    );
    expect((await itemsWithPrefix('UPLOAD#')).filter((u) => u.admin === admin.username)).toHaveLength(1);
  });
});

/** A value for every parameter name an admin endpoint may take, pointing at real canary items. */
const canaryType = typeEntity({ name: 'Canary collection' });
const canaryProduct = productEntity(canaryType, { name: 'Canary piece', cardNumber: '9999888877776666' });
const ids = {
  id: canaryProduct.id,
  pid: canaryProduct.id,
  pId: canaryProduct.id,
  tid: canaryType.id,
  typeId: canaryType.id,
};

function requestFor(route: { method: string; path: string }) {
  const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) => ids[name as keyof typeof ids] ?? 'x');
  const query = new URLSearchParams({ ...ids, offset: '0', pageSize: '10', type: '1', gender: '0' });
  const json =
    route.method === 'GET'
      ? undefined
      : {
          ...ids,
          ...canaryProduct,
          name: 'changed by a stranger',
          email: 'canary@example.com',
          token: 'x',
          price: 1,
          kind: 'image',
          contentType: 'image/png',
          size: 10,
        };
  return { path: `${path}?${query}`, json };
}

describe('every admin endpoint', () => {
  const adminRows = routes.filter((r) => r.auth === 'admin' && !r.pending);
  let deletedAdmin: TestAdmin;
  let expiredCookie: string;
  const suspects: string[] = [];
  /**
   * What a refused call could have left: an audit entry or upload ticket in the name of this
   * test's (refused) staff, or a change to the canary items. Other test files change other
   * things meanwhile, so only these are compared.
   */
  const traces = async () => ({
    audit: (await itemsWithPrefix('AUDIT#')).filter(
      (a) =>
        suspects.includes(String(a.admin)) || [canaryType.id, canaryProduct.id].includes(String(a.entityId)),
    ),
    uploads: (await itemsWithPrefix('UPLOAD#')).filter((u) => suspects.includes(String(u.admin))),
    type: await getRaw(`TYPE#${canaryType.id}`, '#TYPE'),
    product: await getRaw(`PRODUCT#${canaryProduct.id}`, '#PRODUCT'),
  });

  beforeAll(async () => {
    await store({ type: canaryType, products: [canaryProduct] });
    deletedAdmin = await loggedInAdmin();
    await db().send(
      new DeleteCommand({
        TableName: inject('tableName'),
        Key: { pk: `ADMIN#${deletedAdmin.username}`, sk: '#ADMIN' },
      }),
    );
    const expiring = await loggedInAdmin();
    expiredCookie = expiring.cookie;
    suspects.push(deletedAdmin.username, expiring.username);
    const session = await getRaw(sessionPk(expiring.cookie), '#SESSION');
    await putItems([{ ...session, expiresAt: Math.floor(Date.now() / 1000) - 1 }]);
  });

  it('has admin rows to check', () => {
    expect(adminRows.length).toBeGreaterThanOrEqual(3);
  });

  it.each(adminRows.map((r) => [`${r.method} ${r.path}`, r] as const))(
    "%s answers 401 with no session, an expired one, a forged cookie and a deleted admin's, changing nothing",
    async (_name, route) => {
      const before = await traces();
      const { path, json } = requestFor(route);
      const cookies = [undefined, expiredCookie, `__Host-admin=${'A'.repeat(43)}`, deletedAdmin.cookie];
      for (const cookie of cookies) {
        const answer = await api(path, {
          method: route.method,
          ...(json ? { json } : {}),
          headers: { [ADMIN_REQUEST_HEADER]: '1', ...(cookie ? { cookie } : {}) },
        });
        expect(answer.status, `${route.method} ${path} with ${cookie ?? 'no cookie'}`).toBe(401);
        expect(answer.body).toEqual({ message: ADMIN_MESSAGES.notLoggedIn });
      }
      expect(await traces()).toEqual(before);
    },
  );
});
