/**
 * Runs `work` over `items`, at most `concurrency` at a time, starting none at or after `stopAt`
 * (ms, the clock's time); answers how many were never started.
 */
export async function eachWithin<T>(
  items: readonly T[],
  concurrency: number,
  stopAt: number,
  work: (item: T) => Promise<void>,
): Promise<number> {
  let next = 0;
  const worker = async () => {
    while (next < items.length && Date.now() < stopAt) {
      const item = items[next] as T;
      next += 1;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, items.length)) }, worker));
  return items.length - next;
}
