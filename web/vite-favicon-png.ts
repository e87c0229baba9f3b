import { basename } from 'node:path';
import sharp from 'sharp';
import type { Plugin } from 'vite';

/**
 * The shop's icon (web/public/favicon.svg) drawn as a PNG at `size` pixels, for every page:
 * Chromium reads an SVG icon by building a whole SVG document on the page's own thread (about
 * 60 ms of a slowed phone's, measured right before the verdict), a small PNG it decodes in no time.
 * The pages named in `inlineIn` carry it as a data: address (a few hundred bytes) instead of
 * naming the file: the browser asks for a named icon while the page's first screen is still
 * loading, one more round trip on a phone's link before the largest paint (issue 47).
 */
export function faviconPng({
  source,
  fileName,
  size,
  inlineIn = [],
}: {
  source: string;
  fileName: string;
  size: number;
  /** HTML pages (file names) whose `href="/<fileName>"` becomes the icon's data: address. */
  inlineIn?: readonly string[];
}): Plugin {
  let drawn: Promise<Buffer> | undefined;
  const draw = async () => {
    const { width = size } = await sharp(source).metadata();
    // Drawn at twice the size, then scaled down: smoother edges than drawing at the size itself.
    return sharp(source, { density: (72 * 2 * size) / width })
      .resize(size, size)
      .png({ compressionLevel: 9, palette: true })
      .toBuffer();
  };
  const png = () => {
    drawn ??= draw();
    return drawn;
  };
  return {
    name: 'one-of-one:favicon-png',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      async handler(html, context) {
        if (!inlineIn.includes(basename(context.filename))) return html;
        const named = `href="/${fileName}"`;
        if (!html.includes(named)) throw new Error(`favicon-png: ${context.filename} names no ${named}`);
        return html.replace(named, `href="data:image/png;base64,${(await png()).toString('base64')}"`);
      },
    },
    async generateBundle() {
      this.emitFile({ type: 'asset', fileName, source: await png() });
    },
  };
}
