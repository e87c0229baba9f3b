import type { KeySet } from '#shared/passport/keys.ts';
import { parseKeySet } from './key-pin.ts';

/**
 * What the page keeps between visits, in the browser's localStorage (nothing of it personal):
 * the pinned key set and the newest log checkpoint it found good. A storage the browser refuses
 * (a private window) keeps nothing; the page then checks against what it fetches.
 */
const KEYS = 'passport:keys';
const CHECKPOINT = 'passport:checkpoint';

function read(name: string): string | undefined {
  try {
    return localStorage.getItem(name) ?? undefined;
  } catch {
    return undefined;
  }
}

function write(name: string, value: string): void {
  try {
    localStorage.setItem(name, value);
  } catch {
    // Nothing kept: the next visit pins and compares from scratch.
  }
}

export function keptKeys(): KeySet | undefined {
  const text = read(KEYS);
  if (!text) return undefined;
  try {
    return parseKeySet(JSON.parse(text));
  } catch {
    return undefined;
  }
}

export const keepKeys = (keys: KeySet) => write(KEYS, JSON.stringify(keys));
export const keptCheckpoint = () => read(CHECKPOINT);
export const keepCheckpoint = (checkpoint: string) => write(CHECKPOINT, checkpoint);
