import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { makePictureVariants } from '../../functions/media/adapters/picture-set.ts';
import { DEMO_PHOTO_DIR } from '../../infra/local/demo/photos.ts';

/**
 * Run by the bench in a process of its own (`node test/bench/picture-set-probe.ts`), so its peak
 * memory is the picture-set work's: one demo photograph turned into a 4000 × 3000 camera JPEG,
 * then its whole set made as the picture-set function makes it. Prints one JSON line.
 */
const photo = readdirSync(DEMO_PHOTO_DIR).find((file) => file.endsWith('.jpg'));
if (!photo) throw new Error(`no demo photograph in ${DEMO_PHOTO_DIR}: start the shop once`);
const original = await sharp(readFileSync(join(DEMO_PHOTO_DIR, photo)))
  .rotate(90)
  .jpeg({ quality: 92 })
  .toBuffer();
const { width, height } = await sharp(original).metadata();
const rssBefore = process.resourceUsage().maxRSS;
const started = performance.now();
const variants = await makePictureVariants(original);
const ms = performance.now() - started;
process.stdout.write(
  `${JSON.stringify({
    width,
    height,
    originalBytes: original.length,
    ms,
    variants: variants.length,
    setBytes: variants.reduce((sum, v) => sum + v.body.length, 0),
    peakRssMib: process.resourceUsage().maxRSS / 1024,
    rssBeforeMib: rssBefore / 1024,
    threads: sharp.concurrency(),
  })}\n`,
);
