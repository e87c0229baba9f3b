import { createHash } from 'node:crypto';
import { httpError } from '#platform/http-error.ts';
import { logger } from '#platform/logger.ts';
import { hashPassword, verifyPassword } from '#platform/passwords.ts';
import { ADMIN_LIMITS, ADMIN_MESSAGES } from '#shared/admin.ts';
import { knownDevice, rememberDevice } from '#table/devices.ts';
import {
  clearThrottle,
  giveBackAttempt,
  giveBackThrottledTry,
  type Limit,
  type Throttle,
  takeAttempt,
  takeThrottledTry,
} from '#table/rate-limit.ts';
import { createSession, readSession } from '#table/sessions.ts';
import { type AdminEntity, createAdmin, getAdmin } from './entities/admin.ts';

/**
 * Staff login (001 §6): the server decides, never the browser's stored username. Wrong
 * username and wrong password get the same answer after the same scrypt work. Only wrong
 * passwords count (a right one gives its try back), per account and client, so no stranger can
 * keep the staff out:
 * - a browser that logged in to the account before (its device cookie) is counted on its own
 *   throttle for the account, which nobody else touches;
 * - any other client is counted by its address (20 wrong tries in 15 minutes, then refused) and,
 *   past 5 wrong tries on the account in 15 minutes from all such clients, slowed down (30 s,
 *   doubling to 5 minutes), never locked; the 5th raises a logged alarm.
 */
const window = ADMIN_LIMITS.loginWindowSeconds;
export const ADMIN_LOGIN_LIMITS = {
  address: { name: 'admin-login-address', max: ADMIN_LIMITS.loginTriesPerAddress, windowSeconds: window },
} satisfies Record<string, Limit>;

/** Strangers' wrong passwords on one account: free up to the cap, then slowed, never locked. */
export const ADMIN_ACCOUNT_THROTTLE: Throttle = {
  name: 'admin-login-account',
  freeTries: ADMIN_LIMITS.loginTriesPerAccount,
  firstDelaySeconds: ADMIN_LIMITS.loginFirstDelaySeconds,
  maxDelaySeconds: ADMIN_LIMITS.loginMaxDelaySeconds,
  windowSeconds: window,
};

/** The same numbers for one device that logged in to the account before, counted on its own. */
export const ADMIN_DEVICE_THROTTLE: Throttle = { ...ADMIN_ACCOUNT_THROTTLE, name: 'admin-login-device' };

/** A hash of a secret nobody kept (same parameters as real ones), for unknown usernames. */
const NO_ACCOUNT_HASH =
  'scrypt$131072$8$1$hEebmw4u8m3lG0Hi/8NOtg==$bf3YFuisxBPfuShtFE+a2qRQoT7rAPjXOvRlu6s+714=';

export const USERNAME = /^[a-z0-9][a-z0-9._-]{1,63}$/;

export interface StaffClient {
  address: string;
  deviceToken: string | undefined;
}

export async function logInAdmin(
  user: string,
  pass: string,
  client: StaffClient,
  now = Date.now(),
): Promise<{ username: string; token: string; deviceToken: string }> {
  const username = user.toLowerCase();
  const valid = USERNAME.test(username);
  const [device, admin] = await Promise.all([
    valid ? knownDevice('admin', client.deviceToken, username, now) : undefined,
    valid ? getAdmin(username) : undefined,
  ]);
  const account = admin?.username ?? username;
  if (device && admin) {
    const subject = `${account}#${createHash('sha256')
      .update(client.deviceToken ?? '')
      .digest('base64url')}`;
    const deviceTry = await takeThrottledTry(ADMIN_DEVICE_THROTTLE, subject, now);
    if (!deviceTry.allowed) throw httpError(429, ADMIN_MESSAGES.loginSlowed);
    if (!(await verifyPassword(pass, admin.passwordHash))) throw httpError(401, ADMIN_MESSAGES.loginFailed);
    await clearThrottle(ADMIN_DEVICE_THROTTLE, subject);
    return openAdminSession(admin.username, client.deviceToken, now);
  }
  if (!(await takeAttempt(ADMIN_LOGIN_LIMITS.address, client.address, now))) {
    throw httpError(429, ADMIN_MESSAGES.loginLimited);
  }
  const accountTry = await takeThrottledTry(ADMIN_ACCOUNT_THROTTLE, account, now);
  if (!accountTry.allowed) {
    await giveBackAttempt(ADMIN_LOGIN_LIMITS.address, client.address, now);
    throw httpError(429, ADMIN_MESSAGES.loginSlowed);
  }
  const matches = await verifyPassword(pass, admin?.passwordHash ?? NO_ACCOUNT_HASH);
  if (!admin || !matches) {
    if (admin && accountTry.tries === ADMIN_ACCOUNT_THROTTLE.freeTries) {
      // The staff's alarm: a metric filter on this line pages the operators.
      logger.warn('staff login alarm', {
        alarm: 'staff-failed-logins',
        username: admin.username,
        tries: accountTry.tries,
        windowSeconds: ADMIN_ACCOUNT_THROTTLE.windowSeconds,
      });
    }
    throw httpError(401, ADMIN_MESSAGES.loginFailed);
  }
  await Promise.all([
    giveBackAttempt(ADMIN_LOGIN_LIMITS.address, client.address, now),
    giveBackThrottledTry(ADMIN_ACCOUNT_THROTTLE, account, accountTry),
  ]);
  return openAdminSession(admin.username, client.deviceToken, now);
}

async function openAdminSession(username: string, deviceToken: string | undefined, now: number) {
  const [token, device] = await Promise.all([
    createSession({
      kind: 'admin',
      subject: username,
      idleSeconds: ADMIN_LIMITS.sessionIdleSeconds,
      absoluteSeconds: ADMIN_LIMITS.sessionAbsoluteSeconds,
    }),
    rememberDevice({ kind: 'admin', token: deviceToken, subject: username, now }),
  ]);
  return { username, token, deviceToken: device };
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
