import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium.ts';

/**
 * The purchase route's own JavaScript (issue 46): every script of the shop's origin a phone
 * downloads from opening a piece's purchase page to its payment step being ready to pay, the
 * payment kit's lazy chunks included. The providers' own scripts are left out: Stripe.js and
 * PayPal's SDK come from their hosts in production, and locally their stand-ins from /__payments.
 */
export interface PurchaseRouteJs {
  files: number;
  rawBytes: number;
  gzipBytes: number;
  /** the scripts left out as the providers' (their paths) */
  providerScripts: string[];
}

/** The figure before issue 46's payment step, measured by this very function (see docs/benchmarks.md). */
export const PURCHASE_ROUTE_BEFORE = { files: 23, rawBytes: 471_742, gzipBytes: 155_070 } as const;

/** A demo scarf no other part of the bench buys, holds or draws. */
export const PURCHASE_ROUTE_PIECE = { id: 'p-atelier-echarpe', typeId: 't-atelier' };

export async function purchaseRouteJs(base: string, chromePath = CHROMIUM_PATH): Promise<PurchaseRouteJs> {
  const browser = await chromium.launch({ executablePath: chromePath, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 }, baseURL: base });
    const page = await context.newPage();
    const ours = new Map<string, Promise<Buffer>>();
    const providerScripts: string[] = [];
    page.on('response', (response) => {
      const request = response.request();
      if (request.resourceType() !== 'script') return;
      const url = new URL(response.url());
      if (url.origin !== new URL(base).origin || url.pathname.startsWith('/__payments/')) {
        providerScripts.push(url.pathname);
        return;
      }
      // The body as served; gzipped below at level 9 like the other JS figures.
      ours.set(url.pathname, response.body());
    });
    await page.goto(
      `/products/purchase?product=${PURCHASE_ROUTE_PIECE.id}&type=${PURCHASE_ROUTE_PIECE.typeId}`,
    );
    const group = page.getByRole('group', { name: 'contact and delivery' });
    await group.getByLabel('full name').fill('Bench Shopper');
    await group.getByLabel('phone').fill('+1 416 555 0100');
    await group.getByLabel('e-mail').fill('bench-purchase-route@example.com');
    await group.getByLabel('country').selectOption('CA');
    await group.getByLabel('address line 1').fill('1 King Street West');
    await group.getByLabel('city').fill('Toronto');
    await group.getByLabel('postal code').fill('M5H 1A1');
    await group.getByLabel('province').selectOption('ON');
    await page.getByRole('button', { name: 'continue to payment' }).click();
    await page.getByRole('button', { name: /^pay USD/ }).waitFor({ timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    let rawBytes = 0;
    let gzipBytes = 0;
    for (const body of await Promise.all(ours.values())) {
      rawBytes += body.length;
      gzipBytes += gzipSync(body, { level: 9 }).length;
    }
    return { files: ours.size, rawBytes, gzipBytes, providerScripts: [...new Set(providerScripts)] };
  } finally {
    await browser.close();
  }
}
