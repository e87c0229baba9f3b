import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * The local gateway (infra/local/gateway.ts: HTTP → API Gateway v2 event → handler) under load
 * from autocannon, run as its own process so the load generator does not share the gateway's
 * event loop. Both still share the machine's two cores with DynamoDB Local.
 */

export interface LoadResult {
  name: string;
  path: string;
  connections: number;
  seconds: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  /** Answers other than 2xx, connection errors and timeouts. */
  failures: number;
}

/** The part of autocannon's `--json` answer the bench reads. */
interface AutocannonJson {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}

const autocannonBin = fileURLToPath(import.meta.resolve('autocannon'));

function runAutocannon(args: string[]): Promise<AutocannonJson> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [autocannonBin, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('error', fail);
    child.on('close', (code) => {
      if (code !== 0) fail(new Error(`autocannon exited with ${code}: ${stderr.slice(-2000)}`));
      else done(JSON.parse(stdout) as AutocannonJson);
    });
  });
}

export async function loadGateway(
  baseUrl: string,
  name: string,
  path: string,
  options: { connections: number; seconds: number },
): Promise<LoadResult> {
  const url = `${baseUrl}/api${path}`;
  const check = await fetch(url);
  if (check.status !== 200) throw new Error(`GET ${url} answered ${check.status}: ${await check.text()}`);
  const json = await runAutocannon([
    '--json',
    '--no-progress',
    '-c',
    String(options.connections),
    '-d',
    String(options.seconds),
    url,
  ]);
  return {
    name,
    path,
    connections: options.connections,
    seconds: options.seconds,
    requestsPerSecond: json.requests.average,
    p50Ms: json.latency.p50,
    p99Ms: json.latency.p99,
    requests: json.requests.total,
    failures: json.non2xx + json.errors + json.timeouts,
  };
}
