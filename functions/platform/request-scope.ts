import { AsyncLocalStorage } from 'node:async_hooks';

/** Per-invocation bookkeeping; the local gateway runs many invocations in one process. */
export interface RequestScope {
  ddbRequests: number;
}

const storage = new AsyncLocalStorage<RequestScope>();

export function runInScope<T>(fn: () => T): T {
  return storage.run({ ddbRequests: 0 }, fn);
}

export function currentScope(): RequestScope | undefined {
  return storage.getStore();
}
