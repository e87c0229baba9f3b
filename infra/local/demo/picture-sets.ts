import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import sharp from 'sharp';
import { PICTURE_FORMATS, PICTURE_WIDTHS, type PictureFormat } from '#shared/media.ts';
import { makePictureVariants } from '../../../functions/media/adapters/picture-set.ts';
import { DEMO_PHOTO_DIR, photoHash } from './photos.ts';
import { type RenderPool, renderPool } from './render-pool.ts';

/**
 * The demo photographs' responsive sets, made by the very function the server's picture-set
 * job uses (functions/media/adapters/picture-set.ts) and kept beside the photographs in the
 * cache, `variants/<hash>/`. The hash covers the photograph's bytes and the
 * pipeline: the adapter's source, the ladder of widths and formats, and the sharp build, so a
 * change to any of them makes the sets again.
 */

export interface CachedVariant {
  width: number;
  format: PictureFormat;
  file: string;
}

const ADAPTER = resolve(import.meta.dirname, '../../../functions/media/adapters/picture-set.ts');

let pipeline: string | undefined;
function pipelineFingerprint(): string {
  pipeline ??= createHash('sha256')
    .update(readFileSync(ADAPTER))
    .update(JSON.stringify({ PICTURE_WIDTHS, PICTURE_FORMATS, sharp: sharp.versions }))
    .digest('hex');
  return pipeline;
}

export function variantsHash(original: Buffer): string {
  return createHash('sha256').update(pipelineFingerprint()).update(original).digest('hex').slice(0, 32);
}

const variantFiles = (dir: string): CachedVariant[] =>
  PICTURE_WIDTHS.flatMap((width) =>
    PICTURE_FORMATS.map((format) => ({ width, format, file: join(dir, `${width}w.${format}`) })),
  );

/** The set of a picture file, from the cache or made (and cached) now. */
export async function cachedVariants(originalFile: string, root = DEMO_PHOTO_DIR): Promise<CachedVariant[]> {
  const original = readFileSync(originalFile);
  const dir = join(root, 'variants', variantsHash(original));
  // A set's folder is renamed into place whole, so one that exists is complete.
  if (existsSync(dir)) return variantFiles(dir);
  const partial = `${dir}.${process.pid}.${Date.now()}.part`;
  mkdirSync(partial, { recursive: true });
  try {
    for (const variant of await makePictureVariants(original)) {
      writeFileSync(join(partial, `${variant.rung}w.${variant.format}`), variant.body);
    }
    if (existsSync(dir)) rmSync(partial, { recursive: true, force: true });
    else renameSync(partial, dir);
  } catch (error) {
    rmSync(partial, { recursive: true, force: true });
    // Another stack of this checkout finished the same set first.
    if (!existsSync(dir)) throw error;
  }
  return variantFiles(dir);
}

export interface DemoPictureSet {
  original: string;
  variants: CachedVariant[];
}

export interface DemoPictureRun {
  /** Distinct compositions asked for. */
  total: number;
  /** Of those, the ones not in the cache: made now, in child processes. */
  toMake: number;
  /** Resolves once every set has been handed to `ready` or has failed (never rejects). */
  done: Promise<{ ready: number; failed: number }>;
  /** Ends the child processes; what has not been made is counted as failed. */
  stop(): void;
}

/**
 * The photograph and picture set of every composition, in the order given: a cached one at
 * once, the others made by child processes (./render-pool.ts, one per core, below the shop's
 * priority). `ready` is called with each as soon as it exists, a few at a time; a failure is
 * reported to `failed` and the rest go on.
 */
export function demoPictureSets(
  compositions: string[],
  ready: (composition: string, set: DemoPictureSet, made: boolean) => Promise<void>,
  options: { root?: string; failed?: (composition: string, error: Error) => void } = {},
): DemoPictureRun {
  const root = options.root ?? DEMO_PHOTO_DIR;
  const distinct = [...new Set(compositions)];
  const cached = new Set(distinct.filter((c) => isCached(c, root)));
  const pool = cached.size < distinct.length ? renderPool(root) : undefined;
  const handOver = limit(4);
  let readyCount = 0;
  let failedCount = 0;
  const done = Promise.all(
    distinct.map(async (composition) => {
      try {
        const original = cachedPhoto(composition, root);
        const set = cached.has(composition)
          ? { original, variants: await cachedVariants(original, root) }
          : await (pool as RenderPool).render(composition);
        await handOver(() => ready(composition, set, !cached.has(composition)));
        readyCount++;
      } catch (error) {
        failedCount++;
        options.failed?.(composition, error as Error);
      }
    }),
  ).then(() => {
    pool?.stop();
    return { ready: readyCount, failed: failedCount };
  });
  return { total: distinct.length, toMake: distinct.length - cached.size, done, stop: () => pool?.stop() };
}

/** Runs at most `n` of the tasks given at once, in the order given. */
function limit(n: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    // A finished task hands its place straight to the next one waiting.
    if (running >= n) await new Promise<void>((go) => waiting.push(go));
    else running++;
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}

const cachedPhoto = (composition: string, root: string) => join(root, `${photoHash(composition)}.jpg`);

function isCached(composition: string, root: string): boolean {
  const original = cachedPhoto(composition, root);
  return existsSync(original) && existsSync(join(root, 'variants', variantsHash(readFileSync(original))));
}
