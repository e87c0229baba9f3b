import type { Locator } from 'playwright-core';
import { toString as qrSvg } from 'qrcode';
import { QR_OPTIONS } from '../../../web/src/components/qr-options.ts';

/**
 * The modules a QR code drawn on the page shows (its dark path, as the `qrcode` package draws
 * them), once drawn; compare with `qrModules(text)` to know the code encodes exactly `text`.
 */
export async function drawnQrModules(qr: Locator): Promise<string> {
  const dark = qr.locator('svg path[stroke]');
  await dark.waitFor();
  return (await dark.getAttribute('d')) ?? '';
}

/** The dark path of `text`'s QR code, drawn with the page's options. */
export async function qrModules(text: string): Promise<string> {
  const svg = await qrSvg(text, QR_OPTIONS);
  return /<path[^>]*stroke="[^"]*"[^>]*\sd="([^"]+)"/.exec(svg)?.[1] ?? 'no dark path';
}
