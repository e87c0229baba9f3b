import { AsyncLocalStorage } from 'node:async_hooks';

/** Per-invocation bookkeeping; the local gateway runs many invocations in one process. */
export interface RequestScope {
  ddbRequests: number;
  /** Password hashes computed (scrypt), so tests can see that refusals do the same work. */
  passwordHashes: number;
  /** The Lambda function serving the invocation (its context's functionName). */
  functionName?: string;
  /** Its request id (the context's awsRequestId), for the log lines written outside Lambda. */
  requestId?: string;
}

const storage = new AsyncLocalStorage<RequestScope>();

export function runInScope<T>(fn: () => T, functionName?: string, requestId?: string): T {
  return storage.run(
    {
      ddbRequests: 0,
      passwordHashes: 0,
      ...(functionName ? { functionName } : {}),
      ...(requestId ? { requestId } : {}),
    },
    fn,
  );
}

export function currentScope(): RequestScope | undefined {
  return storage.getStore();
}
