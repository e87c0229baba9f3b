import { createHash } from 'node:crypto';
import { getProductCollection, getType } from '#catalog/index.ts';
import { sequenceSoon } from '#passport/index.ts';
import { httpError } from '#platform/http-error.ts';
import { logger, safeError } from '#platform/logger.ts';
import type { sendMail as SendMail } from '#platform/mail.ts';
import { generatePassword, hashPassword, verifyPassword } from '#platform/passwords.ts';
import { IMAGE_TYPE } from '#shared/constants.ts';
import type { PortalCard } from '#shared/contracts/authenticity.ts';
import { PASSPORT_MESSAGES } from '#shared/passport/messages.ts';
import { PORTAL_LIMITS, PORTAL_MESSAGES } from '#shared/portal.ts';
import { momentInWords } from '#shared/time-words.ts';
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
import { createSession, endSession, sessionItemKey } from '#table/sessions.ts';
import type { AuthRecordEntity } from './entities/auth-record.ts';
import { getAuthRecord, transferRecord } from './entities/auth-record.ts';
import { issueLoginLink, spendLoginLink } from './entities/login-link.ts';
import { issueResetToken, readResetToken, resetWithToken } from './entities/reset-token.ts';
import { ownerSession } from './owner-session.ts';
import { portalLink } from './portal-link.ts';

/**
 * The SES client loads on the paths that send mail (transfer, reset), and the S3 client on the
 * path that shows the photos (a login that succeeds): a refused login loads neither.
 */
const sendMail: typeof SendMail = async (mail) => (await import('#platform/mail.ts')).sendMail(mail);
const privateMediaLinks = () => import('#platform/media-links.ts');

/** An authenticity photo as its owner's browser loads it: a signed link and its signed set. */
async function signedPhoto(photo: { id: string; url: string }) {
  const { privateMediaLink, privatePictureSet } = await privateMediaLinks();
  const [url, srcset] = await Promise.all([privateMediaLink(photo.url), privatePictureSet(photo.url)]);
  return { id: photo.id, url, ...(srcset ? { srcset } : {}) };
}

/**
 * The authenticity portal (001 §1, §5, §7, §8): a card number and a password are all that
 * stand between a counterfeiter and a "genuine" page, so every answer that could tell a wrong
 * number from a wrong password is the same, in words and in time, and every try is counted.
 */
const day = PORTAL_LIMITS.daySeconds;
export const PORTAL_RATE_LIMITS = {
  loginAddress: { name: 'portal-login-address', max: PORTAL_LIMITS.loginTriesPerDay, windowSeconds: day },
  transferCard: { name: 'portal-transfer-card', max: PORTAL_LIMITS.transferTriesPerDay, windowSeconds: day },
  transferAddress: {
    name: 'portal-transfer-address',
    max: PORTAL_LIMITS.transferTriesPerDay,
    windowSeconds: day,
  },
  /** Reset links mailed per card a day: counted only when the email matches, never shown. */
  resetCard: { name: 'portal-reset-card', max: PORTAL_LIMITS.resetsPerCardPerDay, windowSeconds: day },
  /** Reset requests per address and card number a day, whatever the email: "already tried". */
  resetAddressCard: {
    name: 'portal-reset-address-card',
    max: PORTAL_LIMITS.resetsPerCardPerDay,
    windowSeconds: day,
  },
  resetAddress: {
    name: 'portal-reset-address',
    max: PORTAL_LIMITS.resetTriesPerAddressPerDay,
    windowSeconds: day,
  },
  loginLinkAddress: {
    name: 'portal-link-address',
    max: PORTAL_LIMITS.loginLinkTriesPerAddressPerDay,
    windowSeconds: day,
  },
  /** Login links mailed per card a day: counted only when the email matches, never shown. */
  loginLinkCard: { name: 'portal-link-card', max: PORTAL_LIMITS.loginLinksPerCardPerDay, windowSeconds: day },
  /** Links that did not work, per client address a day (a right one is given back). */
  loginLinkRedeemAddress: {
    name: 'portal-link-redeem-address',
    max: PORTAL_LIMITS.loginTriesPerDay,
    windowSeconds: day,
  },
} satisfies Record<string, Limit>;

/**
 * A card's wrong passwords from clients it has not seen log in slow those clients' tries down
 * rather than lock the card: the owner's known devices are not counted here and the owner's
 * one-time login link is not slowed, and the owner hears of it.
 */
export const LOGIN_CARD_THROTTLE: Throttle = {
  name: 'portal-login-card',
  freeTries: PORTAL_LIMITS.loginTriesPerDay,
  firstDelaySeconds: PORTAL_LIMITS.loginFirstDelaySeconds,
  maxDelaySeconds: PORTAL_LIMITS.loginMaxDelaySeconds,
  windowSeconds: day,
};

/** The same numbers for one device that logged in to the card before, counted on its own. */
export const LOGIN_DEVICE_THROTTLE: Throttle = { ...LOGIN_CARD_THROTTLE, name: 'portal-login-device' };

/**
 * A hash of a random secret nobody kept, at the same scrypt parameters as real ones: checking
 * a password against it when the card is unknown (or has no password) costs what a real check
 * costs, so response times do not reveal which card numbers exist.
 */
const NO_RECORD_HASH =
  'scrypt$131072$8$1$hEebmw4u8m3lG0Hi/8NOtg==$bf3YFuisxBPfuShtFE+a2qRQoT7rAPjXOvRlu6s+714=';

const tooManyTries = () => httpError(429, PORTAL_MESSAGES.tooManyTries);
const wrongCredentials = () => httpError(401, PORTAL_MESSAGES.wrongCredentials);

/** Counts the try against every limit at once; refused if any of them is spent. */
async function countTry(limits: [Limit, string][]): Promise<boolean> {
  const allowed = await Promise.all(limits.map(([limit, subject]) => takeAttempt(limit, subject)));
  return allowed.every(Boolean);
}

/** True when the password opens the record; always does one full scrypt check. */
async function passwordOpens(record: AuthRecordEntity | undefined, password: string): Promise<boolean> {
  const usable = record?.email && record.passwordHash ? record.passwordHash : undefined;
  const matches = await verifyPassword(password, usable ?? NO_RECORD_HASH);
  return matches && usable !== undefined;
}

export async function cardView(record: AuthRecordEntity): Promise<PortalCard> {
  const { product, images } = await getProductCollection(record.pid);
  const type = product ? await getType(product.typeId, ['authPortalText']) : undefined;
  const photos = images
    .filter((image) => image.type === IMAGE_TYPE.authenticity)
    .sort((a, b) => a.index - b.index);
  return {
    status: 200 as const,
    id: record.pid,
    name: product?.name ?? record.name,
    email: record.email ?? '',
    authPortalText: type?.authPortalText ?? '',
    cardNumber: record.cardNumber,
    photos: await Promise.all(photos.map(signedPhoto)),
  };
}

/** Who is trying: the device cookie the browser sent (if any) and the client address. */
export interface LoginClient {
  address: string;
  deviceToken: string | undefined;
}

/** A login's outcome: the owner's page, the new session and the device cookie's token. */
export interface OwnerLogin {
  card: PortalCard;
  token: string;
  deviceToken: string;
}

/**
 * Only wrong passwords count, per card and client, so no stranger can keep the owner out:
 * - a device that logged in to this card before (its device cookie, for the record's present
 *   credentials) is counted on its own throttle for the card, which nobody else touches;
 * - any other client is counted by its address (ten wrong tries a day, then refused for the
 *   day) and, past ten wrong tries a day on the card from all such clients, slowed down
 *   (growing delays, at most 5 minutes; the owner is mailed at the tenth). Its way in that no
 *   stranger can slow is the one-time login link mailed to the owner.
 * A try is counted before the password is checked (so a burst cannot slip past the limits)
 * and given back when the password is right.
 */
export async function logIn(
  input: { cardNumber: string; password: string },
  client: LoginClient,
  previousToken: string | undefined,
  now = Date.now(),
): Promise<OwnerLogin> {
  const [device, record] = await Promise.all([
    knownDevice('owner', client.deviceToken, input.cardNumber, now),
    getAuthRecord(input.cardNumber),
  ]);
  const known =
    device !== undefined && record !== undefined && device.credentialVersion === record.credentialVersion;
  return known
    ? logInFromKnownDevice(input, record, client, previousToken, now)
    : logInAsStranger(input, record, client, previousToken, now);
}

async function logInFromKnownDevice(
  input: { cardNumber: string; password: string },
  record: AuthRecordEntity,
  client: LoginClient,
  previousToken: string | undefined,
  now: number,
): Promise<OwnerLogin> {
  const subject = `${input.cardNumber}#${deviceSubject(client.deviceToken)}`;
  const deviceTry = await takeThrottledTry(LOGIN_DEVICE_THROTTLE, subject, now);
  if (!deviceTry.allowed) throw httpError(429, PORTAL_MESSAGES.slowDown);
  if (!(await passwordOpens(record, input.password))) throw wrongCredentials();
  await clearThrottle(LOGIN_DEVICE_THROTTLE, subject);
  return openSession(record, client.deviceToken, previousToken, now);
}

async function logInAsStranger(
  input: { cardNumber: string; password: string },
  record: AuthRecordEntity | undefined,
  client: LoginClient,
  previousToken: string | undefined,
  now: number,
): Promise<OwnerLogin> {
  if (!(await takeAttempt(PORTAL_RATE_LIMITS.loginAddress, client.address, now))) throw tooManyTries();
  const cardTry = await takeThrottledTry(LOGIN_CARD_THROTTLE, input.cardNumber, now);
  if (!cardTry.allowed) {
    await giveBackAttempt(PORTAL_RATE_LIMITS.loginAddress, client.address, now);
    throw httpError(429, PORTAL_MESSAGES.slowDown);
  }
  if (!(await passwordOpens(record, input.password)) || !record) {
    if (record?.email && cardTry.tries === LOGIN_CARD_THROTTLE.freeTries) {
      await warnOwner({ ...record, email: record.email }, cardTry.tries);
    }
    throw wrongCredentials();
  }
  await Promise.all([
    giveBackAttempt(PORTAL_RATE_LIMITS.loginAddress, client.address, now),
    giveBackThrottledTry(LOGIN_CARD_THROTTLE, record.cardNumber, cardTry),
  ]);
  return openSession(record, client.deviceToken, previousToken, now);
}

/** A device's throttle is keyed by a hash of its token, never the token itself. */
const deviceSubject = (token: string | undefined) =>
  createHash('sha256')
    .update(token ?? '')
    .digest('base64url');

/**
 * A new owner session (a new token at every login: a token planted before login never becomes
 * a live session), and this browser remembered as a device of the card.
 */
async function openSession(
  record: AuthRecordEntity,
  deviceToken: string | undefined,
  previousToken: string | undefined,
  now: number,
): Promise<OwnerLogin> {
  await endSession(previousToken);
  const [token, device] = await Promise.all([
    createSession({
      kind: 'owner',
      subject: record.cardNumber,
      credentialVersion: record.credentialVersion,
      idleSeconds: PORTAL_LIMITS.sessionIdleSeconds,
      absoluteSeconds: PORTAL_LIMITS.sessionAbsoluteSeconds,
    }),
    rememberDevice({
      kind: 'owner',
      token: deviceToken,
      subject: record.cardNumber,
      credentialVersion: record.credentialVersion,
      now,
    }),
  ]);
  return { card: await cardView(record), token, deviceToken: device };
}

/**
 * A one-time login link, the owner's way in while strangers slow the card down: mailed to the
 * record's address, answered the same whether the email and card number match or not, and after
 * the same work (issue 44: a right pair's token and mail before the answer made it slower). This
 * counts the limit a caller can see, ten requests per client address a day, the same for every
 * request; the caller then hands the pair to sendLoginLink in the portal's link job
 * (http/login-link.ts), answering before the record is even read.
 */
export async function acceptLoginLinkRequest(input: { address: string; now: number }): Promise<void> {
  if (!(await takeAttempt(PORTAL_RATE_LIMITS.loginLinkAddress, input.address, input.now)))
    throw tooManyTries();
}

/**
 * The work of an accepted login-link request, after its answer (functions/authenticity/jobs/reset-link.ts):
 * when the pair matches, mails the owner a one-time login link; at most three links a card a
 * day (counted only for a match, silent when spent). Says what it did, for the log only.
 */
export async function sendLoginLink(
  input: ResetLinkRequest,
): Promise<'sent' | 'no-match' | 'spent' | 'mail-failed'> {
  const { now } = input;
  const record = await getAuthRecord(input.cardNumber);
  if (!record?.email || record.email.toLowerCase() !== input.email.toLowerCase()) return 'no-match';
  if (!(await takeAttempt(PORTAL_RATE_LIMITS.loginLinkCard, record.cardNumber, now))) return 'spent';
  const token = await issueLoginLink(record, now, PORTAL_LIMITS.loginLinkSeconds);
  const link = `${portalLink()}/link?token=${encodeURIComponent(token)}`;
  try {
    await sendMail({
      to: record.email,
      template: 'portal-login-link',
      data: {
        cardEnding: record.cardNumber.slice(-4),
        productName: record.name,
        link,
        minutes: String(PORTAL_LIMITS.loginLinkSeconds / 60),
      },
    });
    return 'sent';
  } catch (error) {
    logger.error('login link mail failed', { error: safeError(error) });
    await giveBackAttempt(PORTAL_RATE_LIMITS.loginLinkCard, record.cardNumber, now);
    return 'mail-failed';
  }
}

/**
 * The owner opened the link and went on: the link is spent and the owner gets a normal session;
 * the browser becomes a known device of the card (it proved access to the owner's mailbox).
 * 400 for a used, expired or voided link; a client sending many bad links is refused for the day.
 */
export async function redeemLoginLink(input: {
  token: string;
  client: LoginClient;
  previousToken: string | undefined;
  now?: number;
}): Promise<OwnerLogin> {
  const now = input.now ?? Date.now();
  if (!(await takeAttempt(PORTAL_RATE_LIMITS.loginLinkRedeemAddress, input.client.address, now))) {
    throw tooManyTries();
  }
  const link = await spendLoginLink(input.token, now);
  const record = link ? await getAuthRecord(link.cardNumber) : undefined;
  if (!link || !record?.email || record.credentialVersion !== link.credentialVersion) {
    throw httpError(400, PORTAL_MESSAGES.loginLinkInvalid);
  }
  await giveBackAttempt(PORTAL_RATE_LIMITS.loginLinkRedeemAddress, input.client.address, now);
  return openSession(record, input.client.deviceToken, input.previousToken, now);
}

/** Tells the owner that their card saw many wrong passwords today (once a day). */
async function warnOwner(record: AuthRecordEntity & { email: string }, tries: number): Promise<void> {
  try {
    await sendMail({
      to: record.email,
      template: 'portal-failed-logins',
      data: { tries: String(tries), cardEnding: record.cardNumber.slice(-4), productName: record.name },
    });
  } catch (error) {
    // The warning is a courtesy; the throttle holds either way.
    logger.error('failed-logins mail failed', { error: safeError(error) });
  }
}

export async function transferOwnership(input: {
  token: string | undefined;
  cardNumber: string;
  pid: string;
  email: string;
  pwd: string;
  address: string;
  now: number;
}): Promise<void> {
  const { record } = await ownerSession(input.token);
  if (input.cardNumber !== record.cardNumber || input.pid !== record.pid || input.email === record.email) {
    throw httpError(400, PORTAL_MESSAGES.transferBadInput);
  }
  if (record.lost) throw httpError(409, PASSPORT_MESSAGES.transferWhileLost);
  const allowed = await countTry([
    [PORTAL_RATE_LIMITS.transferCard, record.cardNumber],
    [PORTAL_RATE_LIMITS.transferAddress, input.address],
  ]);
  if (!allowed) throw tooManyTries();
  if (!(await passwordOpens(record, input.pwd))) throw httpError(400, PORTAL_MESSAGES.transferDeclined);

  const password = generatePassword();
  const at = new Date(input.now).toISOString();
  const moved = await transferRecord({
    record,
    toEmail: input.email,
    passwordHash: await hashPassword(password),
    at,
    ...(input.token ? { sessionKey: sessionItemKey(input.token) } : {}),
  });
  if (!moved) {
    // Refused by the record's condition: reported lost meanwhile, or changed by another owner's act.
    const now = await getAuthRecord(record.cardNumber);
    throw httpError(409, now?.lost ? PASSPORT_MESSAGES.transferWhileLost : PASSPORT_MESSAGES.recordChanged);
  }
  await sequenceSoon();
  await mailQuietly(() => sendTransferMails(record, input.email, password, at));
}

/**
 * A reset request mails the record's owner a one-time link; nothing changes until the link is
 * used. The answer is the same whether the email and card number match or not, and so is all
 * the work done before it (issue 36): this counts the limits a caller can see (ten requests
 * per address a day, one per address and card number), the same for every request, and the
 * caller then hands the pair to sendResetLink in a job of its own (http/reset-password.ts),
 * answering before the record is even read. So neither the answer, its headers, its time nor
 * its DynamoDB requests tell a stranger whether a pair is right.
 */
export async function acceptResetRequest(input: {
  cardNumber: string;
  address: string;
  now?: number;
}): Promise<void> {
  const now = input.now ?? Date.now();
  if (!(await takeAttempt(PORTAL_RATE_LIMITS.resetAddress, input.address, now))) throw tooManyTries();
  if (
    !(await takeAttempt(PORTAL_RATE_LIMITS.resetAddressCard, `${input.address}#${input.cardNumber}`, now))
  ) {
    throw httpError(429, PORTAL_MESSAGES.resetAgain);
  }
}

/** What the reset job is given: the pair as the caller sent it, and when it was accepted. */
export interface ResetLinkRequest {
  email: string;
  cardNumber: string;
  now: number;
}

/**
 * The work of an accepted reset request, after its answer (functions/authenticity/jobs/reset-link.ts):
 * when the pair matches, mails the owner a one-time link. At most one link a day goes to a
 * card's owner (counted only for a match, and silent when spent), so a stranger who guesses
 * nothing cannot spend the owner's reset. Says what it did, for the log only.
 */
export async function sendResetLink(
  input: ResetLinkRequest,
): Promise<'sent' | 'no-match' | 'spent' | 'mail-failed'> {
  const { now } = input;
  const record = await getAuthRecord(input.cardNumber);
  // A record with no email (sold on another platform) is claimed through staff, never here.
  if (!record?.email || record.email.toLowerCase() !== input.email.toLowerCase()) return 'no-match';
  if (!(await takeAttempt(PORTAL_RATE_LIMITS.resetCard, record.cardNumber, now))) return 'spent';
  const token = await issueResetToken(record, now, PORTAL_LIMITS.resetLinkSeconds);
  const link = `${portalLink()}/reset?token=${encodeURIComponent(token)}`;
  try {
    await sendMail({
      to: record.email,
      template: 'portal-reset-link',
      data: { cardEnding: record.cardNumber.slice(-4), productName: record.name, link },
    });
    return 'sent';
  } catch (error) {
    // Nothing changed; the owner may ask again today.
    logger.error('reset link mail failed', { error: safeError(error) });
    await giveBackAttempt(PORTAL_RATE_LIMITS.resetCard, record.cardNumber, now);
    return 'mail-failed';
  }
}

/**
 * The owner opened the link and confirmed: the record gets a new password (mailed to the
 * owner), the link is spent and every session of the card ends.
 */
export async function confirmReset(input: { token: string; now?: number }): Promise<void> {
  const now = input.now ?? Date.now();
  const reset = await readResetToken(input.token, now);
  const record = reset ? await getAuthRecord(reset.cardNumber) : undefined;
  if (!reset || !record?.email || record.credentialVersion !== reset.credentialVersion) {
    throw httpError(400, PORTAL_MESSAGES.resetLinkInvalid);
  }
  const password = generatePassword();
  const done = await resetWithToken({
    token: input.token,
    record,
    passwordHash: await hashPassword(password),
    now,
  });
  if (!done) throw httpError(400, PORTAL_MESSAGES.resetLinkInvalid);
  await sequenceSoon();
  try {
    await sendMail({
      to: record.email,
      template: 'portal-password-reset',
      data: {
        cardEnding: record.cardNumber.slice(-4),
        productName: record.name,
        password,
        portalLink: portalLink(),
      },
    });
  } catch (error) {
    // The password changed but its mail is lost: the owner may ask for a new link today.
    logger.error('reset mail failed', { error: safeError(error) });
    await giveBackAttempt(PORTAL_RATE_LIMITS.resetCard, record.cardNumber, now);
    throw httpError(503, 'sorry, please ask for a new link later');
  }
}

async function sendTransferMails(record: AuthRecordEntity, to: string, password: string, at: string) {
  await sendMail({
    to,
    template: 'transfer-received',
    data: {
      productName: record.name,
      cardEnding: record.cardNumber.slice(-4),
      password,
      portalLink: portalLink(),
    },
  });
  if (record.email) {
    await sendMail({
      to: record.email,
      template: 'transfer-sent',
      data: {
        at: momentInWords(at, new Date(at)),
        productName: record.name,
        cardEnding: record.cardNumber.slice(-4),
        newOwner: maskEmail(to),
      },
    });
  }
}

/** The transfer is done either way; a lost mail is recovered by the new owner's reset. */
async function mailQuietly(send: () => Promise<void>) {
  try {
    await send();
  } catch (error) {
    logger.error('transfer mail failed', { error: safeError(error) });
  }
}

export function maskEmail(email: string): string {
  const [name = '', domain = ''] = email.split('@');
  return `${name.slice(0, 1)}***@${domain}`;
}

export { endSession, ownerSession };
