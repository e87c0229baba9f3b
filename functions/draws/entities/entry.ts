import { randomBytes } from 'node:crypto';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import type { PaymentKind } from '#payments/index.ts';
import { tableName } from '#platform/aws-clients.ts';
import type { EntityFileDoc } from '#platform/table-doc.ts';
import { commitment, newSalt } from '#shared/draw/commitment.ts';
import { consistentGet, queryAll, withoutKeys } from '#table/query.ts';
import { transact } from '#table/transactions.ts';
import { addressDigest, normaliseEmail, type ShippingPlace } from '../rules/entry-identity.ts';
import { type DrawEntity, getDraw } from './draw.ts';
import { type EntryLinkEntity, spendEntryLink } from './entry-link.ts';
import { addressKey, cardKey, drawKey, ENTRY_PREFIX, emailKey, entryKey } from './keys.ts';

/**
 * pending: made with its mailed link, the payment not yet authorised: it claims nothing;
 * entered: binding (its payment authorised), its e-mail, shipping address and payer claimed;
 * withdrawn by the entrant; refused: its e-mail, address or payer was claimed by another
 * binding entry first; lapsed: never authorised by the close. Only `entered` entries are in
 * the list.
 */
export type EntryState = 'pending' | 'entered' | 'withdrawn' | 'refused' | 'lapsed';

/** What another binding entry held first, when an entry was refused. */
export type ClaimTaken = 'email' | 'address' | 'card';

/** What the winner's order is made of: checkout's form as the entrant filled it, and its amount. */
export interface EntryOrder {
  form: Record<string, unknown>;
  amountCents: number;
  currency: string;
}

export interface EntryEntity {
  kind: 'drawEntry';
  drawId: string;
  entryId: string;
  /** Normalised. */
  email: string;
  /** SHA-256 of the normalised shipping address. */
  addressDigest: string;
  /** The entrant's secret (theirs only); the list publishes its commitment. */
  salt: string;
  commitment: string;
  state: EntryState;
  createdAt: string;
  withdrawnAt?: string;
  /** SHA-256 of the entry token the entrant was given (it withdraws and reads the entry). */
  tokenHash?: string;
  order?: EntryOrder;
  /**
   * The authorised, not captured, payment: its provider's payment (and, once authorised, the
   * authorisation's own id where the provider gives one).
   */
  payment?: { provider: PaymentKind; id: string; authorizationId?: string };
  /**
   * How many times the provider failed to start the payment: part of its idempotency key, so a
   * retry asks again instead of meeting the failure the provider saved under the key.
   */
  paymentAttempt?: number;
  /** The authorised card's identity (binding) and what the entrant may be shown of it. */
  card?: { fingerprint: string; brand: string; last4: string; wallet?: string };
  enteredAt?: string;
  refusedAt?: string;
  /** Refused: which claim another binding entry held. */
  refusedFor?: ClaimTaken;
  /** Set by the settlement: the winner, a reserve whose capture failed, or one who did not win. */
  outcome?: 'won' | 'capture-failed' | 'lost';
  /** The authorisation was captured (winner) or cancelled (everyone else). */
  paymentSettled?: 'captured' | 'cancelled';
  /** The result mail went out (once). */
  mailedAt?: string;
}

export interface NewEntry {
  drawId: string;
  email: string;
  address: ShippingPlace;
  payment?: EntryEntity['payment'];
  /** A real entry waits for its payment's authorisation; without it the entry is binding at once. */
  awaitingPayment?: boolean;
  tokenHash?: string;
  order?: EntryOrder;
  /** Chosen by the caller when its payment must name the entry before it is made. */
  entryId?: string;
  /** The mailed link a pending entry is made with (spent by it); its e-mail is the entry's. */
  link?: { token: string; entity: Pick<EntryLinkEntity, 'drawId' | 'email'> };
}

/** Why the draw takes no entry or withdrawal now. */
export type WindowRefusal = 'no-draw' | 'not-open-yet' | 'closed';

export type EnterAnswer =
  | { ok: true; entry: EntryEntity }
  | { ok: false; reason: WindowRefusal | 'duplicate-email' | 'duplicate-address' | 'link-spent' };

export type WithdrawAnswer =
  | { ok: true; entry: EntryEntity }
  | { ok: false; reason: WindowRefusal | 'no-entry' | 'already-withdrawn' };

export type BindAnswer =
  | { ok: true; entry: EntryEntity }
  | { ok: false; reason: WindowRefusal | 'not-pending' | `duplicate-${ClaimTaken}` };

/** The draw takes entries and withdrawals: still open, and `now` within its window. */
export function drawTakesEntries(drawId: string, now: Date) {
  return {
    ConditionCheck: {
      TableName: tableName(),
      Key: drawKey(drawId),
      ConditionExpression: '#state = :open AND opensAt <= :now AND closesAt > :now',
      ExpressionAttributeNames: { '#state': 'state' },
      ExpressionAttributeValues: { ':open': 'open', ':now': now.toISOString() },
    },
  };
}

function windowRefusal(draw: DrawEntity | undefined, now: Date): WindowRefusal {
  if (!draw) return 'no-draw';
  if (draw.state === 'open' && now.toISOString() < draw.opensAt) return 'not-open-yet';
  return 'closed';
}

export const reasonsOf = (error: TransactionCanceledException) =>
  (error.CancellationReasons ?? []).map((reason) => reason.Code === 'ConditionalCheckFailed');

const ATTEMPTS = 4;

/**
 * The transaction, tried again after a short random wait while DynamoDB cancels it only for
 * meeting another at work on the same items (entries racing for one e-mail, the close's seal):
 * the next attempt meets the other's outcome. Its own conditions' refusals are thrown at once.
 */
export async function transactAgainOnConflict(items: Parameters<typeof transact>[0]): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await transact(items);
    } catch (error) {
      const conflict =
        error instanceof TransactionCanceledException &&
        !reasonsOf(error).some(Boolean) &&
        (error.CancellationReasons ?? []).some((reason) => reason.Code === 'TransactionConflict');
      if (!conflict || attempt === ATTEMPTS) throw error;
      await new Promise((done) => setTimeout(done, 20 + Math.random() * 80 * attempt));
    }
  }
}

/**
 * An entry, in one transaction with the check that the draw is open. A pending entry (its
 * payment to be authorised) is made with its mailed link, spent in the same transaction, and
 * claims nothing: its e-mail, address and payer are claimed when it becomes binding
 * (entry-binding.ts). An entry binding at once (`awaitingPayment` unset: the suites' entries)
 * claims its e-mail and address now; refused, naming which, when another binding entry of the
 * draw holds one of them.
 */
export async function enterDraw(input: NewEntry, now = new Date()): Promise<EnterAnswer> {
  const { drawId } = input;
  if (input.awaitingPayment && !input.link) throw new Error('a pending entry is made with its mailed link');
  const salt = newSalt();
  const email = normaliseEmail(input.link?.entity.email ?? input.email);
  const entry: EntryEntity = {
    kind: 'drawEntry',
    drawId,
    entryId: input.entryId ?? `e-${randomBytes(16).toString('base64url')}`,
    email,
    addressDigest: addressDigest(input.address),
    salt,
    commitment: await commitment(drawId, salt).catch(() => ''),
    state: input.awaitingPayment ? 'pending' : 'entered',
    createdAt: now.toISOString(),
    ...(input.payment ? { payment: input.payment } : {}),
    ...(input.tokenHash ? { tokenHash: input.tokenHash } : {}),
    ...(input.order ? { order: input.order } : {}),
  };
  if (!entry.commitment) return { ok: false, reason: 'no-draw' };
  const claims =
    entry.state === 'entered'
      ? claimsOf(entry).map((Key) => ({
          Put: {
            TableName: tableName(),
            Item: { ...Key, kind: 'drawEntryClaim', entryId: entry.entryId },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        }))
      : [];
  const link = input.link
    ? [spendEntryLink(input.link.token, input.link.entity, entry.entryId, now.getTime())]
    : [];
  try {
    await transactAgainOnConflict([
      drawTakesEntries(drawId, now),
      {
        Put: {
          TableName: tableName(),
          Item: { ...entryKey(drawId, entry.entryId), ...entry },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      ...claims,
      ...link,
    ]);
  } catch (error) {
    if (!(error instanceof TransactionCanceledException)) throw error;
    const [draw, , ...rest] = reasonsOf(error);
    if (draw) return { ok: false, reason: windowRefusal(await getDraw(drawId), now) };
    if (link.length > 0 && rest[0]) return { ok: false, reason: 'link-spent' };
    if (claims.length > 0 && rest[0]) return { ok: false, reason: 'duplicate-email' };
    if (claims.length > 0 && rest[1]) return { ok: false, reason: 'duplicate-address' };
    throw error;
  }
  return { ok: true, entry };
}

export async function getEntry(drawId: string, entryId: string): Promise<EntryEntity | undefined> {
  const item = await consistentGet<EntryEntity>(entryKey(drawId, entryId));
  return item ? withoutKeys(item) : undefined;
}

/**
 * The entrant's withdrawal, until the window closes: the entry withdrawn and its uniqueness
 * items deleted (the e-mail and address may enter again), with the check that the draw is
 * open, in one transaction. `email` is the entrant's: an entry is withdrawn by its own.
 */
export async function withdrawEntry(
  input: { drawId: string; entryId: string; email: string },
  now = new Date(),
): Promise<WithdrawAnswer> {
  const { drawId, entryId } = input;
  const entry = await getEntry(drawId, entryId);
  if (!entry || entry.email !== normaliseEmail(input.email)) return { ok: false, reason: 'no-entry' };
  if (entry.state !== 'entered' && entry.state !== 'pending')
    return { ok: false, reason: 'already-withdrawn' };
  const owned = {
    ConditionExpression: 'entryId = :entry',
    ExpressionAttributeValues: { ':entry': entryId },
  };
  try {
    await transactAgainOnConflict([
      drawTakesEntries(drawId, now),
      {
        Update: {
          TableName: tableName(),
          Key: entryKey(drawId, entryId),
          UpdateExpression: 'SET #state = :withdrawn, withdrawnAt = :now',
          ConditionExpression: '#state = :was',
          ExpressionAttributeNames: { '#state': 'state' },
          ExpressionAttributeValues: {
            ':withdrawn': 'withdrawn',
            ':was': entry.state,
            ':now': now.toISOString(),
          },
        },
      },
      ...claimsOf(entry).map((Key) => ({ Delete: { TableName: tableName(), Key, ...owned } })),
    ]);
  } catch (error) {
    if (!(error instanceof TransactionCanceledException)) throw error;
    const [draw] = reasonsOf(error);
    if (draw) return { ok: false, reason: windowRefusal(await getDraw(drawId), now) };
    return { ok: false, reason: 'already-withdrawn' };
  }
  return { ok: true, entry: { ...entry, state: 'withdrawn', withdrawnAt: now.toISOString() } };
}

/**
 * The uniqueness items a binding entry holds: its e-mail, its address, and its payer (a card's
 * fingerprint or the payer's account at its provider) once authorised. Any other entry holds none.
 */
export function claimsOf(
  entry: Pick<EntryEntity, 'drawId' | 'email' | 'addressDigest' | 'card' | 'state'>,
): { pk: string; sk: string }[] {
  if (entry.state !== 'entered') return [];
  return [
    emailKey(entry.drawId, entry.email),
    addressKey(entry.drawId, entry.addressDigest),
    ...(entry.card ? [cardKey(entry.drawId, entry.card.fingerprint)] : []),
  ];
}

/**
 * Which of the e-mail and the address a binding entry of the draw holds now (a read, to refuse
 * early: the binding's transaction is what decides).
 */
export async function claimedNow(
  drawId: string,
  email: string,
  place: ShippingPlace,
): Promise<ClaimTaken | undefined> {
  const [byEmail, byAddress] = await Promise.all([
    consistentGet(emailKey(drawId, normaliseEmail(email))),
    consistentGet(addressKey(drawId, addressDigest(place))),
  ]);
  if (byEmail) return 'email';
  if (byAddress) return 'address';
  return undefined;
}

/** Every entry of the draw, entered and withdrawn (a consistent read: after the seal, all of them). */
export function listEntries(drawId: string): Promise<EntryEntity[]> {
  return queryAll<EntryEntity>({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :entry)',
    ExpressionAttributeValues: { ':pk': drawKey(drawId).pk, ':entry': ENTRY_PREFIX },
    ConsistentRead: true,
  });
}

/** Its table items, for docs/reference/data-model-keys.md (`npm run docs`; functions/platform/table-doc.ts). */
export const tableDoc: EntityFileDoc = {
  items: [
    {
      entity:
        "Draw entry (`pending` → `entered`, or `withdrawn` / `refused` / `lapsed`; salt, commitment, token hash, the order's form and amount, payment, card)",
      pk: '`DRAW#<drawId>`',
      sk: '`ENTRY#<entryId>`',
      keys: () => entryKey('<drawId>', '<entryId>'),
    },
  ],
};
