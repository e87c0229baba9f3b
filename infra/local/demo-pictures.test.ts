import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { S3Client } from '@aws-sdk/client-s3';
import { afterAll, describe, expect, it } from 'vitest';
import { hasPictureSet, variantKeys } from '#shared/media.ts';
import type { DemoPhoto } from './demo/catalogue.ts';
import { productSvg } from './demo/images.ts';
import { pendingDemoPhotos, storeDemoPictures } from './demo-pictures.ts';

// Two camera-size photographs and their sets: tens of seconds of CPU, more on a busy machine.
const SLOW = { timeout: 600_000 };

const root = mkdtempSync(join(tmpdir(), 'demo-pictures-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const photo = (key: string, kind: 'gown' | 'watch'): DemoPhoto => ({
  key,
  contentType: 'image/jpeg',
  composition: productSvg({ kind, colors: ['black', 'white'], areas: ['a', 'b'], name: key, view: 1 }),
});

/** An S3 client that keeps the keys it is asked to store, in order. */
function recordingS3() {
  const keys: string[] = [];
  const client = {
    send: async (command: { input: { Key: string } }) => {
      keys.push(command.input.Key);
      return {};
    },
  } as unknown as S3Client;
  return { client, keys };
}

describe('a start stopped before its photographs were stored', () => {
  it('leaves their keys, and the next start finds them in the catalogue', () => {
    const file = join(root, 'left.json');
    const keys = ['collection_images/pieces/t-aurora-front.jpg', 'authenticity/p-aurora-08-1.jpg'];
    writeFileSync(file, JSON.stringify(keys));
    const photos = pendingDemoPhotos(file);
    expect(photos.map((p) => p.key).sort()).toEqual([...keys].sort());
    expect(photos.every((p) => p.composition.startsWith('<svg'))).toBe(true);
    expect(pendingDemoPhotos(join(root, 'none.json'))).toEqual([]);
    expect(pendingDemoPhotos(undefined)).toEqual([]);
  });
});

describe('the demo photographs, stored in the background', SLOW, () => {
  const first = photo('collection_images/pieces/first.jpg', 'gown');
  const second = photo('collection_images/pieces/second.jpg', 'watch');
  const buckets = { public: 'public', private: 'private' };

  it('are made by child processes below the shop’s priority, one per core, and stored set first', async () => {
    const s3 = recordingS3();
    const pendingFile = join(root, 'pending.json');
    const pictures = storeDemoPictures([first, second], { s3: s3.client, buckets, pendingFile, root });
    expect(pictures).toMatchObject({ total: 2, toMake: 2 });
    // Until they are stored, the keys wait in the pending file: a stopped start resumes them.
    expect(JSON.parse(readFileSync(pendingFile, 'utf8'))).toEqual([first.key, second.key]);
    // Both cores (here), each process at nice 10.
    expect(await renderNiceness(Math.min(availableParallelism(), 2))).toEqual(
      Array(Math.min(availableParallelism(), 2)).fill(10),
    );
    const heard: string[][] = [];
    pictures.onStored((keys, made) => {
      expect(made).toBe(true);
      heard.push(keys);
    });
    expect(await pictures.idle()).toEqual({ total: 2, stored: 2, failed: 0 });
    expect(pictures.made()).toBe(2);
    expect(heard.flat().sort()).toEqual([first.key, second.key]);
    for (const p of [first, second]) {
      const original = s3.keys.indexOf(p.key);
      expect(original).toBeGreaterThan(-1);
      for (const variant of variantKeys(p.key)) {
        const at = s3.keys.indexOf(variant);
        expect(at, variant).toBeGreaterThan(-1);
        expect(at, `${variant} before its original`).toBeLessThan(original);
      }
    }
    expect(existsSync(pendingFile)).toBe(false);
  });

  it('are copied from the cache the next time, in the order asked', async () => {
    const s3 = recordingS3();
    const pictures = storeDemoPictures([second, first], { s3: s3.client, buckets, root });
    expect(pictures).toMatchObject({ total: 2, toMake: 0 });
    expect(await pictures.idle()).toEqual({ total: 2, stored: 2, failed: 0 });
    expect(pictures.made()).toBe(0);
    // The originals (not their variants nor their preview crops), in the order asked.
    expect(s3.keys.filter((k) => hasPictureSet(k))).toEqual([second.key, first.key]);
  });
});

/** The nice values of this process's render pool's processes while they work (Linux: /proc). */
async function renderNiceness(processes: number): Promise<number[]> {
  for (let tries = 0; tries < 100; tries++) {
    const found = readdirSync('/proc')
      .filter((pid) => /^\d+$/.test(pid))
      .flatMap((pid) => {
        try {
          const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
          if (!cmd.includes('render-worker.ts')) return [];
          const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
          // Fields 4 (parent) and 19 (nice), counted after the command's closing parenthesis:
          // this file's pool only (the run's shared stack may be making its own photographs).
          const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
          if (Number(fields[1]) !== process.pid) return [];
          return [Number(fields[16])];
        } catch {
          return [];
        }
      });
    if (found.length === processes && found.every((n) => n === 10)) return found;
    await new Promise((done) => setTimeout(done, 100));
  }
  return [];
}

describe('the authenticity photographs of the demo', SLOW, () => {
  /** A plain composition asking for a small photograph (./demo/photos.ts photoSize). */
  const small = (key: string, fill: string): DemoPhoto => ({
    key,
    contentType: 'image/jpeg',
    composition: `<svg xmlns="http://www.w3.org/2000/svg" data-photo-width="480" width="600" height="750" viewBox="0 0 600 750"><rect width="600" height="750" fill="${fill}"/></svg>`,
  });
  const shown = small('collection_images/pieces/shown.jpg', '#202020');
  const close = small('authenticity/close-up-1.jpg', '#a08040');

  it('are stored alone before anything else, their sets left to this run, then their sets in their place', async () => {
    const s3 = recordingS3();
    const pictures = storeDemoPictures([shown, close], {
      s3: s3.client,
      buckets: { public: 'public', private: 'private' },
      root: join(root, 'authenticity-first'),
    });
    const alone: { key: string; setStored: boolean; makesSet: boolean }[] = [];
    pictures.onOriginalStored((keys) => {
      for (const key of keys)
        alone.push({
          key,
          setStored: variantKeys(key).every((v) => s3.keys.includes(v)),
          makesSet: pictures.makesSetOf(key),
        });
    });
    expect(await pictures.idle()).toEqual({ total: 2, stored: 2, failed: 0 });
    // The close-up first of all, alone (its set not stored, and this run's to make); the
    // collection's picture with its set.
    expect(alone).toEqual([
      { key: close.key, setStored: false, makesSet: true },
      { key: shown.key, setStored: true, makesSet: false },
    ]);
    expect(s3.keys[0]).toBe(close.key);
    for (const variant of variantKeys(close.key)) expect(s3.keys, variant).toContain(variant);
    // Stored once: its set does not store it again.
    expect(s3.keys.filter((k) => k === close.key)).toHaveLength(1);
    expect(pictures.makesSetOf(close.key)).toBe(false);
    const shownAt = s3.keys.indexOf(shown.key);
    for (const variant of variantKeys(shown.key)) expect(s3.keys.indexOf(variant)).toBeLessThan(shownAt);
  });
});
