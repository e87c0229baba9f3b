import { type ChildProcess, fork } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import type { DemoPictureSet } from './picture-sets.ts';
import type { RenderRequest } from './render-worker.ts';

const WORKER = join(import.meta.dirname, 'render-worker.ts');

export interface RenderPool {
  /** Makes the photograph and set of a composition in a free child process, in the order asked. */
  render(composition: string): Promise<DemoPictureSet>;
  /** Ends the child processes; what is still queued or rendering is rejected. */
  stop(): void;
}

interface Job {
  id: number;
  composition: string;
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
      const request: RenderRequest = { id: job.id, composition: job.composition, root };
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
    render(composition) {
      if (stopped) return Promise.reject(new Error('the render pool has stopped'));
      return new Promise((done, fail) => {
        queue.push({ id: nextId++, composition, done, fail });
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
