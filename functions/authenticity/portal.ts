import { getProductCollection, getType } from '#catalog/index.ts';
import { httpError } from '#platform/http-error.ts';
import { logger, safeError } from '#platform/logger.ts';
import { sendMail } from '#platform/mail.ts';
import { privateMediaLink } from '#platform/media-links.ts';
import { generatePassword, hashPassword, verifyPassword } from '#platform/passwords.ts';
import { IMAGE_TYPE } from '#shared/constants.ts';
import type { PortalCard } from '#shared/contracts/authenticity.ts';
import { PORTAL_LIMITS, PORTAL_MESSAGES } from '#shared/portal.ts';
import { giveBackAttempt, type Limit, takeAttempt } from '#table/rate-limit.ts';
import { createSession, endSession, readSession, type Session, sessionItemKey } from '#table/sessions.ts';
import type { AuthRecordEntity } from './entities/auth-record.ts';
import { getAuthRecord, resetRecordPassword, transferRecord } from './entities/auth-record.ts';

/**
 * The authenticity portal (001 §1, §5, §7, §8): a card number and a password are all that
 * stand between a counterfeiter and a "genuine" page, so every answer that could tell a wrong
 * number from a wrong password is the same, in words and in time, and every try is counted.
 */
const day = PORTAL_LIMITS.daySeconds;
export const PORTAL_RATE_LIMITS = {
  loginCard: { name: 'portal-login-card', max: PORTAL_LIMITS.loginTriesPerDay, windowSeconds: day },
  loginAddress: { name: 'portal-login-address', max: PORTAL_LIMITS.loginTriesPerDay, windowSeconds: day },
  transferCard: { name: 'portal-transfer-card', max: PORTAL_LIMITS.transferTriesPerDay, windowSeconds: day },
  transferAddress: {
    name: 'portal-transfer-address',
    max: PORTAL_LIMITS.transferTriesPerDay,
    windowSeconds: day,
  },
  resetCard: { name: 'portal-reset-card', max: PORTAL_LIMITS.resetsPerCardPerDay, windowSeconds: day },
  resetAddress: {
    name: 'portal-reset-address',
    max: PORTAL_LIMITS.resetTriesPerAddressPerDay,
    windowSeconds: day,
  },
} satisfies Record<string, Limit>;

/**
 * A hash of a random secret nobody kept, at the same scrypt parameters as real ones: checking
 * a password against it when the card is unknown (or has no password) costs what a real check
 * costs, so response times do not reveal which card numbers exist.
 */
const NO_RECORD_HASH =
  'scrypt$131072$8$1$hEebmw4u8m3lG0Hi/8NOtg==$bf3YFuisxBPfuShtFE+a2qRQoT7rAPjXOvRlu6s+714=';

const tooManyTries = () => httpError(429, PORTAL_MESSAGES.tooManyTries);
const wrongCredentials = () => httpError(401, PORTAL_MESSAGES.wrongCredentials);
const notLoggedIn = () => httpError(401, PORTAL_MESSAGES.notLoggedIn);

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
    photos: await Promise.all(photos.map(async (p) => ({ id: p.id, url: await privateMediaLink(p.url) }))),
  };
}

export async function logIn(
  input: { cardNumber: string; password: string },
  address: string,
  previousToken: string | undefined,
): Promise<{ card: PortalCard; token: string }> {
  const allowed = await countTry([
    [PORTAL_RATE_LIMITS.loginCard, input.cardNumber],
    [PORTAL_RATE_LIMITS.loginAddress, address],
  ]);
  if (!allowed) throw tooManyTries();
  const record = await getAuthRecord(input.cardNumber);
  if (!(await passwordOpens(record, input.password)) || !record) throw wrongCredentials();
  // A new token at every login: a token planted before login never becomes a live session.
  await endSession(previousToken);
  const token = await createSession({
    kind: 'owner',
    subject: record.cardNumber,
    credentialVersion: record.credentialVersion,
    idleSeconds: PORTAL_LIMITS.sessionIdleSeconds,
    absoluteSeconds: PORTAL_LIMITS.sessionAbsoluteSeconds,
  });
  return { card: await cardView(record), token };
}

/** The owner's live session and record; a transfer or reset since login ends the session. */
export async function ownerSession(
  token: string | undefined,
): Promise<{ session: Session; record: AuthRecordEntity }> {
  const session = await readSession('owner', token);
  if (!session) throw notLoggedIn();
  const record = await getAuthRecord(session.subject);
  if (!record?.email || record.credentialVersion !== session.credentialVersion) {
    await endSession(token);
    throw notLoggedIn();
  }
  return { session, record };
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
  if (!moved) throw httpError(409, 'this record changed meanwhile. please log in again.');
  await mailQuietly(() => sendTransferMails(record, input.email, password, at));
}

export async function resetPassword(input: {
  email: string;
  cardNumber: string;
  address: string;
}): Promise<void> {
  if (!(await takeAttempt(PORTAL_RATE_LIMITS.resetAddress, input.address))) throw tooManyTries();
  const record = await getAuthRecord(input.cardNumber);
  // A record with no email (sold on another platform) is claimed through staff, never here.
  if (!record?.email || record.email.toLowerCase() !== input.email) {
    throw httpError(400, PORTAL_MESSAGES.resetWrong);
  }
  // Counted only for the right email and card, so a stranger cannot spend the owner's reset.
  if (!(await takeAttempt(PORTAL_RATE_LIMITS.resetCard, record.cardNumber))) {
    throw httpError(429, PORTAL_MESSAGES.resetAgain);
  }
  const password = generatePassword();
  if (!(await resetRecordPassword(record, await hashPassword(password)))) {
    await giveBackAttempt(PORTAL_RATE_LIMITS.resetCard, record.cardNumber);
    throw httpError(409, 'this record changed meanwhile. please try again.');
  }
  try {
    await sendMail({
      to: record.email,
      template: 'portal-password-reset',
      data: { cardEnding: record.cardNumber.slice(-4), productName: record.name, password },
    });
  } catch (error) {
    // The new password exists only in this mail: without it the owner may try again today.
    logger.error('reset mail failed', { error: safeError(error) });
    await giveBackAttempt(PORTAL_RATE_LIMITS.resetCard, record.cardNumber);
    throw httpError(503, 'sorry, please try again later');
  }
}

async function sendTransferMails(record: AuthRecordEntity, to: string, password: string, at: string) {
  await sendMail({
    to,
    template: 'transfer-received',
    data: { productName: record.name, cardEnding: record.cardNumber.slice(-4), password },
  });
  if (record.email) {
    await sendMail({
      to: record.email,
      template: 'transfer-sent',
      data: {
        at,
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

export { endSession };
