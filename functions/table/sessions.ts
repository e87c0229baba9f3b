import { createHash, randomBytes } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from '#platform/aws-clients.ts';
import type { EntityFileDoc } from '#platform/table-doc.ts';

/**
 * Server-side sessions. The browser holds a random 256-bit token; the table holds only its
 * SHA-256, so a leaked table or backup opens no session. A session ends when idle too long,
 * at its absolute expiry (also its TTL), or when deleted.
 */
export type SessionKind = 'owner' | 'admin';

export interface Session {
  kind: SessionKind;
  /** The card number (owner) or username (admin). */
  subject: string;
  /** The owner's credential version at login: a transfer or reset ends older sessions. */
  credentialVersion?: number;
  createdAt: number;
  idleUntil: number;
  /** Epoch seconds: DynamoDB's TTL removes the item after this. */
  expiresAt: number;
  idleSeconds: number;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

/** Idle expiry is pushed forward at most once a minute, so reads stay cheap. */
const RENEW_AFTER_MS = 60_000;

export interface NewSession {
  kind: SessionKind;
  subject: string;
  credentialVersion?: number;
  idleSeconds: number;
  absoluteSeconds: number;
}

export async function createSession(input: NewSession, now = Date.now()): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const session: Session = {
    kind: input.kind,
    subject: input.subject,
    ...(input.credentialVersion === undefined ? {} : { credentialVersion: input.credentialVersion }),
    createdAt: now,
    idleUntil: now + input.idleSeconds * 1000,
    expiresAt: Math.floor(now / 1000) + input.absoluteSeconds,
    idleSeconds: input.idleSeconds,
  };
  await ddb().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...sessionKey(hashToken(token)), ...session },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
  return token;
}

/** The live session of this kind for the token, or undefined. */
export async function readSession(
  kind: SessionKind,
  token: string | undefined,
  now = Date.now(),
): Promise<Session | undefined> {
  if (!token || token.length > 100) return undefined;
  const key = sessionKey(hashToken(token));
  const { Item } = await ddb().send(
    new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }),
  );
  const session = Item as Session | undefined;
  if (!session || session.kind !== kind) return undefined;
  if (now >= session.expiresAt * 1000 || now >= session.idleUntil) return undefined;
  const renewed = now + session.idleSeconds * 1000;
  if (renewed - session.idleUntil > RENEW_AFTER_MS) {
    await ddb()
      .send(
        new UpdateCommand({
          TableName: tableName(),
          Key: key,
          UpdateExpression: 'SET idleUntil = :until',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':until': renewed },
        }),
      )
      .catch((error: { name?: string }) => {
        // Ended meanwhile (logout, transfer): this request still saw it live; the next will not.
        if (error.name !== 'ConditionalCheckFailedException') throw error;
      });
    session.idleUntil = renewed;
  }
  return session;
}

export async function endSession(token: string | undefined): Promise<void> {
  if (!token || token.length > 100) return;
  await ddb().send(new DeleteCommand({ TableName: tableName(), Key: sessionKey(hashToken(token)) }));
}

/** The key of a session's item, for ending it inside a transaction. */
export const sessionItemKey = (token: string) => sessionKey(hashToken(token));

/** A session, found by the SHA-256 of its token (the token itself is only in the cookie). */
export const sessionKey = (tokenHash: string) => ({ pk: `SESSION#${tokenHash}`, sk: '#SESSION' });

/** Its table items, for docs/reference/data-model-keys.md (`npm run docs`; functions/platform/table-doc.ts). */
export const tableDoc: EntityFileDoc = {
  items: [
    {
      entity: 'Portal / admin session (TTL)',
      pk: '`SESSION#<sha256 of token>`',
      sk: '`#SESSION`',
      keys: () => sessionKey('<sha256 of token>'),
    },
  ],
};
