/**
 * A webhook Lambda in its own process, so a test can kill it (SIGKILL) in the middle of its work.
 * Started by runHandlerInChild (faults.ts) with the local stack's environment (AWS endpoints possibly
 * pointed at a fault proxy): `node webhook-child.ts <handler module> <JSON { path, headers, body }>`.
 * It imports the same handler module the gateway serves and calls it with an API Gateway v2 event.
 */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { lambdaContext } from '../../infra/local/api-event.ts';

const [moduleName = '', raw = '{}'] = process.argv.slice(2);
const input = JSON.parse(raw) as { path: string; headers: Record<string, string>; body: string };
const file = pathToFileURL(join(import.meta.dirname, '../../functions', `${moduleName}.ts`)).href;
const { handler } = (await import(file)) as {
  handler: (
    event: APIGatewayProxyEventV2,
    context: unknown,
  ) => Promise<{ statusCode?: number; body?: string }>;
};

const requestId = randomUUID();
const now = Date.now();
const routeKey = `POST /api${input.path}`;
const event: APIGatewayProxyEventV2 = {
  version: '2.0',
  routeKey,
  rawPath: `/api${input.path}`,
  rawQueryString: '',
  headers: input.headers,
  requestContext: {
    accountId: '000000000000',
    apiId: 'local',
    domainName: 'localhost',
    domainPrefix: 'localhost',
    http: {
      method: 'POST',
      path: `/api${input.path}`,
      protocol: 'HTTP/1.1',
      sourceIp: '127.0.0.1',
      userAgent: input.headers['user-agent'] ?? '',
    },
    requestId,
    routeKey,
    stage: '$default',
    time: new Date(now).toISOString(),
    timeEpoch: now,
  },
  body: input.body,
  isBase64Encoded: false,
};

process.stdout.write('handling\n');
const result = await handler(event, lambdaContext(moduleName.replace('/', '-'), requestId));
process.stdout.write(`${JSON.stringify({ statusCode: result.statusCode, body: result.body })}\n`);
