import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from '../support/chromium.ts';

export interface PageJs {
  name: string;
  files: number;
  rawBytes: number;
  gzipBytes: number;
}

/**
 * Every script of the shop's own a page downloads until its app has started and the network is
 * quiet (a rendered page: its early script, then the app's entry, preloads and route chunks), in
 * headless Chromium on a phone viewport, each fetched again and gzipped at level 9.
 */
export async function pageJs(
  base: string,
  pages: readonly { name: string; path: string }[],
  chromePath: string,
): Promise<PageJs[]> {
  const browser = await chromium.launch({ executablePath: chromePath, args: CHROMIUM_ARGS });
  try {
    const figures: PageJs[] = [];
    for (const { name, path } of pages) {
      const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
      const page = await context.newPage();
      const scripts = new Set<string>();
      page.on('request', (request) => {
        const url = new URL(request.url());
        // The payment providers' scripts come from their own hosts in production (locally their
        // stand-in's, under /__payments/): not the shop's.
        if (
          url.origin === new URL(base).origin &&
          url.pathname.endsWith('.js') &&
          !url.pathname.startsWith('/__payments/')
        )
          scripts.add(url.pathname);
      });
      await page.goto(`${base}${path}`, { waitUntil: 'networkidle' });
      await page.waitForFunction(() => {
        const root = document.getElementById('root');
        return root ? Object.keys(root).some((key) => key.startsWith('__reactContainer')) : false;
      });
      await page.waitForLoadState('networkidle');
      await context.close();
      let rawBytes = 0;
      let gzipBytes = 0;
      for (const script of scripts) {
        const body = Buffer.from(await (await fetch(`${base}${script}`)).arrayBuffer());
        rawBytes += body.length;
        gzipBytes += gzipSync(body, { level: 9 }).length;
      }
      figures.push({ name, files: scripts.size, rawBytes, gzipBytes });
    }
    return figures;
  } finally {
    await browser.close();
  }
}
