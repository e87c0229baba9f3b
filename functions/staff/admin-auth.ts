import { httpError } from '#platform/http-error.ts';
import { hashPassword, verifyPassword } from '#platform/passwords.ts';
import { ADMIN_LIMITS, ADMIN_MESSAGES } from '#shared/admin.ts';
import { type Limit, takeAttempt } from '#table/rate-limit.ts';
import { createSession, readSession } from '#table/sessions.ts';
import { type AdminEntity, createAdmin, getAdmin } from './entities/admin.ts';

/**
 * Staff login (001 §6): the server decides, never the browser's stored username. Wrong
 * username and wrong password get the same answer after the same scrypt work; tries are counted
 * per account and per address.
 */
const window = ADMIN_LIMITS.loginWindowSeconds;
export const ADMIN_LOGIN_LIMITS = {
  account: { name: 'admin-login-account', max: ADMIN_LIMITS.loginTriesPerAccount, windowSeconds: window },
  address: { name: 'admin-login-address', max: ADMIN_LIMITS.loginTriesPerAddress, windowSeconds: window },
} satisfies Record<string, Limit>;

/** A hash of a secret nobody kept (same parameters as real ones), for unknown usernames. */
const NO_ACCOUNT_HASH =
  'scrypt$131072$8$1$hEebmw4u8m3lG0Hi/8NOtg==$bf3YFuisxBPfuShtFE+a2qRQoT7rAPjXOvRlu6s+714=';

export const USERNAME = /^[a-z0-9][a-z0-9._-]{1,63}$/;

export async function logInAdmin(
  user: string,
  pass: string,
  address: string,
): Promise<{ username: string; token: string }> {
  const username = user.toLowerCase();
  const allowed = await Promise.all([
    takeAttempt(ADMIN_LOGIN_LIMITS.account, username),
    takeAttempt(ADMIN_LOGIN_LIMITS.address, address),
  ]);
  if (!allowed.every(Boolean)) throw httpError(429, ADMIN_MESSAGES.loginLimited);
  const admin = USERNAME.test(username) ? await getAdmin(username) : undefined;
  const matches = await verifyPassword(pass, admin?.passwordHash ?? NO_ACCOUNT_HASH);
  if (!admin || !matches) throw httpError(401, ADMIN_MESSAGES.loginFailed);
  const token = await createSession({
    kind: 'admin',
    subject: admin.username,
    idleSeconds: ADMIN_LIMITS.sessionIdleSeconds,
    absoluteSeconds: ADMIN_LIMITS.sessionAbsoluteSeconds,
  });
  return { username: admin.username, token };
}

/** The staff member behind a live admin session whose account still exists; else 401. */
export async function adminOfSession(token: string | undefined): Promise<string> {
  const session = await readSession('admin', token);
  const admin = session ? await getAdmin(session.subject) : undefined;
  if (!admin) throw httpError(401, ADMIN_MESSAGES.notLoggedIn);
  return admin.username;
}

export async function addAdmin(username: string, password: string): Promise<AdminEntity> {
  if (!USERNAME.test(username)) {
    throw new Error('the username is 2–64 characters: lower-case letters, digits, dot, dash, underscore');
  }
  if (password.length < ADMIN_LIMITS.passwordMinLength) {
    throw new Error(`the password needs at least ${ADMIN_LIMITS.passwordMinLength} characters`);
  }
  const admin: AdminEntity = {
    kind: 'admin',
    username,
    passwordHash: await hashPassword(password),
    createdAt: new Date().toISOString(),
  };
  if (!(await createAdmin(admin))) throw new Error(`the admin ${username} exists already`);
  return admin;
}
