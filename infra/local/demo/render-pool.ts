import { type ChildProcess, fork } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { DEMO_PHOTO_DIR } from './photos.ts';
import { cachedPhoto, cachedVariants, type DemoPictureSet, isCached } from './picture-sets.ts';
import type { RenderRequest } from './render-worker.ts';

const WORKER = join(import.meta.dirname, 'render-worker.ts');

export interface RenderPool {
  /**
   * Makes the photograph and set of a composition in a free child process, in the order asked;
   * `originalOnly`, the photograph alone (its set has no variants).
   */
  render(composition: string, options?: { originalOnly?: boolean }): Promise<DemoPictureSet>;
  /** Ends the child processes; what is still queued or rendering is rejected. */
  stop(): void;
}

interface Job {
  id: number;
  composition: string;
  originalOnly: boolean;
  done: (set: DemoPictureSet) => void;
  fail: (error: Error) => void;
}

/**
 * Child processes that render demo photographs, one per core by default (rendering is CPU-bound:
 * the grain loop in JavaScript, then sharp's encoders), started when the first job comes.
 * Each takes the next job in the order they were asked for, so the most-seen pictures come first.
 */
export function renderPool(root: string, size = availableParallelism()): RenderPool {
  const queue: Job[] = [];
  const idle: ChildProcess[] = [];
  const busy = new Map<ChildProcess, Job>();
  const children: ChildProcess[] = [];
  let nextId = 0;
  let stopped = false;

  const dispatch = () => {
    while (!stopped && queue.length > 0) {
      if (idle.length === 0 && children.length < size) idle.push(spawn());
      const child = idle.pop();
      if (!child) return;
      const job = queue.shift() as Job;
      busy.set(child, job);
      const request: RenderRequest = {
        id: job.id,
        composition: job.composition,
        root,
        ...(job.originalOnly ? { originalOnly: true } : {}),
      };
      child.send(request);
    }
  };

  const spawn = (): ChildProcess => {
    const child = fork(WORKER, [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    children.push(child);
    child.on('message', (answer: { id: number; set?: DemoPictureSet; error?: string }) => {
      const job = busy.get(child);
      if (!job || job.id !== answer.id) return;
      busy.delete(child);
      idle.push(child);
      if (answer.set) job.done(answer.set);
      else job.fail(new Error(answer.error ?? 'the render process gave no set'));
      dispatch();
    });
    child.on('exit', (code, signal) => {
      children.splice(children.indexOf(child), 1);
      const at = idle.indexOf(child);
      if (at >= 0) idle.splice(at, 1);
      const job = busy.get(child);
      busy.delete(child);
      job?.fail(new Error(`the render process ended (${signal ?? code}) while making a photograph`));
      dispatch();
    });
    return child;
  };

  return {
    render(composition, options = {}) {
      if (stopped) return Promise.reject(new Error('the render pool has stopped'));
      return new Promise((done, fail) => {
        queue.push({ id: nextId++, composition, originalOnly: options.originalOnly === true, done, fail });
        dispatch();
      });
    },
    stop() {
      stopped = true;
      for (const job of queue.splice(0)) job.fail(new Error('stopped before it was made'));
      for (const child of children) child.kill();
    },
  };
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
 * reported to `failed` and the rest go on. The photographs of `originalsFirst` (a moment each,
 * where a set takes many seconds) are made before anything else and handed to `originalReady`;
 * their sets come in their place in the order.
 */
export function demoPictureSets(
  compositions: string[],
  ready: (composition: string, set: DemoPictureSet, made: boolean) => Promise<void>,
  options: {
    root?: string;
    failed?: (composition: string, error: Error) => void;
    originalsFirst?: ReadonlySet<string>;
    originalReady?: (composition: string, original: string) => Promise<void>;
  } = {},
): DemoPictureRun {
  const root = options.root ?? DEMO_PHOTO_DIR;
  const distinct = [...new Set(compositions)];
  const cached = new Set(distinct.filter((c) => isCached(c, root)));
  const pool = cached.size < distinct.length ? renderPool(root) : undefined;
  const handOver = limit(4);
  let readyCount = 0;
  let failedCount = 0;
  // Queued first: the photographs alone of the compositions asked for first.
  const originals = new Map(
    distinct
      .filter((c) => !cached.has(c) && options.originalReady && options.originalsFirst?.has(c))
      .map((c) => [c, (pool as RenderPool).render(c, { originalOnly: true })] as const),
  );
  const done = Promise.all(
    distinct.map(async (composition) => {
      try {
        const original = cachedPhoto(composition, root);
        const early = originals.get(composition);
        const made = cached.has(composition) ? undefined : (pool as RenderPool).render(composition);
        // Awaited below, after the photograph alone: meanwhile its failure is not unhandled.
        made?.catch(() => undefined);
        const originalReady = options.originalReady;
        if (early && originalReady) {
          // A failure here is not the composition's: its full render below tries again.
          const photo = await early.catch(() => undefined);
          if (photo) await handOver(() => originalReady(composition, photo.original));
        }
        const set = made ? await made : { original, variants: await cachedVariants(original, root) };
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
