/**
 * Everything this process writes to stdout and stderr while capturing: the handlers' log lines
 * (functions/platform/logger.ts writes them to process.stdout and process.stderr outside
 * Lambda) and the local gateway's own lines. The captured text is kept, not printed.
 */
export interface Capture {
  text(): string;
  lines(): string[];
  stop(): void;
}

export function captureOutput(): Capture {
  const chunks: string[] = [];
  const streams = [process.stdout, process.stderr] as const;
  const originals = streams.map((s) => s.write);
  for (const stream of streams) {
    stream.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
      chunks.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
      const done = rest.find((r) => typeof r === 'function') as ((error?: Error) => void) | undefined;
      done?.();
      return true;
    }) as typeof stream.write;
  }
  return {
    text: () => chunks.join(''),
    lines: () => chunks.join('').split('\n').filter(Boolean),
    stop() {
      streams.forEach((s, i) => {
        s.write = originals[i] as typeof s.write;
      });
    },
  };
}
