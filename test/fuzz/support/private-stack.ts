import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { type LocalStack, startLocalStack } from '../../../infra/local/stack.ts';

/**
 * A local stack of this test file's own (DynamoDB Local, s3rver, SES, payments emulator and
 * the gateway, with the demo catalogue), started inside the test worker:
 * - the table is this file's alone, so a before/after scan proves what a request wrote: the
 *   run's shared stack is written by other test files at the same time;
 * - the handlers run in this process, so their log lines can be read (see captureLogs).
 */
export interface PrivateStack extends LocalStack {
  /** Every item of the table. */
  scan(): Promise<Item[]>;
  /** The table, to arrange data directly (expire a session, delete an account). */
  db: DynamoDBDocumentClient;
}

export type Item = Record<string, unknown>;

export async function startPrivateStack(env: Record<string, string> = {}): Promise<PrivateStack> {
  Object.assign(process.env, env);
  const dir = mkdtempSync(join(tmpdir(), 'boutique-private-'));
  // Without the table's stream: the pages it renders in the background after a change are no
  // write of the request a test is looking at.
  const stack = await startLocalStack({
    port: 0,
    s3Dir: join(dir, 's3'),
    tableName: 'boutique-private',
    tableStream: false,
  });
  const db = DynamoDBDocumentClient.from(
    new DynamoDBClient({
      endpoint: stack.dynamoDbUrl,
      region: 'us-east-1',
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    }),
  );
  return {
    ...stack,
    db,
    async scan() {
      const items: Item[] = [];
      let ExclusiveStartKey: Item | undefined;
      do {
        const page = await db.send(new ScanCommand({ TableName: stack.tableName, ExclusiveStartKey }));
        items.push(...(page.Items ?? []));
        ExclusiveStartKey = page.LastEvaluatedKey;
      } while (ExclusiveStartKey);
      return items;
    },
    async stop() {
      await stack.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface Answer {
  status: number;
  text: string;
  headers: Record<string, string | string[] | undefined>;
  /** The parsed JSON body, or undefined when the body is not JSON. */
  json: unknown;
}

export interface RawRequest {
  method: string;
  /** Path and query under /api, sent as given (no further encoding). */
  path: string;
  /** The path is from the origin's root, not under /api (the public files). */
  root?: boolean;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Loopback address to send from (127.x.y.z), for limits counted per client address. */
  from?: string;
}

/** Sends one request to a gateway exactly as given: method, raw path, headers and body bytes. */
export function send(baseUrl: string, req: RawRequest): Promise<Answer> {
  const url = new URL(baseUrl);
  const headers: Record<string, string> = { ...req.headers };
  if (req.body !== undefined) headers['content-length'] = String(Buffer.byteLength(req.body));
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        host: url.hostname,
        port: url.port,
        method: req.method,
        path: req.root ? req.path : `/api${req.path}`,
        headers,
        ...(req.from ? { localAddress: req.from } : {}),
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let json: unknown;
          try {
            json = text ? JSON.parse(text) : undefined;
          } catch {
            json = undefined;
          }
          resolve({ status: res.statusCode ?? 0, text, headers: res.headers, json });
        });
      },
    );
    outgoing.on('error', reject);
    outgoing.end(req.body);
  });
}
