import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import sharp from 'sharp';

/**
 * The demo's photographs. Each picture of the demo catalogue is a composition drawn by
 * ./images.ts (an SVG); here it is rendered at camera size and given what makes a photograph
 * weigh and compress like one: lens softness, light falling off towards the corners, the
 * texture of a paper backdrop and sensor grain. Nothing is random: the grain comes from a PRNG
 * seeded by the composition, so the same composition gives the same pixels (and, with the same
 * sharp build, the same bytes).
 *
 * Photographs are made once per machine and kept in the user's cache folder
 * (`~/.cache/one-of-one-boutique/demo-photos/<hash>.jpg`, see demoPhotoCacheDir), the hash
 * covering the composition and everything below that shapes the pixels (PHOTO, PHOTO_VERSION):
 * every later start, every test stack and every other clone on the machine reads them there.
 */
export const PHOTO = { width: 3000, height: 4000, quality: 90 } as const;

/**
 * A composition may ask for a smaller photograph (`data-photo-width` on its root, the height 4:3
 * of it): the authenticity close-ups (./images.ts), one for every piece of the demo, are made at
 * 1200×1600, a sixth of the pixels, so the first start on a machine makes them in little time
 * after the shop's own pictures.
 */
export function photoSize(svg: string): { width: number; height: number } {
  const asked = /^<svg [^>]*data-photo-width="(\d+)"/.exec(svg)?.[1];
  if (!asked) return { width: PHOTO.width, height: PHOTO.height };
  const width = Number(asked);
  return { width, height: Math.round((width * PHOTO.height) / PHOTO.width) };
}

/** Raise when the rendering below changes, so cached photographs are made again. */
const PHOTO_VERSION = 1;

/** The compositions' canvas (images.ts): 600×750, a little wider than the photograph's 3:4. */
const CANVAS = { width: 600, height: 750 } as const;

/**
 * Where the demo's photographs and picture sets are kept: outside the checkout, so a fresh clone
 * finds what another made. DEMO_PHOTO_CACHE names the folder itself; otherwise it is under
 * XDG_CACHE_HOME (or ~/.cache), as the XDG base directory convention places caches.
 */
export function demoPhotoCacheDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.DEMO_PHOTO_CACHE) return resolve(env.DEMO_PHOTO_CACHE);
  const base = env.XDG_CACHE_HOME ? resolve(env.XDG_CACHE_HOME) : join(homedir(), '.cache');
  return join(base, 'one-of-one-boutique', 'demo-photos');
}

export const DEMO_PHOTO_DIR = demoPhotoCacheDir();

export function photoHash(svg: string): string {
  return createHash('sha256')
    .update(JSON.stringify({ version: PHOTO_VERSION, photo: PHOTO, svg }))
    .digest('hex')
    .slice(0, 32);
}

/** Luminance grain and colour noise, in levels of 0–255 (one standard deviation). */
const GRAIN = 4.5;
const CHROMA = 1.5;

/** Acklam's rational approximation of the normal distribution's inverse (|error| < 1.2e-9). */
function inverseNormal(p: number): number {
  const a = [
    -39.69683028665376, 220.9460984245205, -275.9285104469687, 138.357751867269, -30.66479806614716,
    2.506628277459239,
  ];
  const b = [
    -54.47609879822406, 161.5858368580409, -155.6989798598866, 66.80131188771972, -13.28068155288572,
  ];
  const c = [
    -0.007784894002430293, -0.3223964580411365, -2.400758277161838, -2.549732539343734, 4.374664141464968,
    2.938163982698783,
  ];
  const d = [0.007784695709041462, 0.3224671290700398, 2.445134137142996, 3.754408661907416];
  const low = 0.02425;
  const poly = (k: number[], x: number) => k.reduce((sum, v) => sum * x + v, 0);
  if (p < low) {
    const q = Math.sqrt(-2 * Math.log(p));
    return poly(c, q) / (poly(d, q) * q + 1);
  }
  if (p > 1 - low) {
    const q = Math.sqrt(-2 * Math.log(1 - p));
    return -poly(c, q) / (poly(d, q) * q + 1);
  }
  const q = p - 0.5;
  const r = q * q;
  return (poly(a, r) * q) / (poly(b, r) * r + 1);
}

/** mulberry32: a small, fast PRNG with a 32-bit state, good enough for grain. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
}

/**
 * The backdrop's texture at full size: broad mottling (`broadCells` across) on a finer tooth
 * (`fineCells` across), grey 128 being neutral, scaled up smoothly by sharp.
 */
async function backdropTexture(next: () => number, width: number, height: number): Promise<Buffer> {
  const cells = (n: number) => ({ width: n, height: Math.round((n * height) / width) });
  const broad = cells(24);
  const fine = cells(700);
  const noise = (size: { width: number; height: number }) => {
    const values = Buffer.alloc(size.width * size.height);
    for (let i = 0; i < values.length; i++) values[i] = next() & 255;
    return values;
  };
  const mottling = await sharp(noise(broad), { raw: { ...broad, channels: 1 } })
    .resize(fine.width, fine.height, { kernel: 'cubic', fit: 'fill' })
    .raw()
    .toBuffer();
  const tooth = noise(fine);
  for (let i = 0; i < tooth.length; i++) {
    tooth[i] = 128 + ((mottling[i] as number) - 128) * 0.6 + ((tooth[i] as number) - 128) * 0.4;
  }
  return sharp(tooth, { raw: { ...fine, channels: 1 } })
    .resize(width, height, { kernel: 'cubic', fit: 'fill' })
    .raw()
    .toBuffer();
}

/** Renders one composition as a camera-size JPEG photograph. */
export async function renderPhoto(svg: string): Promise<Buffer> {
  const { width, height } = photoSize(svg);
  const scale = width / CANVAS.width;
  const drawnHeight = Math.round(CANVAS.height * scale);
  const band = Math.floor((height - drawnHeight) / 2);
  // The 4:5 composition fills the width; the backdrop continues above and below it to 3:4.
  const base = await sharp(Buffer.from(svg), { density: 72 * scale })
    .resize(width, drawnHeight, { fit: 'fill' })
    .flatten({ background: '#ffffff' })
    .blur(1.1)
    .extend({ top: band, bottom: height - drawnHeight - band, extendWith: 'copy' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  if (base.info.width !== width || base.info.height !== height || base.info.channels !== 3) {
    throw new Error(`demo photo: rendered ${base.info.width}×${base.info.height}×${base.info.channels}`);
  }

  let state = Number.parseInt(photoHash(svg).slice(0, 8), 16);
  const next = prng(state++);
  const texture = await backdropTexture(next, width, height);
  // Light falls off from a point above the centre, a little towards a side chosen by the
  // composition: 1 − k·(dx² + dy²) + a tilt, which is a column term plus a row term.
  const side = next() % 2 === 0 ? -1 : 1;
  const columnLight = new Float32Array(width);
  for (let x = 0; x < width; x++) {
    const dx = (x / width - 0.5) * 2;
    columnLight[x] = 1.05 - 0.16 * dx * dx + 0.025 * side * dx;
  }
  const rowLight = new Float32Array(height);
  for (let y = 0; y < height; y++) {
    const dy = (y / height - 0.42) * 2;
    rowLight[y] = -0.16 * dy * dy - 0.03 * dy;
  }
  // Grain: a normal distribution (sd 1) looked up by 16 random bits.
  const normal = new Float32Array(65536);
  for (let i = 0; i < normal.length; i++) normal[i] = inverseNormal((i + 0.5) / normal.length);
  const pixels = base.data;
  const out = new Uint8ClampedArray(pixels.length);
  let a = state >>> 0;
  for (let y = 0; y < height; y++) {
    const row = rowLight[y] as number;
    for (let x = 0; x < width; x++) {
      const p = y * width + x;
      const light = (columnLight[x] as number) + row;
      // mulberry32, inlined: this loop runs twelve million times.
      a = (a + 0x6d2b79f5) | 0;
      let t = Math.imul(a ^ (a >>> 15), 1 | a);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      const r = (t ^ (t >>> 14)) >>> 0;
      const grain = (normal[r & 0xffff] as number) * GRAIN;
      const chroma = (normal[r >>> 16] as number) * CHROMA;
      const shade = ((texture[p] as number) - 128) * 0.1 + grain;
      const o = p * 3;
      out[o] = (pixels[o] as number) * light + shade + chroma;
      out[o + 1] = (pixels[o + 1] as number) * light + shade;
      out[o + 2] = (pixels[o + 2] as number) * light + shade - chroma;
    }
  }
  return sharp(out, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: PHOTO.quality })
    .withExif({ IFD0: { Make: 'One of One', Model: 'Demo studio', Software: 'infra/local/demo/photos.ts' } })
    .toBuffer();
}

/** The cached photograph of a composition, made first if it is not there. */
export async function demoPhotoFile(svg: string, dir = DEMO_PHOTO_DIR): Promise<string> {
  const file = join(dir, `${photoHash(svg)}.jpg`);
  if (existsSync(file)) return file;
  const body = await renderPhoto(svg);
  mkdirSync(dir, { recursive: true });
  // Another stack of the same checkout may be making the same file: each writes its own and
  // renames it into place, so a reader never sees half a photograph.
  const partial = `${file}.${process.pid}.${Date.now()}.part`;
  writeFileSync(partial, body);
  renameSync(partial, file);
  return file;
}
