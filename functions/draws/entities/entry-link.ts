import { createHash, randomBytes } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from '#platform/aws-clients.ts';
import type { EntityFileDoc } from '#platform/table-doc.ts';
import { ENTRY_LINK_MINUTES } from '#shared/contracts/draws.ts';
import { consistentGet, withoutKeys } from '#table/query.ts';
import type { TransactItem } from '#table/transactions.ts';
import { addressKey, cardKey, emailKey } from './keys.ts';

/**
 * The link a draw's entry is made with (docs/draw.md "Entering"): mailed to a confirmed member's
 * address, it proves the entrant holds that mailbox. Its token is 32 random bytes; the table
 * keeps only its SHA-256. One draw, one e-mail, one entry, valid ENTRY_LINK_MINUTES.
 */

export const entryLinkKey = (tokenHash: string) => ({ pk: `DRAWLINK#${tokenHash}`, sk: '#DRAWLINK' });
export const entryLinkHash = (token: string) =>
  createHash('sha256').update(`oneofone-entry-link\n${token}`).digest('hex');

export interface EntryLinkEntity {
  kind: 'drawEntryLink';
  drawId: string;
  /** Normalised: the member's address the link was mailed to. */
  email: string;
  /** Epoch ms after which the link makes no entry. */
  validUntil: number;
  /** The entry it made (it makes one only). */
  usedBy?: string;
  /** TTL, epoch seconds. */
  expiresAt: number;
}

/** A new link for the member's address in this draw: answers its token (the mail's, never stored). */
export async function issueEntryLink(drawId: string, email: string, now = Date.now()): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const validUntil = now + ENTRY_LINK_MINUTES * 60_000;
  const item: EntryLinkEntity = {
    kind: 'drawEntryLink',
    drawId,
    email,
    validUntil,
    expiresAt: Math.ceil(validUntil / 1000) + 24 * 3600,
  };
  await ddb().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...entryLinkKey(entryLinkHash(token)), ...item },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
  return token;
}

export type LinkState =
  | { ok: true; link: EntryLinkEntity }
  | { ok: false; reason: 'unknown' | 'used' | 'expired' };

/** What the token opens in this draw: its e-mail while unused and valid; else why not. */
export async function readEntryLink(drawId: string, token: string, now = Date.now()): Promise<LinkState> {
  const item = await consistentGet<EntryLinkEntity>(entryLinkKey(entryLinkHash(token)));
  const link = item ? withoutKeys(item) : undefined;
  if (!link || link.drawId !== drawId) return { ok: false, reason: 'unknown' };
  if (link.usedBy) return { ok: false, reason: 'used' };
  if (link.validUntil <= now) return { ok: false, reason: 'expired' };
  return { ok: true, link };
}

/**
 * The link spent by the entry it makes, in the entry's transaction: only if it is this draw's
 * and this e-mail's, unused and still valid, so two entries racing with one link make one.
 */
export function spendEntryLink(
  token: string,
  link: Pick<EntryLinkEntity, 'drawId' | 'email'>,
  entryId: string,
  now: number,
): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: entryLinkKey(entryLinkHash(token)),
      UpdateExpression: 'SET usedBy = :entry, usedAt = :at',
      ConditionExpression:
        'attribute_exists(pk) AND drawId = :draw AND email = :email AND validUntil > :now AND attribute_not_exists(usedBy)',
      ExpressionAttributeValues: {
        ':entry': entryId,
        ':at': new Date(now).toISOString(),
        ':draw': link.drawId,
        ':email': link.email,
        ':now': now,
      },
    },
  };
}

/** Its table items, for docs/reference/data-model-keys.md (`npm run docs`; functions/platform/table-doc.ts). */
export const tableDoc: EntityFileDoc = {
  items: [
    {
      entity:
        "Draw entry link (issue 44: mailed to a member, one draw and e-mail, one entry: `usedBy`; TTL; only the token's SHA-256)",
      pk: '`DRAWLINK#<sha256(token)>`',
      sk: '`#DRAWLINK`',
      keys: () => entryLinkKey('<sha256(token)>'),
    },
    {
      entity:
        'One binding entry per e-mail, address and card of a draw (`entryId`; put when the entry binds)',
      pk: '`DRAW#<drawId>`',
      sk: '`EMAIL#<email>`, `ADDR#<sha256>`, `CARD#<fingerprint>`',
      keys: () => [
        emailKey('<drawId>', '<email>'),
        addressKey('<drawId>', '<sha256>'),
        cardKey('<drawId>', '<fingerprint>'),
      ],
    },
  ],
};
