import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * A stand-in's in-memory state kept in one JSON file under .local/, like DynamoDB Local's and
 * s3rver's data, so `npm start` after Ctrl-C (or a crash) resumes where it was. Written whole to
 * a temporary file and renamed over the old one, so a crash mid-write leaves the previous state.
 */
export interface SnapshotFile<T> {
  /** The saved state, or undefined when there is none (or it cannot be read). */
  load(): T | undefined;
  /** Saves soon (calls within a few milliseconds are one write). */
  saveSoon(): void;
  /** Saves now, and stops waiting to save. */
  flush(): void;
}

export function snapshotFile<T>(path: string, current: () => T, delayMs = 20): SnapshotFile<T> {
  let timer: NodeJS.Timeout | undefined;
  const write = () => {
    timer = undefined;
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(`${path}.tmp`, JSON.stringify(current()));
    renameSync(`${path}.tmp`, path);
  };
  return {
    load() {
      try {
        return JSON.parse(readFileSync(path, 'utf8')) as T;
      } catch {
        return undefined;
      }
    },
    saveSoon() {
      timer ??= setTimeout(write, delayMs);
    },
    flush() {
      if (timer) clearTimeout(timer);
      write();
    },
  };
}

/** Maps as arrays of entries (JSON has no Map), and back into the same Map objects. */
export type MapsState = Record<string, [string, unknown][]>;

export function mapsState(maps: Record<string, Map<string, unknown>>): MapsState {
  return Object.fromEntries(Object.entries(maps).map(([name, map]) => [name, [...map.entries()]]));
}

export function restoreMaps(maps: Record<string, Map<string, unknown>>, state: MapsState | undefined): void {
  for (const [name, map] of Object.entries(maps)) {
    for (const [key, value] of state?.[name] ?? []) map.set(key, value);
  }
}
