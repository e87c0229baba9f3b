import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DeleteObjectCommand, HeadObjectCommand } from '@aws-sdk/client-s3';
import { DeleteCommand, DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productKey, collectionKey as typeKey } from '#catalog/entities/keys.ts';
import { sellProductItem } from '#catalog/entities/product-hold.ts';
import { s3 } from '#platform/media-clients.ts';
import { runInScope } from '#platform/request-scope.ts';
import { MESSAGES } from '#shared/messages.ts';
import { pagePath } from '#shared/pages/public-pages.ts';
import { PAGE_DATA_ID, RENDERED_META } from '#shared/pages/rendered-page.ts';
import { START_APP_SCRIPT } from '#shared/pages/start-app.ts';
import { transact } from '#table/transactions.ts';
import { renderPages } from '../../functions/pages/app/render-pages.ts';
import { PAGE_CACHE_CONTROL } from '../../functions/pages/app/web-files.ts';
import { allPublicPages } from '../../functions/pages/jobs/render-all.ts';
import type { PageWork, RenderPages } from '../../functions/pages/render-port.ts';
import { START_APP_SCRIPT_HASH } from '../../infra/edge/security-headers.ts';
import { DEMO } from '../../infra/local/demo/catalogue.ts';
import { type LocalStack, startLocalStack, WEB_BUCKET } from '../../infra/local/stack.ts';
import { checkStructuredData } from '../support/structured-data.ts';
import { DESKTOP, expectAccessible, screenshot, startBrowser } from './support/browser.ts';

/**
 * The public pages rendered ahead of time (issue 47) on a local stack of this file's own that
 * serves them: the first HTML carries the piece (read without JavaScript), and the browser
 * hydrates it with the answers it was rendered from, without a mismatch (React would say so on
 * the console, which fails any browser test) and without asking them again, then asks the live
 * facts (the piece's availability) after the paint.
 */
let stack: LocalStack;
let dir: string;
const browser = startBrowser();
/** Every page the renderer was handed, batch by batch (the real renderer does the work). */
const handed: PageWork[] = [];
const countingRenderer: RenderPages = async (work) => {
  handed.push(work);
  return renderPages(work);
};

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'boutique-rendered-'));
  stack = await startLocalStack({
    port: 0,
    s3Dir: join(dir, 's3'),
    tableName: 'boutique-rendered-pages',
    renderedPages: true,
    renderPages: countingRenderer,
  });
  // The pages show the demo photographs, which a new stack makes as it starts.
  await stack.demoPictures.idle();
}, 240_000);

afterAll(async () => {
  await stack?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const db = () => DynamoDBDocumentClient.from(new DynamoDBClient({}));

const PIECE = `/products/productdetails?productId=${DEMO.availableProduct}`;

/** The document as a crawler or a link preview reads it: no JavaScript. */
async function firstHtml(path: string): Promise<{ status: number; html: string }> {
  const answer = await fetch(`${stack.url}${path}`);
  return { status: answer.status, html: await answer.text() };
}

const pageData = (html: string) => {
  const found = new RegExp(`<script type="application/json" id="${PAGE_DATA_ID}">([^<]*)</script>`).exec(
    html,
  );
  return found
    ? (JSON.parse(found[1] as string) as { url: string; queries: { queries: unknown[] } })
    : undefined;
};

describe('a rendered piece page', () => {
  it('carries, without JavaScript, the piece’s name, price, sizes and photograph asked first', async () => {
    const { status, html } = await firstHtml(PIECE);
    expect(status).toBe(200);
    expect(html).toContain(`<meta name="${RENDERED_META}" content="${PIECE.replace('&', '&amp;')}" />`);
    expect(html).toContain('<h1 class="catalog-title catalog-product-name">Aurora Gown No. 08</h1>');
    expect(html).toMatch(
      /<p class="catalog-price">7400<!-- --> <span class="catalog-currency">USD<\/span><\/p>/,
    );
    // The photograph, its responsive set and its priority, in the document's first 14 KB once compressed.
    const photo = /<img [^>]*src="\/media\/collection_images\/pieces\/p-aurora-08[^"]*"[^>]*>/.exec(
      html,
    )?.[0];
    expect(photo).toMatch(/fetchPriority="high"/);
    expect(photo).toMatch(/srcSet="[^"]*640w\.jpg 640w/);
    // One script runs from the page itself, the one the CSP allows by its hash (the app's start);
    // the data are JSON blocks.
    const scripts = [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)].map((m) => ({
      attributes: m[1] as string,
      text: m[2] as string,
    }));
    const inline = scripts.filter(
      (script) => !/type="application\/(ld\+)?json"|src=/.test(script.attributes),
    );
    expect(inline.map((script) => script.text)).toEqual([START_APP_SCRIPT]);
    const csp = (await fetch(`${stack.url}${PIECE}`)).headers.get('content-security-policy') ?? '';
    expect(/script-src ([^;]*)/.exec(csp)?.[1]?.split(' ')).toContain(START_APP_SCRIPT_HASH);
    const data = pageData(html);
    expect(data?.url).toBe(PIECE);
    expect(data?.queries.queries.length).toBeGreaterThan(0);
    // The photograph asked for from the head, before the style sheets, at the same priority.
    const preload =
      /<link rel="preload" as="image" type="image\/avif" imagesrcset="([^"]+)"[^>]*fetchpriority="high">/.exec(
        html,
      );
    expect(preload?.[1]).toContain('/media/collection_images/pieces/p-aurora-08/640w.avif 640w');
    expect(html.indexOf(preload?.[0] ?? '!')).toBeLessThan(html.indexOf('<style>'));
  });

  it('carries its title, description, canonical address, preview tags and a Product a validator accepts', async () => {
    const { html } = await firstHtml(PIECE);
    const canonical = `${stack.url}${PIECE}`;
    expect(html).toContain(`<link rel="canonical" href="${canonical}">`);
    expect(html).toContain(`<meta property="og:url" content="${canonical}">`);
    expect(html).toMatch(/<title>Aurora Gown No\. 08[^<]*<\/title>/);
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toMatch(/<meta property="og:image" content="[^"]*\/p-aurora-08\/preview-1200x630\.jpg">/);
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    const { data, errors } = await checkStructuredData(html);
    expect(errors).toEqual([]);
    const product = data.jsonld.Product?.[0] as {
      name?: string;
      offers?: { availability?: string; price?: string };
    };
    expect(product?.name).toBe('Aurora Gown No. 08');
    expect(product?.offers?.availability).toBe('https://schema.org/InStock');
    expect(product?.offers?.price).toBe('7400.00');
  });

  it('is hydrated with what it was rendered from: no mismatch, nothing asked again but the piece’s availability', async () => {
    const asked: string[] = [];
    const page = await browser.open(PIECE, {
      baseUrl: stack.url,
      beforeLoad: (opened) => {
        opened.on('request', (request) => {
          const url = new URL(request.url());
          if (url.pathname.startsWith('/api/')) asked.push(`${url.pathname}${url.search}`);
        });
      },
    });
    await expect
      .poll(() => page.evaluate(() => document.querySelector('.catalog-product-name')?.textContent))
      .toBe('Aurora Gown No. 08');
    // The piece is asked again (its availability is never taken from a page made earlier); the
    // collection and the pictures the page was rendered with are not.
    await expect.poll(() => asked).toContain(`/api/products/${DEMO.availableProduct}`);
    expect(
      asked.filter((url) => url.startsWith('/api/get-imgs-by-pid') || url.startsWith('/api/type')),
    ).toEqual([]);
    // It works as the app: the back button and the purchase action respond.
    await expect(page.getByRole('button', { name: /back/ }).isVisible()).resolves.toBe(true);
    await screenshot(page, 'rendered-piece-phone');
  });

  it('is served, with its preview, for the address the app writes: the piece with the app’s inputs', async () => {
    // As the colour picker's link writes it (navTarget), and as a shopper copies it from the bar.
    const LONG = `/products/productdetails?productId=${DEMO.availableProduct}&type=t-aurora&areaAmount=2&gender=0&size=M`;
    const { status, html } = await firstHtml(LONG);
    expect(status).toBe(200);
    expect(html).toContain('<h1 class="catalog-title catalog-product-name">Aurora Gown No. 08</h1>');
    expect(html).toMatch(
      /<img [^>]*src="\/media\/collection_images\/pieces\/p-aurora-08[^"]*"[^>]*fetchPriority="high"/,
    );
    expect(html).toMatch(/<meta property="og:image" content="[^"]*\/p-aurora-08\/preview-1200x630\.jpg">/);
    expect(html).toMatch(/<title>Aurora Gown No\. 08[^<]*<\/title>/);
    // Its head names the canonical address, which it was rendered for.
    expect(html).toContain(`<link rel="canonical" href="${stack.url}${PIECE}">`);
    expect(html).toContain(`<meta property="og:url" content="${stack.url}${PIECE}">`);
    expect(pageData(html)?.url).toBe(PIECE);
    // An input the app does not write is the empty app, as before.
    expect(pageData((await firstHtml(`${PIECE}&utm_source=mail`)).html)).toBeUndefined();

    // In the browser: rendered over (not hydrated: it would not match) with the page's answers,
    // its route loaded first, so it never shows empty; the collection and the pictures are not
    // asked, the piece once (its availability, as on the canonical address) and not twice.
    const asked: string[] = [];
    const page = await browser.open(LONG, {
      baseUrl: stack.url,
      beforeLoad: (opened) => {
        opened.on('request', (request) => {
          const url = new URL(request.url());
          if (url.pathname.startsWith('/api/')) asked.push(`${url.pathname}${url.search}`);
        });
        // Every frame's content until the app is on: the piece's name never leaves the page.
        void opened.addInitScript(() => {
          const seen: string[] = [];
          (window as unknown as { __names: string[] }).__names = seen;
          const watch = () => {
            seen.push(document.querySelector('.catalog-product-name')?.textContent ?? '');
            if (seen.length < 600) requestAnimationFrame(watch);
          };
          document.addEventListener('DOMContentLoaded', () => requestAnimationFrame(watch), { once: true });
        });
      },
    });
    // The app is on once the purchase part answers (a live read the app asks after its render).
    await expect.poll(() => asked).toContain(`/api/products/${DEMO.availableProduct}`);
    await expect(page.getByRole('button', { name: /back/ }).isVisible()).resolves.toBe(true);
    expect(await page.evaluate(() => document.querySelector('.catalog-product-name')?.textContent)).toBe(
      'Aurora Gown No. 08',
    );
    const names = await page.evaluate(() => (window as unknown as { __names: string[] }).__names);
    expect(names.length).toBeGreaterThan(0);
    expect(names.filter((name) => name !== 'Aurora Gown No. 08')).toEqual([]);
    expect(asked.filter((url) => url === `/api/products/${DEMO.availableProduct}`)).toHaveLength(1);
    expect(
      asked.filter((url) => url.startsWith('/api/get-imgs-by-pid') || url.startsWith('/api/type')),
    ).toEqual([]);
    // The app's own address stays the one asked (its inputs drive the back link and the sizes).
    expect(new URL(page.url()).search).toBe(new URL(LONG, stack.url).search);
    await screenshot(page, 'rendered-piece-long-address-phone');
  });

  it('answers 404 for a piece the shop does not have', async () => {
    const { status, html } = await firstHtml('/products/productdetails?productId=p-no-such-piece');
    expect(status).toBe(404);
    expect(html).toContain(MESSAGES.pageNotFound);
    expect(html).not.toContain('<h1 class="catalog-title catalog-product-name">');
    // The browser renders it afresh (nothing to hydrate), as the app would for that address.
    expect(pageData(html)).toBeUndefined();
  });
});

const LANDING = `/products/productrelated?type=${DEMO.womenSized}&gender=0`;
const SINGLES = `/products/singleproducts?type=${DEMO.singleCollection}&gender=0`;
/** The reads an opened page makes of the API, from its start. */
const watchApi = (asked: string[]) => (opened: Page) => {
  opened.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) asked.push(`${url.pathname}${url.search}`);
  });
};

describe('a rendered collection page', () => {
  it('carries, without JavaScript, the collection’s name, its links and its photograph asked first', async () => {
    const { status, html } = await firstHtml(LANDING);
    expect(status).toBe(200);
    expect(html).toContain(`<meta name="${RENDERED_META}" content="${LANDING.replace('&', '&amp;')}" />`);
    expect(html).toContain('<h1 class="catalog-title catalog-product-name">Aurora — the evening gown</h1>');
    for (const [label, href] of [
      [
        'Shop Products - pick size',
        `/products/sizepicker?type=${DEMO.womenSized}&amp;gender=0&amp;areaAmount=2`,
      ],
      ['Find your size', `/products/productsizeguide?type=${DEMO.womenSized}&amp;gender=0`],
      ['Collection Video', `/products/productvideo?type=${DEMO.womenSized}&amp;gender=0`],
      ['product price', `/products/material?tid=${DEMO.womenSized}&amp;title=unisexPrice`],
    ])
      expect(html, label).toContain(`<a href="${href}" data-discover="true">${label}</a>`);
    const photo = /<img [^>]*src="\/media\/collection_images\/[^"]*"[^>]*>/.exec(html)?.[0];
    expect(photo).toMatch(/fetchPriority="high"/);
    expect(html).toMatch(/<link rel="preload" as="image" type="image\/avif" imagesrcset="[^"]+"/);
    // Its detail and gallery pictures, read ahead of time too.
    expect(html).toContain('the details');
    expect(pageData(html)?.url).toBe(LANDING);
  });

  it('carries its title, description, canonical address, preview tags and a CollectionPage a validator accepts', async () => {
    const { html } = await firstHtml(LANDING);
    const canonical = `${stack.url}${LANDING}`.replace('&', '&amp;');
    expect(html).toContain(`<link rel="canonical" href="${canonical}">`);
    expect(html).toContain(`<meta property="og:url" content="${canonical}">`);
    expect(html).toContain('<title>Aurora — the evening gown, for women | ');
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toMatch(
      /<meta property="og:image" content="[^"]*\/collection_images\/[^"]*\/preview-1200x630\.jpg">/,
    );
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    const preview = /<meta property="og:image" content="([^"]+)">/.exec(html)?.[1] ?? '';
    const image = await fetch(preview);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/jpeg');
    const { data, errors } = await checkStructuredData(html);
    expect(errors).toEqual([]);
    expect((data.jsonld.CollectionPage?.[0] as { name?: string })?.name).toBe('Aurora — the evening gown');
  });

  it('is hydrated with what it was rendered from: no mismatch, nothing asked again, and its links work', async () => {
    const asked: string[] = [];
    const page = await browser.open(LANDING, { baseUrl: stack.url, beforeLoad: watchApi(asked) });
    await page.getByRole('link', { name: 'Shop Products - pick size' }).waitFor();
    // Hydrated: the gallery's carousel starts (only the app starts it).
    await page.locator('.catalog-details-gallery .swiper-initialized').waitFor();
    await screenshot(page, 'rendered-collection-phone');
    expect(
      asked.filter((url) => /^\/api\/(type|has-sizes|get-imgs-by-pid)\?/.test(url)),
      'the collection, its sizes and its pictures come with the page',
    ).toEqual([]);
    await page.getByRole('link', { name: 'Shop Products - pick size' }).click();
    await page.waitForURL('**/products/sizepicker?**');
    // Back, to the collection's own address.
    await page.getByRole('button', { name: /back/ }).click();
    await page.waitForURL((url) => `${url.pathname}${url.search}` === LANDING);
  });

  it('is the page the women’s list links to, at that very address', async () => {
    const { html } = await firstHtml('/women/');
    expect(html).toContain(`href="${LANDING.replace('&', '&amp;')}"`);
    const page = await browser.open('/women/', { baseUrl: stack.url });
    await page.getByRole('link', { name: 'Aurora — the evening gown' }).click();
    await page.waitForURL((url) => `${url.pathname}${url.search}` === LANDING);
    await page.getByRole('link', { name: 'Shop Products - pick size' }).waitFor();
  });

  it('shows as it is without JavaScript, on a phone and a desktop', async () => {
    for (const [viewport, name] of [
      [{ width: 390, height: 844 }, 'phone'],
      [DESKTOP, 'desktop'],
    ] as const) {
      const off = await browser.open(LANDING, { baseUrl: stack.url, viewport, javaScriptEnabled: false });
      await off.getByRole('heading', { name: 'Aurora — the evening gown' }).waitFor();
      expect(await off.getByRole('link', { name: 'Shop Products - pick size' }).getAttribute('href')).toBe(
        `/products/sizepicker?type=${DEMO.womenSized}&gender=0&areaAmount=2`,
      );
      // The photograph is drawn (loaded and decoded), not a gap.
      await expect
        .poll(() =>
          off.evaluate(() => {
            const img = document.querySelector<HTMLImageElement>('.catalog-details-gallery img');
            return img ? img.complete && img.naturalWidth > 0 : false;
          }),
        )
        .toBe(true);
      await screenshot(off, `rendered-collection-nojs-${name}`);
      // With it: hydrated, and the detail and gallery pictures below drawn once scrolled to.
      const on = await browser.open(LANDING, { baseUrl: stack.url, viewport });
      await on.locator('.catalog-details-gallery .swiper-initialized').waitFor();
      for (const section of await on.locator('.catalog-collection-pictures section section').all()) {
        await section.scrollIntoViewIfNeeded();
        await expect
          .poll(() =>
            section.evaluate((box) => {
              const img = box.querySelector('img');
              return img ? img.complete && img.naturalWidth > 0 : false;
            }),
          )
          .toBe(true);
      }
      await on.evaluate(() => window.scrollTo(0, 0));
      await screenshot(on, `rendered-collection-js-${name}`);
    }
  });

  it('a single collection’s list: its pieces for the gender, the sold one marked, hydrated', async () => {
    const { status, html } = await firstHtml(SINGLES);
    expect(status).toBe(200);
    expect(html).toContain('<h1 class="catalog-title">Atelier Singles</h1>');
    expect(html).toContain('Écharpe de Soie');
    expect(html).toContain('Signet No. 3');
    expect(html).not.toContain('Optique No. 7');
    expect(html).toContain('(sold)');
    // Each piece's link carries the collection's colour areas, read from the collection.
    expect(html).toContain(
      `href="/products/productdetails?productId=${DEMO.singleProducts.women}&amp;type=${DEMO.singleCollection}&amp;areaAmount=0&amp;gender=0&amp;singleProduct=true"`,
    );
    const { data, errors } = await checkStructuredData(html);
    expect(errors).toEqual([]);
    const list = (data.jsonld.CollectionPage?.[0] as { mainEntity?: { numberOfItems?: number } })?.mainEntity;
    expect(list?.numberOfItems).toBe(3);
    const asked: string[] = [];
    const page = await browser.open(SINGLES, { baseUrl: stack.url, beforeLoad: watchApi(asked) });
    await page.getByRole('link', { name: 'Signet No. 3' }).click();
    await page.waitForURL('**/products/productdetails?**');
    expect(asked.filter((url) => url.startsWith('/api/has-single-product'))).toEqual([]);
  });

  it('answers 404 for a collection the shop does not have, or on a list it is not on', async () => {
    for (const path of [
      '/products/productrelated?type=t-no-such-collection&gender=0',
      `/products/productrelated?type=${DEMO.womenSized}&gender=1`,
      `/products/productrelated?type=${DEMO.singleCollection}&gender=0`,
    ]) {
      const { status, html } = await firstHtml(path);
      expect(status, path).toBe(404);
      expect(html, path).toContain(MESSAGES.pageNotFound);
      expect(pageData(html), path).toBeUndefined();
    }
  });

  // The table's stream hands each change to the renderer after its batching window (10 s).
  it('says a collection is sold out within 60 s of it being marked so', { timeout: 120_000 }, async () => {
    const path = `/products/productrelated?type=${DEMO.womenUnsized}&gender=0`;
    const notice = `<p class="catalog-notice">${MESSAGES.collectionSold}</p>`;
    const before = await firstHtml(path);
    expect(before.status).toBe(200);
    expect(before.html).not.toContain(notice);
    await db().send(
      new UpdateCommand({
        TableName: stack.tableName,
        Key: typeKey(DEMO.womenUnsized),
        UpdateExpression: 'SET issoldout = :yes',
        ExpressionAttributeValues: { ':yes': true },
      }),
    );
    await expect
      .poll(async () => (await firstHtml(path)).html, { timeout: 60_000, interval: 500 })
      .toContain(notice);
    expect((await firstHtml(path)).html).toContain(`${MESSAGES.collectionSold}">`);
    expect(stack.tableStream?.failed()).toEqual([]);
  });
});

describe('a rendered page kept to the catalogue', () => {
  // The table's stream hands each change to the renderer after its batching window (10 s).
  it('says a piece is sold within 60 s of the sale, and answers 404 once it is deleted', {
    timeout: 150_000,
  }, async () => {
    const productId = DEMO.freeShippingProduct;
    const path = `/products/productdetails?productId=${productId}`;
    const sold = `<p class="catalog-notice catalog-sold">${MESSAGES.productSold}</p>`;
    const before = await firstHtml(path);
    expect(before.status).toBe(200);
    expect(before.html).not.toContain(sold);
    const at = Date.now();
    await transact([
      sellProductItem({
        productId,
        holdId: 'h-rendered',
        checkoutCode: 'RENDER1',
        at: new Date(at).toISOString(),
        now: at,
      }),
    ]);
    await expect
      .poll(async () => (await firstHtml(path)).html, { timeout: 60_000, interval: 500 })
      .toContain(sold);
    expect((await firstHtml(path)).html).toContain('"availability":"https://schema.org/SoldOut"');
    const saidSold = Date.now() - at;
    console.log(`a piece sold → its rendered page says so after ${saidSold} ms`);
    expect(saidSold).toBeLessThan(60_000);

    await db().send(new DeleteCommand({ TableName: stack.tableName, Key: productKey(productId) }));
    await expect
      .poll(async () => (await firstHtml(path)).status, { timeout: 60_000, interval: 500 })
      .toBe(404);
    expect(stack.tableStream?.failed()).toEqual([]);
  });
});

describe('a thousand catalogue changes in a minute', () => {
  it('are rendered coalesced: each page once a batch, the last change shown soon after it was made', {
    timeout: 180_000,
  }, async () => {
    await stack.pagesIdle();
    const pieces = (await allPublicPages())
      .flatMap((page) => (page.kind === 'piece' ? [page.productId] : []))
      .filter((id) => id !== DEMO.freeShippingProduct)
      .slice(0, 50);
    expect(pieces).toHaveLength(50);
    const from = handed.length;
    const started = Date.now();
    // 20 rounds of a new price for each of the 50 pieces: 1,000 writes, as fast as the table takes them.
    for (let round = 1; round <= 20; round++)
      await Promise.all(
        pieces.map((id) =>
          db().send(
            new UpdateCommand({
              TableName: stack.tableName,
              Key: productKey(id),
              UpdateExpression: 'SET priceUs = :price',
              ExpressionAttributeValues: { ':price': 1000 + round },
            }),
          ),
        ),
      );
    const written = Date.now();
    await stack.pagesIdle();
    const rendered = Date.now();
    const batches = handed.slice(from);
    const pages = batches.flatMap((work) => work.render.map(pagePath));
    console.log(
      `1,000 changes written in ${written - started} ms; ${batches.length} batch(es), ${pages.length} page renders; last write → last page written ${rendered - written} ms`,
    );
    expect(written - started).toBeLessThan(60_000);
    // Coalesced: no page twice in a batch, and far fewer renders than changes.
    for (const work of batches) expect(new Set(work.render.map(pagePath)).size).toBe(work.render.length);
    expect(pages.length).toBeLessThan(1000 / 4);
    expect(stack.tableStream?.failed()).toEqual([]);
    // Every page shows the last price.
    for (const id of pieces.slice(0, 5))
      expect((await firstHtml(`/products/productdetails?productId=${id}`)).html).toContain(
        '<p class="catalog-price">1020<!-- -->',
      );
  });
});

describe('the rendered lists and menus', () => {
  it('carries the women’s collections in the first HTML, and hydrates them', async () => {
    const { status, html } = await firstHtml('/women/');
    expect(status).toBe(200);
    expect(html).toContain('aria-label="women&#x27;s collections"');
    expect(html).toMatch(/Aurora/);
    const page = await browser.open('/women/', { baseUrl: stack.url });
    await expect.poll(() => page.locator('.catalog-card').count()).toBeGreaterThan(0);
    await screenshot(page, 'rendered-women-phone');
  });

  it('writes a sitemap of every public page and robots.txt naming it, with the full re-render', {
    timeout: 120_000,
  }, async () => {
    const { renderAllPages } = await import('../../functions/pages/jobs/render-all.ts');
    // As the daily function runs it (its calls are its own: test/iam).
    const report = await runInScope(() => renderAllPages(), 'pages/jobs/render-all');
    expect(report.failed).toEqual([]);
    const sitemap = await fetch(`${stack.url}/sitemap.xml`);
    expect(sitemap.status).toBe(200);
    const xml = await sitemap.text();
    expect(xml).toContain(`<loc>${stack.url}/products/productdetails?productId=p-aurora-08</loc>`);
    expect(xml.match(/<loc>/g)).toHaveLength(report.pages);
    const robots = await (await fetch(`${stack.url}/robots.txt`)).text();
    expect(robots).toContain(`Sitemap: ${stack.url}/sitemap.xml`);
    expect(robots).toMatch(/^Disallow: \/admin/m);
  });

  it('renders /home and a world page', async () => {
    for (const path of ['/home', '/world']) {
      const { status, html } = await firstHtml(path);
      expect(status, path).toBe(200);
      expect(pageData(html)?.url, path).toBe(path);
    }
  });

  it('renders a page the web bucket does not hold when it is asked, and keeps it there', async () => {
    // As CloudFront's failover origin does (functions/pages/http/render-missing.ts): the local
    // gateway asks the same handler when the bucket has no such object.
    const Key = 'pages/content/world/club.html';
    await s3().send(new DeleteObjectCommand({ Bucket: WEB_BUCKET, Key }));
    const missing = await s3()
      .send(new HeadObjectCommand({ Bucket: WEB_BUCKET, Key }))
      .then(
        () => 'there',
        (error: { name?: string }) => error.name,
      );
    expect(missing).toBe('NotFound');
    const answer = await fetch(`${stack.url}/world/club`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe(PAGE_CACHE_CONTROL);
    expect(pageData(await answer.text())?.url).toBe('/world/club');
    const kept = await s3().send(new HeadObjectCommand({ Bucket: WEB_BUCKET, Key }));
    expect(kept.CacheControl).toBe(PAGE_CACHE_CONTROL);
    expect(kept.Metadata?.status).toBe('200');
  });
});

/** Whether React has taken the document over (hydrated or rendered): its root carries React's container. */
const appStarted = (page: Page) =>
  page.evaluate(() => {
    const root = document.getElementById('root');
    return root ? Object.keys(root).some((key) => key.startsWith('__reactContainer')) : false;
  });

const VIEWPORTS = [
  [{ width: 390, height: 844 }, 'phone'],
  [DESKTOP, 'desktop'],
] as const;

describe('every kind of rendered page, without JavaScript and with it', () => {
  it('reads the same either way, and is accessible once the app has started, on a phone and a desktop', {
    timeout: 240_000,
  }, async () => {
    const { createDraw } = await import('../../functions/draws/entities/create-draw.ts');
    const now = Date.now();
    const draw = await createDraw({
      pid: 'p-meridien-01',
      opensAt: new Date(now).toISOString(),
      closesAt: new Date(now + 3 * 3_600_000).toISOString(),
      admin: 'rendered-pages-test',
    });
    if (!draw.ok) throw new Error(`no draw: ${draw.reason}`);
    const pages: [kind: string, path: string, status: number][] = [
      ['home', pagePath({ kind: 'home' }), 200],
      ['list', pagePath({ kind: 'list', gender: 1 }), 200],
      ['collection', pagePath({ kind: 'collection', typeId: DEMO.menSized, gender: 1, single: false }), 200],
      [
        'singles',
        pagePath({ kind: 'collection', typeId: DEMO.singleCollection, gender: 1, single: true }),
        200,
      ],
      ['piece', pagePath({ kind: 'piece', productId: DEMO.fractionalPriceProduct }), 200],
      ['content', pagePath({ kind: 'content', path: '/world/mission' }), 200],
      ['draws', pagePath({ kind: 'draws' }), 200],
      ['draw', pagePath({ kind: 'draw', drawId: draw.draw.drawId }), 200],
      ['gone', pagePath({ kind: 'piece', productId: 'p-never-made' }), 404],
    ];
    for (const [kind, path, status] of pages) {
      const { status: answered, html } = await firstHtml(path);
      expect(answered, path).toBe(status);
      expect(html, path).toContain(`<meta name="${RENDERED_META}"`);
      for (const [viewport, size] of VIEWPORTS) {
        // The gone piece's page answers 404 on purpose.
        const expectFailures = status === 404 ? [{ status, path: /^\/products\/productdetails\?/ }] : [];
        const off = await browser.open(path, {
          baseUrl: stack.url,
          viewport,
          javaScriptEnabled: false,
          expectFailures,
        });
        const text = ((await off.locator('main').first().textContent()) ?? '').trim();
        expect(text.length, `${kind} without JavaScript`).toBeGreaterThan(0);
        const headings = await off.locator('main h1').allTextContents();
        await screenshot(off, `rendered-${kind}-nojs-${size}`);
        const on = await browser.open(path, { baseUrl: stack.url, viewport, expectFailures });
        await expect.poll(() => appStarted(on), { timeout: 20_000 }).toBe(true);
        expect(await on.locator('main h1').allTextContents(), `${kind}: the same headings`).toEqual(headings);
        await expectAccessible(on);
        await screenshot(on, `rendered-${kind}-js-${size}`);
      }
    }
  });

  it('keeps the list’s infinite scroll and its scroll restore', async () => {
    const answer = await fetch(`${stack.url}/api/getTypeByGender?gender=0`);
    const total = ((await answer.json()) as { types: unknown[] }).types.length;
    const page = await browser.open('/women/', { baseUrl: stack.url });
    await expect.poll(() => appStarted(page), { timeout: 20_000 }).toBe(true);
    const cards = page.locator('.catalog-card');
    await expect
      .poll(
        async () => {
          await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
          return cards.count();
        },
        { timeout: 10_000, interval: 200 },
      )
      .toBe(total);
    // As the shared stack's catalog test does it (test/e2e/catalog.test.ts), on the rendered list.
    const target = page.getByRole('link', { name: 'Lumière Earrings', exact: true });
    await target.scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollBy(0, -120));
    const y = await page.evaluate(() => window.scrollY);
    expect(y).toBeGreaterThan(500);
    await expect
      .poll(() => page.evaluate(() => Number(sessionStorage.getItem('scrollPositionWomen'))))
      .toBe(Math.round(y));
    await target.click();
    await page.getByText('Lumière opens to members first', { exact: false }).waitFor();
    await page.goBack();
    await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: 5_000 }).toBeGreaterThan(y - 5);
    expect(Math.abs((await page.evaluate(() => window.scrollY)) - y)).toBeLessThanOrEqual(5);
  });
});

describe('a live fact newer than the rendered page', () => {
  it('a piece sold after its page was rendered: the page says so after the paint, and nothing moves', {
    timeout: 60_000,
  }, async () => {
    const productId = DEMO.fractionalPriceProduct;
    const path = pagePath({ kind: 'piece', productId });
    const sold = MESSAGES.productSold;
    expect((await firstHtml(path)).html).not.toContain(sold);
    const at = Date.now();
    await transact([
      sellProductItem({
        productId,
        holdId: 'h-live',
        checkoutCode: 'LIVE1',
        at: new Date(at).toISOString(),
        now: at,
      }),
    ]);
    for (const [viewport, size] of VIEWPORTS) {
      const page = await browser.open('/home', { baseUrl: stack.url, viewport });
      await page.addInitScript(() => {
        const shifts: number[] = [];
        (window as unknown as { shifts: number[] }).shifts = shifts;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[])
            shifts.push(entry.value);
        }).observe({ type: 'layout-shift', buffered: true });
      });
      const answer = await page.goto(`${stack.url}${path}`);
      // The document is the page rendered before the sale (the stream re-renders it ~10 s later).
      expect(await answer?.text(), 'the rendered page was already re-rendered').not.toContain(sold);
      await page.locator('.catalog-sold').waitFor();
      expect(await page.getByRole('link', { name: 'Purchase' }).count()).toBe(0);
      const shifts = await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts);
      const cls = shifts.reduce((sum, value) => sum + value, 0);
      console.log(`a piece sold after its page was rendered (${size}): layout shift ${cls.toFixed(4)}`);
      expect(cls).toBeLessThan(0.01);
      await screenshot(page, `rendered-piece-sold-live-${size}`);
    }
  });
});
