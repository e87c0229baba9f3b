import { randomUUID } from 'node:crypto';
import { ADMIN_REQUEST_HEADER } from '#shared/admin.ts';
import { addAdmin } from '#staff/admin-auth.ts';
import { type ApiAnswer, type ApiInit, api, freshClientAddress } from './api.ts';
import { pointAtLocalStack } from './stack-env.ts';

/**
 * Staff for tests: each caller gets its own account (login tries are limited per account, so
 * test files must not share one), logged in once over HTTP like the admin's browser.
 */
export interface TestAdmin {
  username: string;
  password: string;
  /** cookie + admin request header, for `api(path, { headers })` */
  headers: Record<string, string>;
  cookie: string;
}

export async function newAdmin(): Promise<{ username: string; password: string }> {
  pointAtLocalStack();
  const username = `staff-${randomUUID().slice(0, 8)}`;
  const password = `pw-${randomUUID()}`;
  await addAdmin(username, password);
  return { username, password };
}

export function sessionCookieOf(answer: ApiAnswer<unknown>): string {
  const set = answer.headers['set-cookie'];
  const first = (Array.isArray(set) ? set[0] : set) ?? '';
  return first.split(';')[0] ?? '';
}

export async function loggedInAdmin(): Promise<TestAdmin> {
  const { username, password } = await newAdmin();
  const logIn = () =>
    api('/admin', { method: 'POST', json: { user: username, pass: password }, from: freshClientAddress() });
  let login = await logIn();
  // A login the function's timeout cut short (scrypt on a machine busy with other suites): again.
  for (let again = 0; login.status === 500 && again < 3; again++) login = await logIn();
  if (login.status !== 200) throw new Error(`admin login failed: ${login.text}`);
  const cookie = sessionCookieOf(login);
  return { username, password, cookie, headers: { cookie, [ADMIN_REQUEST_HEADER]: '1' } };
}

/** An admin call with the session and header; `json` bodies as usual. */
export function adminApi<T = Record<string, unknown>>(admin: TestAdmin, path: string, init: ApiInit = {}) {
  return api<T>(path, { ...init, headers: { ...admin.headers, ...init.headers } });
}
