import { createHash, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { BatchWriteCommand, DynamoDBDocumentClient, ScanCommand } from '@aws-sdk/lib-dynamodb';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CollectionEntity } from '#catalog/entities/collection.ts';
import { type ImageEntity, imageKeys, imageOwner } from '#catalog/entities/image.ts';
import { collectionKeys, productKeys } from '#catalog/entities/keys.ts';
import type { ProductEntity } from '#catalog/entities/product.ts';
import { ADMIN_REQUEST_HEADER } from '#shared/admin.ts';
import { parseCertificate } from '#shared/passport/certificate.ts';
import { addAdmin } from '#staff/admin-auth.ts';
import { createSession } from '#table/sessions.ts';
import { type LocalStack, startLocalStack } from '../../infra/local/stack.ts';
import { send } from '../fuzz/support/private-stack.ts';
import { productEntity, typeEntity, uniqueId } from '../support/fixtures.ts';

/**
 * Every registered piece has its passport (docs/passport.md, Certificates): the passport job
 * issues the certificate of each piece without one, with its authenticity photographs, waits
 * while a photograph is still being stored, and issues one certificate a piece however many runs
 * at once; the admin counts the pieces without one. On a stack of this file's own, without the
 * demo catalogue: the count is of every piece of the shop, and the job's runs here take every
 * piece, which on the run's shared stack belong to other files too. (The demo's pieces get
 * theirs after their photographs: test/integration/demo.test.ts.)
 */
let stack: LocalStack;
let dir = '';
let headers: Record<string, string> = {};
const table = () =>
  DynamoDBDocumentClient.from(
    new DynamoDBClient({
      endpoint: stack.dynamoDbUrl,
      region: 'us-east-1',
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    }),
  );

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'boutique-passports-'));
  stack = await startLocalStack({
    port: 0,
    s3Dir: join(dir, 's3'),
    tableName: 'boutique-passports',
    seed: false,
  });
  // Staff's session, made as a login makes it (the login's own path is test/integration/admin-auth.test.ts).
  const username = `staff-${randomUUID().slice(0, 8)}`;
  await addAdmin(username, `pw-${randomUUID()}`);
  const token = await createSession({
    kind: 'admin',
    subject: username,
    idleSeconds: 3600,
    absoluteSeconds: 7200,
  });
  headers = { cookie: `__Host-admin=${token}`, [ADMIN_REQUEST_HEADER]: '1' };
}, 180_000);
afterAll(async () => {
  await stack?.stop();
  rmSync(dir, { recursive: true, force: true });
});

interface JobRun {
  missing: number;
  issued: number;
  waiting: number;
  alreadyIssued: number;
  failed: number;
  left: number;
}

/** POST /__jobs/issue-missing-certificates, as `npm run job` does. */
async function runJob(name: string, input: unknown = {}): Promise<unknown> {
  const answer = await fetch(`${stack.url}/__jobs/${name}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${stack.jobToken}`, 'content-type': 'application/json' },
    body: JSON.stringify(input),
  });
  const text = await answer.text();
  expect(answer.status, text).toBe(200);
  return (JSON.parse(text) as { result: unknown }).result;
}
const passportJob = (input: { limit?: number } = {}) =>
  runJob('issue-missing-certificates', input) as Promise<JobRun>;

/** The admin's count of pieces without a passport (GET /passport/log's first page). */
async function withoutPassport(): Promise<number | undefined> {
  const answer = await send(stack.url, { method: 'GET', path: '/passport/log', headers });
  expect(answer.status, answer.text).toBe(200);
  return (answer.json as { withoutPassport?: number }).withoutPassport;
}

/** A piece's certificates (`PASSPORT#<pid> / CERT#…`) and `issue` entries, sequenced or pending. */
async function passportOf(pid: string) {
  const items = (await table().send(new ScanCommand({ TableName: stack.tableName }))).Items ?? [];
  const certificates = items.filter((i) => i.pk === `PASSPORT#${pid}` && String(i.sk).startsWith('CERT#'));
  const issues = items.filter(
    (i) =>
      (i.pk === 'PASSPORTLOG#PENDING' && i.piece === pid && i.kind === 'issue') ||
      (i.pk === `PASSPORT#${pid}` &&
        String(i.sk).startsWith('ENTRY#') &&
        JSON.parse(String(i.text)).kind === 'issue'),
  );
  return { certificates, issues: issues.length };
}

/** A collection, its pieces and their photographs' records, written into this file's table. */
async function store(fixture: { type: CollectionEntity; products: ProductEntity[]; images: ImageEntity[] }) {
  const items: Record<string, unknown>[] = [
    { ...collectionKeys(fixture.type), ...fixture.type },
    ...fixture.products.map((p) => ({ ...productKeys(p), ...p })),
    ...fixture.images.map((i) => ({
      ...imageKeys({ ...i, ownerPk: imageOwner('product', i.ownerId) }),
      ...i,
    })),
  ];
  await table().send(
    new BatchWriteCommand({
      RequestItems: { [stack.tableName]: items.map((Item) => ({ PutRequest: { Item } })) },
    }),
  );
}

const namedPhotos = (jws: unknown) =>
  parseCertificate(String(jws))?.payload.credentialSubject.photos.map((p) => p.sha256) ?? [];

/** The SHA-256 of each copy the certificate names, as published in the public bucket. */
const publishedHashes = async (jws: unknown) =>
  Promise.all(
    (parseCertificate(String(jws))?.payload.credentialSubject.photos ?? []).map(async (photo) => {
      const object = await s3().send(
        new GetObjectCommand({ Bucket: stack.mediaBucket, Key: photo.path.replace(/^\//, '') }),
      );
      return sha256(
        await (object.Body as { transformToByteArray(): Promise<Uint8Array> }).transformToByteArray(),
      );
    }),
  );

/** An authenticity photograph as an upload stores it. */
const picture = (shade: number) =>
  sharp({ create: { width: 500, height: 700, channels: 3, background: { r: shade, g: 80, b: 70 } } })
    .jpeg()
    .toBuffer();

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

const s3 = () =>
  new S3Client({
    endpoint: stack.s3Url,
    forcePathStyle: true,
    region: 'us-east-1',
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
const storePhoto = (key: string, bytes: Uint8Array) =>
  s3().send(new PutObjectCommand({ Bucket: stack.privateMediaBucket, Key: key, Body: bytes }));

describe('the passport job', () => {
  const type = typeEntity({ name: `Every piece ${uniqueId('c')}` });
  // A piece whose issuing failed at registration (its photograph is stored), and one whose
  // photograph's upload has not arrived yet.
  // The one waiting is the older: the job takes the oldest first.
  const healed = productEntity(type, {
    name: 'Healed gown',
    colors: ['ivory'],
    createdAt: '2026-01-02T00:00:00.000Z',
  });
  const waiting = productEntity(type, {
    name: 'Waiting gown',
    colors: ['black'],
    createdAt: '2026-01-01T00:00:00.000Z',
  });
  const photo = (pid: string): ImageEntity => ({
    kind: 'image',
    id: uniqueId('img'),
    ownerId: pid,
    type: 2,
    index: 1,
    url: `s3/authenticity/every-${pid}-1.jpg`,
  });
  const photos = [photo(healed.id), photo(waiting.id)];
  let bytes: Buffer[] = [];
  beforeAll(async () => {
    bytes = [await picture(120), await picture(200)];
  });

  it('issues one certificate a piece however many runs at once, with its photographs; waits for a photograph being stored (without taking the others’ turn), then issues it; the count goes 2 → 1 → 0', {
    timeout: 120_000,
  }, async () => {
    expect(await withoutPassport()).toBe(0);
    await store({ type, products: [healed, waiting], images: photos });
    await storePhoto(photos[0]?.url.slice(3) as string, bytes[0] as Uint8Array);
    expect(await withoutPassport()).toBe(2);

    // One certificate a run: the piece waiting for its photograph does not take the other's turn.
    const runs = await Promise.all([passportJob({ limit: 1 }), passportJob({ limit: 1 })]);
    expect(
      runs.reduce((sum, run) => sum + run.issued, 0),
      JSON.stringify(runs),
    ).toBe(1);
    expect(runs.every((run) => run.failed === 0)).toBe(true);
    expect(runs.some((run) => run.waiting === 1)).toBe(true);
    const first = await passportOf(healed.id);
    expect(first.certificates).toHaveLength(1);
    expect(first.issues).toBe(1);
    expect(namedPhotos(first.certificates[0]?.jws)).toHaveLength(1);
    expect(namedPhotos(first.certificates[0]?.jws)).toEqual(
      await publishedHashes(first.certificates[0]?.jws),
    );
    expect((await passportOf(waiting.id)).certificates).toEqual([]);
    expect(await withoutPassport()).toBe(1);

    // The upload arrives: the next run issues it.
    await storePhoto(photos[1]?.url.slice(3) as string, bytes[1] as Uint8Array);
    expect(await passportJob()).toMatchObject({ missing: 1, issued: 1, waiting: 0, failed: 0 });
    const second = await passportOf(waiting.id);
    expect(second.certificates).toHaveLength(1);
    expect(namedPhotos(second.certificates[0]?.jws)).toHaveLength(1);
    expect(namedPhotos(second.certificates[0]?.jws)).toEqual(
      await publishedHashes(second.certificates[0]?.jws),
    );
    expect(namedPhotos(second.certificates[0]?.jws)).not.toEqual(namedPhotos(first.certificates[0]?.jws));
    expect(await withoutPassport()).toBe(0);
    // Nothing left: a run issues nothing, and the first piece still has its one certificate.
    expect(await passportJob()).toMatchObject({ missing: 0, issued: 0 });
    expect((await passportOf(healed.id)).certificates).toHaveLength(1);
  });
});
