import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { expect, inject } from 'vitest';
import type { KeySet } from '#shared/passport/keys.ts';
import { adminApi, type TestAdmin } from './admin.ts';
import { itemsWithPrefix } from './db.ts';
import { store, typeEntity, uniqueId } from './fixtures.ts';

/** The passport as a verifier outside the shop sees it: the published key set, the stored originals. */
const s3 = () =>
  new S3Client({
    endpoint: inject('s3Url'),
    forcePathStyle: true,
    region: 'us-east-1',
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });

/** `passport/keys.json` in the public media bucket (CloudFront's `/.well-known/passport-keys.json`). */
export async function publishedKeySet(): Promise<KeySet> {
  const answer = await s3().send(
    new GetObjectCommand({ Bucket: inject('mediaBucket'), Key: 'passport/keys.json' }),
  );
  return JSON.parse(await (answer.Body as { transformToString(): Promise<string> }).transformToString());
}

/** Stores an authenticity photograph's original in the private bucket, as an upload would. */
export async function storePrivatePhoto(key: string, bytes: Uint8Array): Promise<void> {
  await s3().send(new PutObjectCommand({ Bucket: inject('privateMediaBucket'), Key: key, Body: bytes }));
}

/**
 * The log entries of a piece's changes, wherever they are: sequenced (under `PASSPORT#<pid>`, in
 * their order) or still waiting for the sequencer (which runs after each change). The queue is
 * read first: an entry the sequencer moves in between is then seen twice, once each side, and
 * counted once (by its kind, time and certificate), never missed.
 */
export async function logEntriesOf(pid: string): Promise<Record<string, unknown>[]> {
  const pending = (await itemsWithPrefix('PASSPORTLOG#PENDING'))
    .filter((entry) => entry.piece === pid)
    .sort((a, b) => String(a.sk).localeCompare(String(b.sk)));
  const sequenced = (await itemsWithPrefix(`PASSPORT#${pid}`))
    .filter((item) => item.pk === `PASSPORT#${pid}` && String(item.sk).startsWith('ENTRY#'))
    .sort((a, b) => String(a.sk).localeCompare(String(b.sk)))
    .map((item) => JSON.parse(String(item.text)) as Record<string, unknown>);
  const key = (entry: Record<string, unknown>) => `${entry.kind}|${entry.time}|${entry.cert ?? ''}`;
  const seen = new Set(sequenced.map(key));
  return [...sequenced, ...pending.filter((entry) => !seen.has(key(entry)))];
}

/** Staff register a piece in a new collection of their own, as the admin's form does (POST /products). */
export async function registerPiece(
  admin: TestAdmin,
  piece: { name: string; cardNumber: string; priceUs: number },
) {
  const type = typeEntity({ name: `Passport ${uniqueId('c')}` });
  await store({ type });
  const created = await adminApi<{ id: string; passport?: string }>(admin, '/products', {
    method: 'POST',
    json: {
      ...piece,
      typeId: type.id,
      gender: 0,
      colors: ['black', 'red'],
      removeShipmentCharge: false,
      singleproduct: false,
      soldOnOtherPlatform: false,
    },
  });
  expect(created.status, created.text).toBe(200);
  expect(created.body.passport).toBe('issued');
  return { type, id: created.body.id };
}
