import { randomUUID } from 'node:crypto';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  PutObjectCommand,
  type PutObjectCommandInput,
  S3Client,
} from '@aws-sdk/client-s3';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { ImageEntity } from '#catalog/entities/image.ts';
import { variantKeys } from '#shared/media.ts';
import { DEMO } from '../../infra/local/demo/catalogue.ts';
import { adminApi, loggedInAdmin } from '../support/admin.ts';
import { api } from '../support/api.ts';
import { productEntity, store, typeEntity, uniqueId } from '../support/fixtures.ts';
import { pictureSetsMade, uploadAs } from '../support/media.ts';
import { DESKTOP, PHONE, screenshot, startBrowser } from './support/browser.ts';
import { openAsStaff } from './support/staff.ts';

/**
 * A picture whose responsive set is not made yet (functions/media/): a few seconds after an
 * upload, and for the demo catalogue's photographs while they are rendered after the shop has
 * started. The storefront holds the picture's box with a calm placeholder and draws the set once
 * it is there; the admin asks the server first (GET /picture-set), says "processing", and never
 * asks for a variant that is not there (no 404 on its pages: the browser session fails a test on
 * any console error it did not declare).
 */
const browser = startBrowser();

const bucket = () => inject('mediaBucket');
const s3 = () =>
  new S3Client({
    endpoint: inject('s3Url'),
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });

/** A stored object as it is (bytes and headers), to put back or copy. */
async function read(key: string): Promise<Omit<PutObjectCommandInput, 'Bucket' | 'Key'>> {
  const object = await s3().send(new GetObjectCommand({ Bucket: bucket(), Key: key }));
  return {
    Body: await object.Body?.transformToByteArray(),
    ContentType: object.ContentType,
    CacheControl: object.CacheControl,
  };
}
const put = (key: string, object: Omit<PutObjectCommandInput, 'Bucket' | 'Key'>) =>
  s3().send(new PutObjectCommand({ Bucket: bucket(), Key: key, ...object }));
const remove = (keys: string[]) =>
  s3().send(
    new DeleteObjectsCommand({
      Bucket: bucket(),
      Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true },
    }),
  );

/** A demo photograph (camera size, with its set): its key in the media bucket. */
let demoKey: string;

beforeAll(async () => {
  const answer = await api<{ imgs: { url: string }[] }>(
    `/get-imgs-by-pid?id=${DEMO.availableProduct}&type=1`,
  );
  demoKey = (answer.body.imgs[0]?.url ?? '').replace(/^s3\//, '');
  expect(demoKey).toMatch(/^collection_images\/.+\.jpg$/);
});

interface FirstPictureTimes {
  /** When the gallery's first picture became the placeholder, and when the others were let load (ms). */
  placeholder?: number;
  othersLet?: number;
  /** Whether the other pictures were seen waiting for the first. */
  othersHeld: boolean;
}

/** Runs in the page: notes when the first picture became a placeholder and when the others were let go. */
const WATCH_FIRST_PICTURE = `window.__firstPicture = { othersHeld: false };
new MutationObserver(() => {
  const times = window.__firstPicture;
  const waiting = document.querySelector('.catalog-gallery-waiting') !== null;
  if (waiting) times.othersHeld = true;
  if (times.placeholder === undefined && document.querySelector('.catalog-gallery img[data-picture="waiting"]'))
    times.placeholder = performance.now();
  if (times.othersHeld && !waiting && times.othersLet === undefined) times.othersLet = performance.now();
}).observe(document, { subtree: true, childList: true, attributes: true });`;

describe('on the storefront, a picture whose set is not made yet', () => {
  const collection = typeEntity({ name: `Pictures being made ${uniqueId('c')}`, gender: 0, areaAmount: 2 });
  const product = productEntity(collection, { name: 'Gown photographed just now' });
  // Copies of a demo photograph, with their sets: the first is the page's first picture.
  const waiting = `collection_images/e2e-waiting-${randomUUID()}.jpg`;
  const second = `collection_images/e2e-second-${randomUUID()}.jpg`;
  const image = (key: string, index: number): ImageEntity => ({
    kind: 'image',
    id: uniqueId('img'),
    ownerId: product.id,
    type: 1,
    index,
    url: `s3/${key}`,
  });
  const variantsOfDemo = new Map<string, Awaited<ReturnType<typeof read>>>();

  beforeAll(async () => {
    for (const key of variantKeys(demoKey)) variantsOfDemo.set(key, await read(key));
    const original = await read(demoKey);
    for (const key of [waiting, second]) {
      // The set first, as the demo seed does: the picture-set function then finds it complete.
      await Promise.all(
        variantKeys(demoKey).map((from, i) =>
          put(variantKeys(key)[i] as string, variantsOfDemo.get(from) ?? {}),
        ),
      );
      await put(key, original);
    }
    expect((await pictureSetsMade()).failed).toBe(0);
    await store({ type: collection, products: [product], images: [image(waiting, 1), image(second, 2)] });
  }, 60_000);

  afterAll(async () => {
    await remove([waiting, second, ...variantKeys(waiting), ...variantKeys(second)]);
  });

  it('holds its box with a calm placeholder (no broken image, nothing moves) and draws the set once it is there', async () => {
    // Neither the set nor the picture is stored yet: as the demo's photographs for a few minutes
    // after `npm start` answers.
    const originalOfWaiting = await read(waiting);
    await remove([waiting, ...variantKeys(waiting)]);
    const folder = waiting.replace(/\.jpg$/, '');
    const requests: string[] = [];
    const page = await browser.open(
      `/products/productdetails?${new URLSearchParams({
        productId: product.id,
        type: collection.id,
        gender: '0',
        areaAmount: '2',
      })}`,
      {
        viewport: PHONE,
        beforeLoad: async (p) => {
          p.on('request', (request) => requests.push(new URL(request.url()).pathname));
          await p.addInitScript({ content: WATCH_FIRST_PICTURE });
        },
        // The variant the browser chose, and the same asked again every 5 s, answer 404 until the set is there.
        expectFailures: [{ status: 404, path: new RegExp(`^/media/${folder}/\\d+w\\.(avif|webp|jpg)$`) }],
      },
    );
    const first = page.locator('.catalog-gallery img').first();
    const placeholder = page.locator('.catalog-gallery img[data-picture="waiting"]');
    await placeholder.waitFor();
    const held = await placeholder.evaluate((img: HTMLImageElement) => ({
      complete: img.complete,
      naturalWidth: img.naturalWidth,
      alt: img.alt,
      className: img.className,
      width: img.getAttribute('width'),
      height: img.getAttribute('height'),
      inPicture: img.parentElement?.localName,
      box: img.getBoundingClientRect().toJSON() as DOMRect,
    }));
    // A drawn picture (never a broken image), in the box the picture will have: the gallery's
    // 4 : 5 at its phone width (at least 300 px, catalog.css), the same attributes.
    expect(held).toMatchObject({
      complete: true,
      alt: 'Gown photographed just now, picture 1 of 2',
      width: '500',
      height: '625',
      inPicture: 'picture',
    });
    expect(held.naturalWidth).toBeGreaterThan(0);
    expect(held.box.width).toBeGreaterThanOrEqual(300);
    expect(held.box.height).toBeCloseTo((held.box.width * 5) / 4, 0);
    // A first picture that cannot be drawn holds the others back no longer: they are let go at
    // once, not when the first picture's 3 s are up (web/src/lib/first-picture.ts).
    await expect.poll(() => page.locator('.catalog-gallery-waiting').count()).toBe(0);
    const times = await page.evaluate(
      () => (window as unknown as { __firstPicture: FirstPictureTimes }).__firstPicture,
    );
    expect(times.othersHeld).toBe(true);
    expect((times.othersLet ?? Number.POSITIVE_INFINITY) - (times.placeholder ?? 0)).toBeLessThan(1500);
    await screenshot(page, 'picture-sets-storefront-waiting');

    // The set is made (here: put back), and the picture is drawn from it within the next try.
    await Promise.all(
      variantKeys(demoKey).map((from, i) =>
        put(variantKeys(waiting)[i] as string, variantsOfDemo.get(from) ?? {}),
      ),
    );
    await put(waiting, originalOfWaiting);
    await expect
      .poll(
        () =>
          first.evaluate((img: HTMLImageElement) =>
            img.complete && img.naturalWidth > 0 ? new URL(img.currentSrc).pathname : '',
          ),
        { timeout: 20_000, interval: 250 },
      )
      .toMatch(new RegExp(`^/media/${folder}/\\d+w\\.avif$`));
    const drawn = await first.evaluate((img: HTMLImageElement) => ({
      marked: img.dataset.picture ?? null,
      className: img.className,
      box: img.getBoundingClientRect().toJSON() as DOMRect,
    }));
    expect(drawn.marked).toBeNull();
    expect(drawn.className).toBe(held.className);
    expect(drawn.box).toEqual(held.box);
    // The stored file was never asked for: only its set.
    expect(requests).not.toContain(`/media/${waiting}`);
    // The variant the browser chose, asked again (a small AVIF), never the whole ladder.
    const asked = requests.filter((r) => r.startsWith(`/media/${folder}/`));
    expect(asked.length).toBeGreaterThanOrEqual(2);
    expect(new Set(asked).size, asked.join(' ')).toBe(1);
    await screenshot(page, 'picture-sets-storefront-drawn');
  }, 60_000);
});

describe('in the admin, a picture just uploaded', () => {
  const collection = typeEntity({ name: `Admin uploads ${uniqueId('c')}`, gender: 0, areaAmount: 2 });
  const product = productEntity(collection, { name: 'Coat photographed just now' });

  beforeAll(async () => {
    await store({ type: collection, products: [product] });
  });

  /** What the page asked of /api/picture-set and /media, in order. */
  function watch(page: Page) {
    const events: { kind: 'asked' | 'answered' | 'media'; path: string; ready?: boolean }[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/media/')) events.push({ kind: 'media', path: url.pathname });
    });
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (url.pathname !== '/api/picture-set') return;
      // Noted in the order the answers came, before their bodies are read.
      const event: (typeof events)[number] = { kind: 'answered', path: url.searchParams.get('url') ?? '' };
      events.push(event);
      response
        .json()
        .then((body: { ready?: boolean }) => {
          event.ready = body.ready;
        })
        .catch(() => undefined);
    });
    return events;
  }

  it('says "processing" while its set is being made, then draws the set, never asking for a variant before', async () => {
    const page = await openAsStaff(browser, {
      viewport: DESKTOP,
      defaultTimeout: 15_000,
      path: `/adpicture/${product.id}?type=product`,
    });
    const events = watch(page);
    await page.getByText('no pictures yet.').waitFor();
    // A photograph as a camera gives one: its set takes the picture-set function several seconds.
    const photo = await sharp((await read(demoKey)).Body as Uint8Array)
      .resize({ width: 1200 })
      .jpeg({ quality: 90 })
      .toBuffer();
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'coat.jpg', mimeType: 'image/jpeg', buffer: photo });
    await page.getByRole('button', { name: 'upload', exact: true }).click();

    const processing = page.locator('.adm-products-pictures .picture-processing');
    await processing.getByRole('status').filter({ hasText: 'processing' }).waitFor();
    // Meanwhile the stored file is shown.
    const stored = processing.locator('img');
    await expect
      .poll(() => stored.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)))
      .toBe(1200);
    const src = (await stored.getAttribute('src')) as string;
    expect(src).toMatch(/^\/media\/collection_images\/[0-9a-f-]{36}\.jpg$/);
    await screenshot(page, 'picture-sets-admin-processing');

    // Then the set, once the server says it is made (asked every 5 s).
    const drawn = page.locator('.adm-products-pictures picture img');
    await expect
      .poll(
        () =>
          drawn
            .evaluate((img: HTMLImageElement) =>
              img.complete && img.naturalWidth > 0 ? new URL(img.currentSrc).pathname : '',
            )
            .catch(() => ''),
        { timeout: 90_000, interval: 500 },
      )
      .toMatch(new RegExp(`^${src.replace(/\.jpg$/, '')}/\\d+w\\.avif$`));
    expect(await processing.count()).toBe(0);
    await screenshot(page, 'picture-sets-admin-drawn');

    const url = `s3/${src.replace(/^\/media\//, '')}`;
    const answers = events.filter((e) => e.kind === 'answered' && e.path === url);
    expect(answers[0]?.ready).toBe(false);
    expect(answers.at(-1)?.ready).toBe(true);
    // No variant was asked for before the server said the set was made.
    const firstReady = events.findIndex((e) => e.kind === 'answered' && e.path === url && e.ready);
    const firstVariant = events.findIndex(
      (e) => e.kind === 'media' && e.path.startsWith(src.replace(/\.jpg$/, '/')),
    );
    expect(firstVariant).toBeGreaterThan(firstReady);
    // (The session's check after the test fails it on any 404 the page logged.)
  }, 150_000);

  it('asks after an authenticity photo in the private bucket, says "processing", then draws its set of signed links', async () => {
    // Stored through the API (the local private bucket takes no upload from a page: it has no CORS).
    const staff = await loggedInAdmin();
    const bytes = await sharp({ create: { width: 600, height: 800, channels: 3, background: '#8e6f4e' } })
      .jpeg()
      .toBuffer();
    const { url, key } = await uploadAs(staff, 'authenticity', bytes, 'image/jpeg');
    const added = await adminApi(staff, '/uploadimgs', {
      method: 'POST',
      json: { id: product.id, type: 2, urls: [url] },
    });
    expect(added.status, added.text).toBe(200);
    // Its set not made yet (taken away once made): as right after the upload.
    expect((await pictureSetsMade()).failed).toBe(0);
    const privateBucket = inject('privateMediaBucket');
    await s3().send(
      new DeleteObjectsCommand({
        Bucket: privateBucket,
        Delete: { Objects: variantKeys(key).map((Key) => ({ Key })), Quiet: true },
      }),
    );

    const page = await openAsStaff(browser, {
      viewport: DESKTOP,
      defaultTimeout: 15_000,
      path: `/adpicture/${product.id}?type=authenticity`,
    });
    const events = watch(page);
    const folder = `/${privateBucket}/${key.replace(/\.jpg$/, '/')}`;
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith(folder))
        events.push({ kind: 'media', path: new URL(request.url()).pathname });
    });
    const processing = page.locator('.adm-products-pictures .picture-processing');
    await processing.getByRole('status').filter({ hasText: 'processing' }).waitFor();
    // The stored photo meanwhile, by its signed link, never through the shop's public /media.
    const stored = processing.locator('img');
    await expect
      .poll(() => stored.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)))
      .toBe(600);
    expect(await stored.getAttribute('src')).toMatch(
      new RegExp(`^${new URL(inject('s3Url')).origin}/${privateBucket}/${key}\\?.*X-Amz-Signature=`),
    );

    // The set is made (the photo stored again: the private bucket's notification makes it).
    await s3().send(
      new PutObjectCommand({ Bucket: privateBucket, Key: key, Body: bytes, ContentType: 'image/jpeg' }),
    );
    expect((await pictureSetsMade()).failed).toBe(0);
    const drawn = page.locator('.adm-products-pictures picture img');
    await expect
      .poll(
        () =>
          drawn
            .evaluate((img: HTMLImageElement) => (img.complete && img.naturalWidth > 0 ? img.currentSrc : ''))
            .catch(() => ''),
        { timeout: 30_000, interval: 500 },
      )
      .toMatch(new RegExp(`${folder}\\d+w\\.avif\\?.*X-Amz-Signature=`));
    const answers = events.filter((e) => e.kind === 'answered' && e.path === url);
    expect(answers[0]?.ready).toBe(false);
    expect(answers.at(-1)?.ready).toBe(true);
    const firstReady = events.findIndex((e) => e.kind === 'answered' && e.path === url && e.ready);
    expect(events.findIndex((e) => e.kind === 'media')).toBeGreaterThan(firstReady);
  }, 120_000);
});
