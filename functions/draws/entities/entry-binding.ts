import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from '#platform/aws-clients.ts';
import type { EntityFileDoc } from '#platform/table-doc.ts';
import type { TransactItem } from '#table/transactions.ts';
import { getDraw } from './draw.ts';
import {
  type BindAnswer,
  type ClaimTaken,
  claimsOf,
  drawTakesEntries,
  type EntryEntity,
  getEntry,
  reasonsOf,
  transactAgainOnConflict,
} from './entry.ts';
import { drawKey, entryKey, refusalsKey } from './keys.ts';

/** Why an entry was refused, as the admin counts them (issue 35: "refusals by reason"). */
export const REFUSAL_REASONS = [
  'not-a-member',
  'invalid-link',
  'too-many-links',
  'duplicate-email',
  'duplicate-address',
  'duplicate-card',
  'too-many-tries',
  'window',
  'payment-not-authorised',
] as const;
export type RefusalReason = (typeof REFUSAL_REASONS)[number];

/** One more refusal of the draw for `reason` (the admin's counts). */
export async function countRefusal(drawId: string, reason: RefusalReason): Promise<void> {
  await ddb().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: refusalsKey(drawId),
      UpdateExpression: 'ADD #reason :one SET kind = :kind',
      ExpressionAttributeNames: { '#reason': reason },
      ExpressionAttributeValues: { ':one': 1, ':kind': 'drawRefusals' },
    }),
  );
}

/** The pending entry's payment, once the provider made it (and, where the provider gives one, its authorisation). */
export async function setEntryPayment(
  drawId: string,
  entryId: string,
  payment: NonNullable<EntryEntity['payment']>,
): Promise<boolean> {
  try {
    await ddb().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: entryKey(drawId, entryId),
        UpdateExpression: 'SET payment = :payment',
        // The same payment again, or with what its provider added (its authorisation).
        ConditionExpression: '#state = :pending AND (attribute_not_exists(payment) OR payment.id = :id)',
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: { ':payment': payment, ':pending': 'pending', ':id': payment.id },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/** The provider failed to start the pending entry's payment: the next try uses a new key. */
export async function bumpPaymentAttempt(drawId: string, entryId: string): Promise<void> {
  await ddb().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: entryKey(drawId, entryId),
      UpdateExpression: 'ADD paymentAttempt :one',
      ConditionExpression: '#state = :pending',
      ExpressionAttributeNames: { '#state': 'state' },
      ExpressionAttributeValues: { ':one': 1, ':pending': 'pending' },
    }),
  );
}

/**
 * While the window is open the draw must still take entries; at the close (the closer binding
 * what was authorised before it) the draw must be sealed, and nothing else may bind.
 */
function drawAllowsBinding(drawId: string, during: 'window' | 'seal', now: Date): TransactItem {
  if (during === 'window') return drawTakesEntries(drawId, now);
  return {
    ConditionCheck: {
      TableName: tableName(),
      Key: drawKey(drawId),
      ConditionExpression: '#state = :closing',
      ExpressionAttributeNames: { '#state': 'state' },
      ExpressionAttributeValues: { ':closing': 'closing' },
    },
  };
}

/**
 * The provider authorised the entry's payment with this card (or account): the entry
 * becomes binding and claims its e-mail, its shipping address and its payer, in one transaction
 * with the draw's check, so of entries racing for one of them exactly one binds. One another
 * binding entry of the draw holds refuses the entry: it is marked refused, naming which (the
 * caller cancels its authorisation).
 */
export async function bindEntry(
  drawId: string,
  entryId: string,
  card: NonNullable<EntryEntity['card']>,
  during: 'window' | 'seal',
  now = new Date(),
): Promise<BindAnswer> {
  const entry = await getEntry(drawId, entryId);
  if (!entry) return { ok: false, reason: 'not-pending' };
  if (entry.state === 'entered' && entry.card?.fingerprint === card.fingerprint) return { ok: true, entry };
  if (entry.state !== 'pending') return { ok: false, reason: 'not-pending' };
  const bound: EntryEntity = { ...entry, state: 'entered', card, enteredAt: now.toISOString() };
  // Card first, then e-mail and address: the order the refusal is named in.
  const [email, address, payer] = claimsOf(bound);
  const claims = [payer, email, address].map((Key) => ({
    Put: {
      TableName: tableName(),
      Item: { ...Key, kind: 'drawEntryClaim', entryId },
      // Its own claim again (an entry made before pending entries stopped claiming) is taken as held.
      ConditionExpression: 'attribute_not_exists(pk) OR entryId = :entry',
      ExpressionAttributeValues: { ':entry': entryId },
    },
  }));
  try {
    await transactAgainOnConflict([
      drawAllowsBinding(drawId, during, now),
      {
        Update: {
          TableName: tableName(),
          Key: entryKey(drawId, entryId),
          UpdateExpression: 'SET #state = :entered, card = :card, enteredAt = :now',
          ConditionExpression: '#state = :pending',
          ExpressionAttributeNames: { '#state': 'state' },
          ExpressionAttributeValues: {
            ':entered': 'entered',
            ':pending': 'pending',
            ':card': card,
            ':now': now.toISOString(),
          },
        },
      },
      ...claims,
    ]);
  } catch (error) {
    if (!(error instanceof TransactionCanceledException)) throw error;
    const [draw, pending, cardTaken, emailTaken, addressTaken] = reasonsOf(error);
    if (draw) {
      const current = await getDraw(drawId);
      if (!current) return { ok: false, reason: 'no-draw' };
      return {
        ok: false,
        reason: current.state === 'open' && now.toISOString() < current.opensAt ? 'not-open-yet' : 'closed',
      };
    }
    if (pending) return { ok: false, reason: 'not-pending' };
    const taken: ClaimTaken | undefined = cardTaken
      ? 'card'
      : emailTaken
        ? 'email'
        : addressTaken
          ? 'address'
          : undefined;
    if (taken) {
      await dropEntry(entry, 'refused', now, taken);
      return { ok: false, reason: `duplicate-${taken}` };
    }
    throw error;
  }
  return { ok: true, entry: bound };
}

/**
 * A pending entry that will not be binding (another binding entry holds its payer, e-mail or
 * address, or it was never authorised by the close): marked so. It claimed nothing, so it lets go
 * of nothing. False if it was not pending any more.
 */
export async function dropEntry(
  entry: EntryEntity,
  state: 'refused' | 'lapsed',
  now = new Date(),
  refusedFor?: ClaimTaken,
): Promise<boolean> {
  try {
    await ddb().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: entryKey(entry.drawId, entry.entryId),
        UpdateExpression: `SET #state = :state, refusedAt = :now${refusedFor ? ', refusedFor = :for' : ''}`,
        ConditionExpression: '#state = :pending',
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: {
          ':state': state,
          ':pending': 'pending',
          ':now': now.toISOString(),
          ...(refusedFor ? { ':for': refusedFor } : {}),
        },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/** Its table items, for docs/reference/data-model-keys.md (`npm run docs`; functions/platform/table-doc.ts). */
export const tableDoc: EntityFileDoc = {
  items: [
    {
      entity: "A draw's refusals (a count per reason); an entry's card binding",
      pk: '`DRAW#<drawId>`',
      sk: '`#REFUSALS`',
      keys: () => refusalsKey('<drawId>'),
    },
  ],
};
