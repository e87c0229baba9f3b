import { DeleteObjectCommand, DeleteObjectsCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { CollectionEntity } from '#catalog/entities/collection.ts';
import { makePictureSet } from '#media/jobs/make-picture-sets.ts';
import { s3 } from '#platform/media-clients.ts';
import { ADMIN_MESSAGES } from '#shared/admin.ts';
import { PICTURE_SET_URL_MESSAGE } from '#shared/contracts/media.ts';
import {
  PICTURE_CONTENT_TYPES,
  type PictureFormat,
  previewSrc,
  variantKey,
  variantKeys,
} from '#shared/media.ts';
import { adminApi, loggedInAdmin, type TestAdmin } from '../support/admin.ts';
import { api } from '../support/api.ts';
import { getRaw } from '../support/db.ts';
import { productEntity, store, typeEntity, uniqueId } from '../support/fixtures.ts';
import { jpeg, objectAddress, pictureSetsMade, png, uploadAs } from '../support/media.ts';

// These tests wait for the stack's picture-set queue: CPU-bound work (18 encodings a
// picture) that other suites' uploads share, which on a busy machine takes more than 30 s.
const PICTURE_SET_WAIT = { timeout: 120_000 };

/**
 * Issue 16: a picture the shop accepts gets its responsive set, made by the picture-set
 * function from the bucket's ObjectCreated notification (on the local stack: s3rver's events),
 * beside it in its own bucket; a file that is no readable picture is refused at confirmation
 * and leaves nothing behind; deleting a picture deletes its set.
 */

let admin: TestAdmin;
const collection = typeEntity({ name: `Picture sets ${uniqueId('c')}`, areaAmount: 2, gender: 0 });
const product = productEntity(collection as CollectionEntity, { priceUs: 900 });

beforeAll(async () => {
  admin = await loggedInAdmin();
  await store({ type: collection, products: [product] });
  // This worker calls the picture-set function directly too, against the same s3rver.
  Object.assign(process.env, {
    AWS_ENDPOINT_URL_S3: inject('s3Url'),
    S3_FORCE_PATH_STYLE: 'true',
    AWS_REQUEST_CHECKSUM_CALCULATION: 'WHEN_REQUIRED',
    MEDIA_BUCKET: inject('mediaBucket'),
    PRIVATE_MEDIA_BUCKET: inject('privateMediaBucket'),
  });
});

const photo = (width = 900, height = 600) => jpeg({ width, height });

/** Asks for an upload, puts the bytes where it says, as the admin's browser does. */
const upload = (kind: 'image' | 'authenticity', bytes: Uint8Array, contentType = 'image/jpeg') =>
  uploadAs(admin, kind, bytes, contentType);

const uploadImgs = (json: Record<string, unknown>) =>
  adminApi<{ imgs: { id: string; url: string }[]; message: string }>(admin, '/uploadimgs', {
    method: 'POST',
    json,
  });

const exists = async (bucket: string, key: string) =>
  (await fetch(objectAddress(bucket, key), { method: 'HEAD' })).status === 200;
const existing = async (bucket: string, keys: string[]) =>
  (await Promise.all(keys.map(async (key) => ((await exists(bucket, key)) ? key : undefined)))).filter(
    Boolean,
  );

describe('a picture an admin uploads', PICTURE_SET_WAIT, () => {
  it('gets its whole set beside it, immutable, each in its own type; deleting the picture deletes the set', async () => {
    const { url, key } = await upload('image', await photo());
    const added = await uploadImgs({ id: product.id, type: 1, urls: [url] });
    expect(added.status, added.text).toBe(200);
    expect((await pictureSetsMade()).failed).toBe(0);

    const media = inject('mediaBucket');
    expect(await existing(media, variantKeys(key))).toEqual(variantKeys(key));
    for (const format of ['avif', 'webp', 'jpg'] as PictureFormat[]) {
      const answer = await fetch(objectAddress(media, variantKey(key, 640, format)));
      expect(answer.headers.get('content-type')).toBe(PICTURE_CONTENT_TYPES[format]);
      expect(answer.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(Buffer.from(await answer.arrayBuffer())).metadata();
      expect(meta.width).toBe(640);
    }
    // A rung wider than the 900-pixel original holds the original's width.
    const widest = await fetch(objectAddress(media, variantKey(key, 1920, 'jpg')));
    expect((await sharp(Buffer.from(await widest.arrayBuffer())).metadata()).width).toBe(900);
    // Served to the browser at /media like the picture itself.
    const served = await fetch(`${inject('baseUrl')}/media/${variantKey(key, 320, 'webp')}`);
    expect(served.status).toBe(200);
    // And its crop for link previews, where a page's og:image names it (previewSrc), 1200×630.
    const preview = await fetch(`${inject('baseUrl')}${previewSrc(url)}`);
    expect([preview.status, preview.headers.get('content-type')]).toEqual([200, 'image/jpeg']);
    const cropped = await sharp(Buffer.from(await preview.arrayBuffer())).metadata();
    expect([cropped.format, cropped.width, cropped.height]).toEqual(['jpeg', 1200, 630]);

    const picture = added.body.imgs.find((i) => i.url === url) as { id: string };
    const body = JSON.stringify({ id: picture.id, ownerId: product.id, type: 1 });
    const deleted = await adminApi(admin, '/pictures', {
      method: 'DELETE',
      body,
      headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) },
    });
    expect(deleted.status, deleted.text).toBe(200);
    expect(await exists(media, key)).toBe(false);
    expect(await existing(media, variantKeys(key))).toEqual([]);
  });

  it('keeps an authenticity photo’s set in the private bucket, private', async () => {
    const { url, key } = await upload('authenticity', await photo(500, 700));
    expect((await uploadImgs({ id: product.id, type: 2, urls: [url] })).status).toBe(200);
    await pictureSetsMade();
    expect(await existing(inject('privateMediaBucket'), variantKeys(key))).toEqual(variantKeys(key));
    expect(await existing(inject('mediaBucket'), variantKeys(key))).toEqual([]);
    expect((await fetch(`${inject('baseUrl')}/media/${variantKey(key, 320, 'jpg')}`)).status).toBe(404);
  });
});

describe('a file that is not a readable picture', PICTURE_SET_WAIT, () => {
  const refusedAtConfirmation = async (bytes: Uint8Array, contentType = 'image/jpeg') => {
    const { url, key } = await upload('image', bytes, contentType);
    const answer = await uploadImgs({ id: product.id, type: 1, urls: [url] });
    expect(answer.status, answer.text).toBe(400);
    expect(answer.body.message).toBe('the uploaded file is not a readable picture.');
    await pictureSetsMade();
    const media = inject('mediaBucket');
    expect(await exists(media, key)).toBe(false);
    expect(await existing(media, variantKeys(key))).toEqual([]);
    expect(await getRaw(`UPLOAD#${key}`, '#UPLOAD')).toBeUndefined();
  };

  it('is refused when it starts like a JPEG and goes on as garbage, leaving neither file nor ticket', async () => {
    await refusedAtConfirmation(
      new Uint8Array(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(4000, 0x5a)])),
    );
  });

  it('is refused when the JPEG was cut short on its way', async () => {
    const whole = await photo(1200, 800);
    await refusedAtConfirmation(new Uint8Array(whole.subarray(0, Math.floor(whole.length * 0.7))));
  });

  it('is refused when its header claims an absurd size (a decompression bomb)', async () => {
    const bomb = await png({ size: 8, colour: [0, 0, 0] });
    bomb.writeUInt32BE(20_000, 16);
    bomb.writeUInt32BE(20_000, 20);
    await refusedAtConfirmation(new Uint8Array(bomb), 'image/png');
  });
});

describe('the picture-set function', PICTURE_SET_WAIT, () => {
  const media = () => inject('mediaBucket');
  const raw = () =>
    new S3Client({
      endpoint: inject('s3Url'),
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
  const put = (key: string, body: Uint8Array | string, contentType: string) =>
    raw().send(new PutObjectCommand({ Bucket: media(), Key: key, Body: body, ContentType: contentType }));

  it('is made once: an event delivered again finds the set complete and changes nothing', async () => {
    const { url, key } = await upload('image', await photo(700, 500));
    const added = await uploadImgs({ id: product.id, type: 1, urls: [url] });
    expect(added.status, added.text).toBe(200);
    expect((await pictureSetsMade()).failed).toBe(0);
    const media = inject('mediaBucket');
    const before = await fetch(objectAddress(media, variantKey(key, 480, 'avif')), { method: 'HEAD' });
    expect(await makePictureSet(media, key)).toEqual({ key, skipped: 'set exists' });
    const after = await fetch(objectAddress(media, variantKey(key, 480, 'avif')), { method: 'HEAD' });
    expect(after.headers.get('last-modified')).toBe(before.headers.get('last-modified'));
    expect(after.headers.get('etag')).toBe(before.headers.get('etag'));
  });

  it('ignores what has no set: SVGs, videos and the variants themselves', async () => {
    const id = uniqueId('ignored');
    await put(`collection_images/${id}.svg`, '<svg xmlns="http://www.w3.org/2000/svg"/>', 'image/svg+xml');
    expect(await makePictureSet(media(), `collection_images/${id}.svg`)).toEqual({
      key: `collection_images/${id}.svg`,
      skipped: 'not a picture',
    });
    expect(await makePictureSet(media(), `videos/${id}.mp4`)).toMatchObject({ skipped: 'not a picture' });
    const variant = variantKey(`collection_images/${id}.jpg`, 640, 'jpg');
    expect(await makePictureSet(media(), variant)).toMatchObject({ skipped: 'not a picture' });
    await pictureSetsMade();
    expect(await existing(media(), variantKeys(`collection_images/${id}.svg`))).toEqual([]);
  });

  it('logs a picture it cannot read and does not throw (a retry could not read it either)', async () => {
    const key = `collection_images/${uniqueId('unreadable')}.jpg`;
    await put(
      key,
      Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(800, 1)]),
      'image/jpeg',
    );
    expect(await makePictureSet(media(), key)).toEqual({ key, skipped: 'unreadable' });
    // The stack's own notification of the same object has done the same by now.
    expect((await pictureSetsMade()).failed).toBe(0);
    expect(await existing(media(), variantKeys(key))).toEqual([]);
  });

  it('removes the set it made when the picture was deleted meanwhile', async () => {
    const key = `collection_images/${uniqueId('gone')}.jpg`;
    await put(key, await photo(700, 500), 'image/jpeg');
    // The original is deleted just as the first variant is stored: a refused upload's cleanup.
    let deleted = false;
    const client = s3();
    client.middlewareStack.add(
      (next, context) => async (args) => {
        if (!deleted && context.commandName === 'PutObjectCommand') {
          deleted = true;
          await raw().send(new DeleteObjectCommand({ Bucket: media(), Key: key }));
        }
        return next(args);
      },
      { step: 'initialize', name: 'deleteOriginalOnce' },
    );
    try {
      expect(await makePictureSet(media(), key)).toEqual({
        key,
        removed: variantKeys(key).length,
        because: 'original gone',
      });
    } finally {
      client.middlewareStack.remove('deleteOriginalOnce');
    }
    expect(deleted).toBe(true);
    await pictureSetsMade();
    expect(await existing(media(), variantKeys(key))).toEqual([]);
  });

  it('finds nothing to do for a picture already gone', async () => {
    const key = `collection_images/${uniqueId('never')}.png`;
    expect(await makePictureSet(media(), key)).toEqual({ key, skipped: 'original gone' });
  });
});

describe(
  'GET /picture-set: whether a stored picture’s set has been made (what the admin asks after an upload)',
  PICTURE_SET_WAIT,
  () => {
    const raw = () =>
      new S3Client({
        endpoint: inject('s3Url'),
        region: 'us-east-1',
        forcePathStyle: true,
        credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      });
    const stateOf = (url: string) =>
      adminApi<{ status: number; ready: boolean; stored: boolean; message: string }>(
        admin,
        `/picture-set?url=${encodeURIComponent(url)}`,
      );
    const dropVariants = (bucket: string, keys: string[]) =>
      raw().send(
        new DeleteObjectsCommand({
          Bucket: bucket,
          Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true },
        }),
      );

    it.each([
      ['image', 'mediaBucket'],
      ['authenticity', 'privateMediaBucket'],
    ] as const)(
      '%s: not ready while the original is stored without its set, ready once the picture-set function made it',
      async (kind, bucketName) => {
        const bucket = inject(bucketName);
        const bytes = await photo(640, 480);
        const { url, key } = await upload(kind, bytes);
        expect((await pictureSetsMade()).failed).toBe(0);
        expect((await stateOf(url)).body).toEqual({ status: 200, ready: true, stored: true });

        // The original stored, its set not (yet): as right after the upload, before the function ran.
        await dropVariants(bucket, variantKeys(key));
        expect(await existing(bucket, variantKeys(key))).toEqual([]);
        expect(await exists(bucket, key)).toBe(true);
        expect((await stateOf(url)).body).toEqual({ status: 200, ready: false, stored: true });

        // Stored again: the bucket's notification runs the picture-set function, which makes the set.
        await raw().send(
          new PutObjectCommand({ Bucket: bucket, Key: key, Body: bytes, ContentType: 'image/jpeg' }),
        );
        expect((await pictureSetsMade()).failed).toBe(0);
        expect(await existing(bucket, variantKeys(key))).toEqual(variantKeys(key));
        expect((await stateOf(url)).body).toEqual({ status: 200, ready: true, stored: true });
      },
    );

    it('is not ready until the last variant is written, whatever else of the set is there', async () => {
      const { url, key } = await upload('image', await photo(500, 500));
      await pictureSetsMade();
      const last = variantKey(key, 1920, 'jpg');
      await dropVariants(inject('mediaBucket'), [last]);
      expect(await existing(inject('mediaBucket'), variantKeys(key))).toHaveLength(
        variantKeys(key).length - 1,
      );
      expect((await stateOf(url)).body).toEqual({ status: 200, ready: false, stored: true });
    });

    it('says a picture not stored (yet) is neither ready nor stored', async () => {
      for (const url of [
        `s3/collection_images/${uniqueId('not-yet')}.jpg`,
        `s3/authenticity/${uniqueId('not-yet')}.png`,
      ])
        expect((await stateOf(url)).body, url).toEqual({ status: 200, ready: false, stored: false });
    });

    it('refuses, with a 400 that says why, what is not a stored picture with a set', async () => {
      const refused = [
        'collection_images/a.jpg',
        'https://example.com/a.jpg',
        '/media/collection_images/a.jpg',
        's3/collection_images/a.svg',
        's3/videos/a.mp4',
        's3/videos/a.jpg',
        's3/collection_images/a/640w.jpg',
        's3/collection_images/../authenticity/a.jpg',
        's3/collection_images/%2e%2e/a.jpg',
        's3/collection_images/a.jpg\u0000',
        '',
        `s3/collection_images/${'a'.repeat(400)}.jpg`,
      ];
      for (const url of refused) {
        const answer = await stateOf(url);
        expect(answer.status, `${url}: ${answer.text}`).toBe(400);
        expect(answer.body.message, url).toBe(`url: ${PICTURE_SET_URL_MESSAGE}`);
      }
      const none = await adminApi<{ message: string }>(admin, '/picture-set');
      expect(none.status, none.text).toBe(400);
      expect(none.body.message).toBe(`url: ${PICTURE_SET_URL_MESSAGE}`);
    });

    it('answers only staff: 401 without a session, with a forged one or after logging out', async () => {
      const path = `/picture-set?url=${encodeURIComponent('s3/collection_images/a.jpg')}`;
      const ended = await loggedInAdmin();
      expect((await api('/admin', { method: 'DELETE', headers: ended.headers })).status).toBe(200);
      for (const headers of [
        {},
        { cookie: '__Host-admin=forged-session-token-that-is-long-enough-0123456789' },
        ended.headers,
      ]) {
        const answer = await api<{ message: string }>(path, { headers });
        expect(answer.status, answer.text).toBe(401);
        expect(answer.body.message).toBe(ADMIN_MESSAGES.notLoggedIn);
      }
    });
  },
);
