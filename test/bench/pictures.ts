import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium.ts';

/**
 * The pictures a phone downloads for the first screen of a page: a 390 × 844 viewport at
 * DPR 3, the page loaded and left alone (no scroll, no swipe). Every picture response is
 * counted, and each picture drawn in the viewport is compared with the pixels it is shown at.
 */

export interface PictureDownload {
  url: string;
  contentType: string;
  bytes: number;
}

export interface ShownPicture {
  src: string;
  /** The file's pixels (natural size) over the pixels it covers on the screen (CSS size × DPR). */
  pixelRatio: number;
  naturalWidth: number;
  shownWidth: number;
}

export interface FirstScreenPictures {
  path: string;
  viewport: { width: number; height: number; dpr: number };
  downloads: PictureDownload[];
  shown: ShownPicture[];
}

/** What test/bench/picture-set-probe.ts prints: one set made from a 4000 × 3000 JPEG. */
export interface PictureSetFigures {
  width: number;
  height: number;
  originalBytes: number;
  ms: number;
  variants: number;
  setBytes: number;
  peakRssMib: number;
  rssBeforeMib: number;
  threads: number;
}

export const PHONE = { width: 390, height: 844, dpr: 3 } as const;

export async function firstScreenPictures(base: string, path: string): Promise<FirstScreenPictures> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({
      viewport: { width: PHONE.width, height: PHONE.height },
      deviceScaleFactor: PHONE.dpr,
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    const downloads: PictureDownload[] = [];
    page.on('response', async (response) => {
      const contentType = response.headers()['content-type'] ?? '';
      if (!contentType.startsWith('image/')) return;
      const body = await response.body().catch(() => Buffer.alloc(0));
      downloads.push({ url: new URL(response.url()).pathname, contentType, bytes: body.length });
    });
    await page.goto(new URL(path, base).href, { waitUntil: 'networkidle' });
    await page.waitForTimeout(500);
    const shown = await page.evaluate(async (dpr) => {
      const inView = (r: DOMRect) =>
        r.bottom > 0 && r.right > 0 && r.top < innerHeight && r.left < innerWidth;
      const pictures = [...document.images].filter(
        (img) => img.complete && img.naturalWidth > 0 && inView(img.getBoundingClientRect()),
      );
      return Promise.all(
        pictures.map(async (img) => {
          // naturalWidth is scaled by the srcset's density: decode the file itself for its pixels.
          const file = await createImageBitmap(await (await fetch(img.currentSrc)).blob());
          const r = img.getBoundingClientRect();
          return {
            src: new URL(img.currentSrc).pathname,
            pixelRatio: (file.width * file.height) / (r.width * dpr * (r.height * dpr)),
            naturalWidth: file.width,
            shownWidth: Math.round(r.width * dpr),
          };
        }),
      );
    }, PHONE.dpr);
    return { path, viewport: PHONE, downloads, shown };
  } finally {
    await browser.close();
  }
}
