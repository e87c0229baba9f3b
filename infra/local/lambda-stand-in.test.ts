import { request } from 'node:http';
import { InvokeCommand, LambdaClient, type LambdaClientConfig } from '@aws-sdk/client-lambda';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startLambdaStandIn } from './lambda-stand-in.ts';
import type { StartCredentials } from './stand-in-callers.ts';
import type { StandIn } from './stand-ins.ts';

/**
 * Lambda's Invoke stand-in runs a function only for the stack's own callers: the real SDK signing
 * with this start's credentials. A web page (its `Origin`, a cross-site `Sec-Fetch-Site`) and a
 * process without them are refused with Lambda's 403, and nothing runs.
 */
const CREDENTIALS: StartCredentials = {
  accessKeyId: 'S3RVER',
  secretAccessKey: 'S3RVER',
  sessionToken: 'a-session-token-of-this-start',
};
const EVIL = 'https://evil.example';

let lambda: StandIn;
const ran: unknown[] = [];
beforeAll(async () => {
  lambda = await startLambdaStandIn(
    {
      'passport-signer': async (event) => {
        ran.push(event);
        return { signed: event };
      },
    },
    { credentials: CREDENTIALS },
  );
});
afterAll(() => lambda.stop());
beforeEach(() => {
  ran.length = 0;
});

const client = (config: Partial<LambdaClientConfig> = {}) =>
  new LambdaClient({
    endpoint: lambda.url,
    region: 'eu-west-3',
    credentials: CREDENTIALS,
    maxAttempts: 1,
    ...config,
  });

/** A middleware that changes the request after the SDK signed it (the last step before sending). */
function afterSigning(
  target: LambdaClient,
  change: (req: { headers: Record<string, string>; body: unknown }) => void,
) {
  target.middlewareStack.add(
    (next) => async (args) => {
      change(args.request as { headers: Record<string, string>; body: unknown });
      return next(args);
    },
    { step: 'deserialize', name: 'changeAfterSigning' },
  );
  return target;
}

const invoke = (target: LambdaClient, event: unknown = { kind: 'sign-code' }, type?: 'Event') =>
  target.send(
    new InvokeCommand({
      FunctionName: 'passport-signer',
      Payload: new TextEncoder().encode(JSON.stringify(event)),
      ...(type ? { InvocationType: type } : {}),
    }),
  );

function raw(path: string, headers: Record<string, string>, body: string) {
  return new Promise<{ status: number; type: string | undefined; body: string }>((done, fail) => {
    const req = request(`${lambda.url}${path}`, { method: 'POST', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        done({
          status: res.statusCode ?? 0,
          type: res.headers['x-amzn-errortype'] as string | undefined,
          body: Buffer.concat(chunks).toString(),
        }),
      );
    });
    req.on('error', fail);
    req.end(body);
  });
}

describe('the Lambda stand-in answers the SDK signing with this start’s credentials', () => {
  it('runs a synchronous and an asynchronous invocation (any region)', async () => {
    const answer = await invoke(client(), { kind: 'sign-code', body: 'x' });
    expect(answer.StatusCode).toBe(200);
    expect(JSON.parse(new TextDecoder().decode(answer.Payload))).toEqual({
      signed: { kind: 'sign-code', body: 'x' },
    });
    expect((await invoke(client({ region: 'us-east-1' }), { n: 2 }, 'Event')).StatusCode).toBe(202);
    await expect.poll(() => ran.length).toBe(2);
  });
});

describe('it refuses, 403 with Lambda’s error type, and runs nothing', () => {
  const INVOKE = '/2015-03-31/functions/passport-signer/invocations';
  const forged: [string, Record<string, string>][] = [
    // The probe: a page's simple cross-site POST (no preflight), no signature.
    ['a cross-site simple POST', { origin: EVIL, 'content-type': 'text/plain' }],
    ['a POST a modern browser marks cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['a POST from another port of localhost', { 'sec-fetch-site': 'same-site' }],
    ['a POST with no signature', { 'content-type': 'application/json' }],
    [
      'a POST with a made-up signature',
      {
        authorization: `AWS4-HMAC-SHA256 Credential=S3RVER/20260101/us-east-1/lambda/aws4_request, SignedHeaders=host;x-amz-date, Signature=${'0'.repeat(64)}`,
        'x-amz-date': '20260101T000000Z',
      },
    ],
  ];
  for (const [name, headers] of forged) {
    it(`${name} → 403`, async () => {
      const answer = await raw(INVOKE, headers, '{"kind":"rotate","admin":"evil"}');
      expect(answer.status).toBe(403);
      expect(answer.type).toMatch(/Exception$/);
      expect(JSON.parse(answer.body)).toMatchObject({ message: expect.any(String) });
      expect(ran).toEqual([]);
    });
  }

  const refusedClients: [string, () => LambdaClient, RegExp][] = [
    [
      'no session token',
      () => client({ credentials: { ...CREDENTIALS, sessionToken: undefined } }),
      /Unrecognized/,
    ],
    [
      'another session token',
      () => client({ credentials: { ...CREDENTIALS, sessionToken: `${CREDENTIALS.sessionToken}x` } }),
      /Unrecognized/,
    ],
    [
      'another secret key',
      () => client({ credentials: { ...CREDENTIALS, secretAccessKey: 'other' } }),
      /InvalidSignature/,
    ],
    [
      'another access key',
      () => client({ credentials: { ...CREDENTIALS, accessKeyId: 'other' } }),
      /Unrecognized/,
    ],
    ['a signature 10 minutes old', () => client({ systemClockOffset: -10 * 60_000 }), /InvalidSignature/],
    [
      'the right signature, the body changed after signing',
      () =>
        afterSigning(client(), (req) => {
          req.body = new TextEncoder().encode('{"kind":"rotate","admin":"evil"}');
          req.headers['content-length'] = String((req.body as Uint8Array).length);
        }),
      /InvalidSignature/,
    ],
    [
      'the right signature, sent with an Origin',
      () =>
        afterSigning(client(), (req) => {
          req.headers.origin = EVIL;
        }),
      /AccessDenied/,
    ],
    [
      'the right signature, sent cross-site',
      () =>
        afterSigning(client(), (req) => {
          req.headers['sec-fetch-site'] = 'cross-site';
        }),
      /AccessDenied/,
    ],
  ];
  for (const [name, make, type] of refusedClients) {
    it(`the SDK with ${name} → 403`, async () => {
      const error = await invoke(make(), { kind: 'sign-code', body: 'x' }).catch((e: unknown) => e);
      expect(error).toMatchObject({ name: expect.stringMatching(type), $metadata: { httpStatusCode: 403 } });
      await expect(invoke(make(), { n: 1 }, 'Event')).rejects.toMatchObject({
        $metadata: { httpStatusCode: 403 },
      });
      expect(ran).toEqual([]);
    });
  }
});
