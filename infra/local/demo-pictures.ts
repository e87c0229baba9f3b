import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { PRIVATE_MEDIA_PREFIX } from '#platform/media-clients.ts';
import { PICTURE_CONTENT_TYPES, PREVIEW_CONTENT_TYPE, previewKey, variantKey } from '#shared/media.ts';
import { type DemoPhoto, demoCatalogue, isDemoPhoto } from './demo/catalogue.ts';
import { demoPictureSets } from './demo/render-pool.ts';

/**
 * The demo catalogue's photographs, stored after the shop already answers: the first start on a
 * machine makes them (minutes of CPU), every later one copies them from the cache (a second).
 * Until a photograph is stored its pages show the placeholder of a picture being processed
 * (web/src/components/picture.tsx). Each goes in as an upload's does, its set first, so the
 * stack's picture-set hook finds the set complete when the original arrives and leaves it.
 */
export interface DemoPictures {
  /** Photographs (distinct compositions) to store in this run; some are stored under two keys. */
  total: number;
  /** Of those, the ones not in the cache (made now). */
  toMake: number;
  stored(): number;
  /** Of those stored, the ones made in this run. */
  made(): number;
  failed(): number;
  /** Called once a photograph and its set are stored, with its keys; `made` if it was made now. */
  onStored(listener: (keys: string[], made: boolean) => void): void;
  /**
   * Called once a photograph is stored, with its keys: with its set, or, for an authenticity
   * photograph made now, alone and before its set (a passport waits for it; its set comes later).
   */
  onOriginalStored(listener: (keys: string[]) => void): void;
  /** Is this key's set still to be stored by this run (so nothing else need make it)? */
  makesSetOf(key: string): boolean;
  /** Resolves once every photograph is stored or has failed. */
  idle(): Promise<{ total: number; stored: number; failed: number }>;
  stop(): void;
}

export interface DemoPictureOptions {
  s3: S3Client;
  buckets: { public: string; private: string };
  /**
   * Where the keys still to store are kept (with a data folder): a start stopped before the end
   * leaves them there, and the next start stores them.
   */
  pendingFile?: string | undefined;
  root?: string;
  log?: (line: string) => void;
}

/** The photographs a stopped start left unstored (none without a pending file). */
export function pendingDemoPhotos(pendingFile: string | undefined): DemoPhoto[] {
  if (!pendingFile || !existsSync(pendingFile)) return [];
  const keys = new Set<string>(JSON.parse(readFileSync(pendingFile, 'utf8')) as string[]);
  // The catalogue is fixed: its photographs are found again by their keys, in its order.
  return demoCatalogue()
    .media.filter(isDemoPhoto)
    .filter((photo) => keys.has(photo.key));
}

export function storeDemoPictures(photos: DemoPhoto[], options: DemoPictureOptions): DemoPictures {
  const { s3, buckets, pendingFile } = options;
  const pending = new Set(photos.map((p) => p.key));
  const savePending = () => {
    if (!pendingFile) return;
    if (pending.size === 0) rmSync(pendingFile, { force: true });
    else {
      mkdirSync(dirname(pendingFile), { recursive: true });
      writeFileSync(pendingFile, JSON.stringify([...pending]));
    }
  };
  savePending();
  const listeners: ((keys: string[], made: boolean) => void)[] = [];
  const originalListeners: ((keys: string[]) => void)[] = [];
  // Authenticity photographs stored alone, their sets still to come.
  const storedAlone = new Set<string>();
  const byComposition = new Map<string, DemoPhoto[]>();
  for (const photo of photos) {
    byComposition.set(photo.composition, [...(byComposition.get(photo.composition) ?? []), photo]);
  }
  const put = (key: string, body: Buffer, contentType: string) =>
    s3.send(
      new PutObjectCommand({
        Bucket: key.startsWith(PRIVATE_MEDIA_PREFIX) ? buckets.private : buckets.public,
        Key: key,
        Body: body,
        ContentType: contentType,
        CacheControl: 'public, max-age=31536000, immutable',
      }),
    );
  let stored = 0;
  let made = 0;
  let failed = 0;
  let stopped = false;
  const run = demoPictureSets(
    photos.map((p) => p.composition),
    async (composition, set, madeNow) => {
      const same = byComposition.get(composition) ?? [];
      for (const photo of same) {
        await Promise.all(
          set.variants.map((v) =>
            'preview' in v
              ? put(previewKey(photo.key), readFileSync(v.file), PREVIEW_CONTENT_TYPE)
              : put(
                  variantKey(photo.key, v.width, v.format),
                  readFileSync(v.file),
                  PICTURE_CONTENT_TYPES[v.format],
                ),
          ),
        );
        if (!storedAlone.has(photo.key)) await put(photo.key, readFileSync(set.original), photo.contentType);
        pending.delete(photo.key);
      }
      savePending();
      const newlyStored = same.filter((p) => !storedAlone.has(p.key)).map((p) => p.key);
      if (newlyStored.length > 0) for (const listener of originalListeners) listener(newlyStored);
      stored++;
      if (madeNow) made++;
      for (const listener of listeners)
        listener(
          same.map((p) => p.key),
          madeNow,
        );
    },
    {
      ...(options.root ? { root: options.root } : {}),
      // An authenticity photograph is made in a moment, its set in many seconds: every piece's
      // passport waits for its photographs (infra/local/stack.ts demoPassports), not their sets.
      originalsFirst: new Set(
        photos.filter((p) => p.key.startsWith(PRIVATE_MEDIA_PREFIX)).map((p) => p.composition),
      ),
      originalReady: async (composition, original) => {
        const same = byComposition.get(composition) ?? [];
        for (const photo of same) {
          // Its set is this run's to store (makesSetOf): the stack's picture-set hook leaves it.
          storedAlone.add(photo.key);
          await put(photo.key, readFileSync(original), photo.contentType);
        }
        for (const listener of originalListeners) listener(same.map((p) => p.key));
      },
      failed: (composition, error) => {
        const keys = (byComposition.get(composition) ?? []).map((p) => p.key);
        failed++;
        // A stopping stack ends its S3 stand-in while photographs are still being copied.
        if (!stopped) options.log?.(`demo photograph ${keys.join(', ')} not stored: ${error.message}`);
      },
    },
  );
  const finished = run.done.then(() => ({ total: run.total, stored, failed }));
  return {
    total: run.total,
    toMake: run.toMake,
    stored: () => stored,
    made: () => made,
    failed: () => failed,
    onStored: (listener) => listeners.push(listener),
    onOriginalStored: (listener) => originalListeners.push(listener),
    makesSetOf: (key) => pending.has(key) && !stopped,
    idle: () => finished,
    stop: () => {
      stopped = true;
      run.stop();
    },
  };
}
