import { type ChildProcess, spawn } from 'node:child_process';
import { createServer, type IncomingHttpHeaders, request, type Server } from 'node:http';
import { join } from 'node:path';

/**
 * Real faults for the crash tests: an HTTP proxy in front of a stand-in (DynamoDB Local or the SES
 * stand-in) that can stop answering at a chosen request, and a webhook handler in a child process
 * that the test kills with SIGKILL while it waits there. No hook in the shop's code: the handler
 * simply never hears back from AWS, the way a Lambda that is killed (timeout, crash) never does.
 */

export type FaultAction =
  /** pass the request on and its answer back */
  | 'forward'
  /** keep the request: it never reaches the stand-in and is never answered */
  | 'hang-before'
  /** pass it on (the stand-in does the work) but keep the answer: the caller never learns */
  | 'hang-after';

export interface ProxiedRequest {
  /** n-th request (from 1) of this kind, where kind is what `kindOf` made of it */
  n: number;
  kind: string;
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
}

export interface FaultProxy {
  url: string;
  /** Resolves with the request at which the proxy stopped answering (after its upstream answer for 'hang-after'). */
  stopped: Promise<ProxiedRequest>;
  close(): Promise<void>;
}

/** DynamoDB's operation (X-Amz-Target `DynamoDB_20120810.<Operation>`). */
export const dynamoOperation = (r: { headers: IncomingHttpHeaders }) =>
  String(r.headers['x-amz-target'] ?? '').split('.')[1] ?? 'unknown';

/** SES v2 sends mail with POST /v2/email/outbound-emails. */
export const sesOperation = (r: { method: string; path: string }) =>
  r.method === 'POST' && r.path.startsWith('/v2/email/outbound-emails') ? 'SendEmail' : 'other';

export async function faultProxy(
  upstream: string,
  kindOf: (r: { method: string; path: string; headers: IncomingHttpHeaders }) => string,
  decide: (r: ProxiedRequest) => FaultAction,
): Promise<FaultProxy> {
  const target = new URL(upstream);
  const counts = new Map<string, number>();
  let signal: (r: ProxiedRequest) => void = () => undefined;
  const stopped = new Promise<ProxiedRequest>((resolve) => {
    signal = resolve;
  });
  const held = new Set<import('node:http').ServerResponse>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const base = { method: req.method ?? 'GET', path: req.url ?? '/', headers: req.headers };
      const kind = kindOf(base);
      const n = (counts.get(kind) ?? 0) + 1;
      counts.set(kind, n);
      const info: ProxiedRequest = { ...base, kind, n };
      const action = decide(info);
      if (action === 'hang-before') {
        held.add(res);
        signal(info);
        return;
      }
      const body = Buffer.concat(chunks);
      const out = request(
        {
          host: target.hostname,
          port: target.port,
          method: base.method,
          path: base.path,
          headers: { ...req.headers, host: target.host },
        },
        (answer) => {
          const parts: Buffer[] = [];
          answer.on('data', (c: Buffer) => parts.push(c));
          answer.on('end', () => {
            if (action === 'hang-after') {
              held.add(res);
              signal(info);
              return;
            }
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            res.end(Buffer.concat(parts));
          });
        },
      );
      out.on('error', () => {
        res.writeHead(502);
        res.end();
      });
      out.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    stopped,
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of held) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface ChildHandler {
  child: ChildProcess;
  /** Everything the child printed so far. */
  output(): string;
  /** Resolves when the process has ended, with how. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * Runs one webhook handler module (e.g. 'checkout/webhooks/stripe') in a child `node` process with the
 * given environment, on one signed delivery.
 */
export function runHandlerInChild(
  moduleName: string,
  delivery: { path: string; headers: Record<string, string>; body: string },
  env: Record<string, string>,
): ChildHandler {
  return runInChild('webhook-child.ts', [moduleName, JSON.stringify(delivery)], {
    PATH: process.env.PATH ?? '',
    ...env,
  });
}

/** Runs one of this folder's scripts in a child `node` process with exactly `env`, its output kept. */
export function runInChild(script: string, args: string[], env: NodeJS.ProcessEnv): ChildHandler {
  const child = spawn(process.execPath, [join(import.meta.dirname, script), ...args], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (c: Buffer) => {
    out += c.toString('utf8');
  });
  child.stderr?.on('data', (c: Buffer) => {
    out += c.toString('utf8');
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });
  return { child, output: () => out, exited };
}
