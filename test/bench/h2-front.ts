import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { createSecureServer, type Http2ServerRequest, type Http2ServerResponse } from 'node:http2';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * What a phone meets in production is CloudFront: TLS with HTTP/2, every request of a page on
 * one connection. The local gateway speaks HTTP/1.1, where Chromium opens at most 6 connections
 * per host and queues the rest, a wait no shopper has. For Lighthouse the bench puts this front
 * before the gateway: HTTP/2 over TLS (a throwaway self-signed certificate made with openssl),
 * each request passed on to the gateway over kept-alive HTTP/1.1, the answer streamed back.
 */
export interface Http2Front {
  url: string;
  close(): Promise<void>;
}

/** Headers HTTP/2 forbids in an answer. */
const CONNECTION_HEADERS = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'upgrade',
  'proxy-connection',
]);

function selfSignedCertificate(): { key: Buffer; cert: Buffer } {
  const dir = mkdtempSync(join(tmpdir(), 'bench-tls-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
        '-days',
        '1',
        '-subj',
        '/CN=localhost',
        '-addext',
        'subjectAltName=DNS:localhost,IP:127.0.0.1',
      ],
      { stdio: 'ignore' },
    );
    return { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function startHttp2Front(origin: string): Promise<Http2Front> {
  const target = new URL(origin);
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  const pass = (req: Http2ServerRequest, res: Http2ServerResponse) => {
    const headers: Record<string, string | string[]> = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (!name.startsWith(':') && value !== undefined) headers[name] = value;
    }
    headers.host = target.host;
    const upstream = request(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers, agent },
      (answer) => {
        for (const [name, value] of Object.entries(answer.headers)) {
          if (value !== undefined && !CONNECTION_HEADERS.has(name)) res.setHeader(name, value);
        }
        res.writeHead(answer.statusCode ?? 502);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  };
  const server = createSecureServer({ ...selfSignedCertificate(), allowHTTP1: true }, pass);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `https://localhost:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        agent.destroy();
        server.close(() => resolve());
      }),
  };
}
