import { request } from 'node:http';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { signCodeBody, signingKid } from '#passport/index.ts';
import { codeBody } from '#shared/passport/code.ts';
import { PASSPORT_SIGNER } from '../../infra/local/stack.ts';
import { api, freshClientAddress } from '../support/api.ts';
import { getRaw, itemsWithPrefix } from '../support/db.ts';
import { uniqueId } from '../support/fixtures.ts';
import { runJob } from '../support/jobs.ts';
import { mailTo, pointAtLocalStack } from '../support/stack-env.ts';

/**
 * The local stack's control surface, probed as a web page the developer opens would probe it
 * (issue 36, point 3): the page's browser sends its `Origin` and `Sec-Fetch-Site`, knows no
 * token, and may send "simple" cross-site requests (text/plain POSTs) without a preflight.
 */
const EVIL = 'https://evil.example';

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

function raw(url: string, method: string, headers: Record<string, string>, body?: string): Promise<Raw> {
  return new Promise((done, fail) => {
    const req = request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        done({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString() }),
      );
    });
    req.on('error', fail);
    req.end(body);
  });
}

/** A confirmed member, signed up and confirmed through the shop's own API. */
async function confirmedMember(): Promise<string> {
  const email = `${uniqueId('door')}@example.com`;
  const signUp = await api('/member', {
    method: 'POST',
    json: { email },
    from: freshClientAddress(),
    headers: { referer: 'http://localhost/world/membership' },
  });
  expect(signUp.status).toBe(200);
  const mail = (await mailTo(email)).find((m) => m.subject === 'Please confirm your membership');
  const link = new URL(/(http\S+)/.exec(mail?.body.text ?? '')?.[1] ?? 'http://x');
  const token = link.searchParams.get('token') ?? '';
  expect((await api('/member/confirm', { method: 'POST', json: { token } })).status).toBe(200);
  expect(await getRaw(`MEMBER#${email}`, '#MEMBER')).toMatchObject({ status: 'confirmed' });
  return email;
}

const complaint = (email: string) =>
  JSON.stringify({
    notificationType: 'Complaint',
    complaint: { complainedRecipients: [{ emailAddress: email }] },
  });

describe('POST /__jobs/* runs a job only for the developer’s own tools', () => {
  const token = inject('jobToken');
  const forged: [string, (email: string) => Record<string, string>][] = [
    // The probe of the issue: a simple cross-site request, no token (a page cannot know it).
    ['a cross-site simple POST with no token', () => ({ origin: EVIL, 'content-type': 'text/plain' })],
    [
      'a cross-site POST as a modern browser marks it',
      () => ({ origin: EVIL, 'sec-fetch-site': 'cross-site', 'content-type': 'text/plain' }),
    ],
    // Even a page that somehow had the token: its browser still names its origin.
    [
      'a cross-site POST carrying the right token',
      () => ({ origin: EVIL, authorization: `Bearer ${token}`, 'content-type': 'application/json' }),
    ],
    [
      'a same-site POST (another port of localhost) carrying the right token',
      () => ({ 'sec-fetch-site': 'same-site', authorization: `Bearer ${token}` }),
    ],
    ['a POST with no Origin and no token', () => ({ 'content-type': 'application/json' })],
    ['a POST with a wrong token', () => ({ authorization: `Bearer ${token.slice(1)}x` })],
    ['a POST with the token but no Bearer', () => ({ authorization: token })],
  ];
  for (const [name, headers] of forged) {
    it(`${name} → 403, and the member is still subscribed`, async () => {
      const email = await confirmedMember();
      const answer = await raw(
        `${inject('baseUrl')}/__jobs/ses-feedback`,
        'POST',
        headers(email),
        complaint(email),
      );
      expect(answer.status).toBe(403);
      expect(JSON.parse(answer.body)).toMatchObject({ message: expect.any(String) });
      expect(answer.headers['access-control-allow-origin']).toBeUndefined();
      expect(await getRaw(`MEMBER#${email}`, '#MEMBER')).toMatchObject({ status: 'confirmed' });
      expect(await getRaw(`SUPPRESSED#${email}`, '#SUPPRESSED')).toBeUndefined();
    });
  }

  it('no preflight is ever allowed (a page cannot send the token header)', async () => {
    const answer = await raw(`${inject('baseUrl')}/__jobs/mail-sweep`, 'OPTIONS', {
      origin: EVIL,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'authorization',
    });
    expect(answer.status).toBe(403);
    expect(answer.headers['access-control-allow-origin']).toBeUndefined();
    expect(answer.headers['access-control-allow-headers']).toBeUndefined();
  });

  it('the developer’s tool (token, no Origin) still runs the job', async () => {
    const email = await confirmedMember();
    const answer = await runJob('ses-feedback', JSON.parse(complaint(email)));
    expect(answer.status).toBe(200);
    expect(await getRaw(`MEMBER#${email}`, '#MEMBER')).toMatchObject({ status: 'unsubscribed' });
  });
});

describe('s3rver gives no other web page either bucket, and the shop only its uploads', () => {
  const s3 = inject('s3Url');
  const privateBucket = inject('privateMediaBucket');
  const publicBucket = inject('mediaBucket');
  const shop = new URL(inject('baseUrl')).origin;

  for (const [what, path] of [
    ['list', `/${privateBucket}?prefix=authenticity/`],
    ['read', `/${privateBucket}/authenticity/p-meridien-01-1.jpg`],
    ['write', `/${privateBucket}/authenticity/planted.jpg`],
  ] as const) {
    for (const origin of [EVIL]) {
      it(`a ${what} of the private bucket from ${origin}: no preflight allowance, no CORS on the answer`, async () => {
        const method = what === 'write' ? 'PUT' : 'GET';
        const preflight = await raw(`${s3}${path}`, 'OPTIONS', {
          origin,
          'access-control-request-method': method,
          ...(what === 'write' ? { 'access-control-request-headers': 'content-type' } : {}),
        });
        expect(preflight.status).toBeGreaterThanOrEqual(400);
        expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
        const simple = await raw(`${s3}${path}`, 'GET', { origin });
        expect(simple.headers['access-control-allow-origin']).toBeUndefined();
        expect(simple.headers['access-control-allow-credentials']).toBeUndefined();
      });
    }
  }

  it('the public bucket allows no other origin: no preflight for a PUT, no CORS on a GET', async () => {
    const preflight = await raw(`${s3}/${publicBucket}/collection_images/planted.svg`, 'OPTIONS', {
      origin: EVIL,
      'access-control-request-method': 'PUT',
      'access-control-request-headers': 'content-type',
    });
    expect(preflight.status).toBeGreaterThanOrEqual(400);
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    const listing = await raw(`${s3}/${publicBucket}?prefix=collection_images/`, 'GET', { origin: EVIL });
    expect(listing.headers['access-control-allow-origin']).toBeUndefined();
    const read = await raw(`${s3}/${publicBucket}/collection_images/a.svg`, 'GET', { origin: EVIL });
    expect(read.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('the shop’s origin keeps its presigned uploads, to both buckets as in AWS: the PUT preflight is allowed for it only', async () => {
    for (const path of [
      `/${publicBucket}/collection_images/upload.svg`,
      // The admin's authenticity photos go to the private bucket (infra/stack.ts gives it the same CORS).
      `/${privateBucket}/authenticity/upload.jpg`,
    ]) {
      const preflight = await raw(`${s3}${path}`, 'OPTIONS', {
        origin: shop,
        'access-control-request-method': 'PUT',
        'access-control-request-headers': 'content-type',
      });
      expect(preflight.status, path).toBe(200);
      expect(preflight.headers['access-control-allow-methods']).toMatch(/PUT/);
      // s3rver answers a preflight its rule matched with '*'; another origin gets none (above).
      expect([shop, '*']).toContain(preflight.headers['access-control-allow-origin']);
    }
    const read = await raw(`${s3}/${publicBucket}/collection_images/a.svg`, 'GET', { origin: shop });
    expect(read.headers['access-control-allow-origin']).toBe(shop);
  });
});

describe('the payments stand-in’s control API answers no other origin', () => {
  const payments = inject('paymentsUrl');
  const controls: [string, string][] = [
    ['POST', '/__emulator/stripe/pause'],
    ['POST', '/__emulator/stripe/resume'],
    ['POST', '/__emulator/stripe/hold'],
    ['POST', '/__emulator/paypal/hold'],
    ['POST', '/__emulator/stripe/webhook-url'],
    ['POST', '/__emulator/stripe/fail-next'],
    ['POST', '/__emulator/paypal/orders/O-1/approve'],
    ['GET', '/__emulator/stripe/events'],
    ['GET', '/__emulator/health'],
  ];
  for (const [method, path] of controls) {
    const forgedHeaders: Record<string, string>[] = [
      { origin: EVIL, 'content-type': 'text/plain' },
      { origin: EVIL, 'sec-fetch-site': 'cross-site', 'content-type': 'text/plain' },
      { 'sec-fetch-site': 'cross-site' },
      { origin: 'http://localhost:1', 'sec-fetch-site': 'same-site' },
      { origin: 'null' },
    ];
    for (const headers of forgedHeaders) {
      it(`${method} ${path} with ${JSON.stringify(headers)} → 403`, async () => {
        // The body a forger would send: pause everything, drop what is queued, point webhooks away.
        const body =
          method === 'POST' ? '{"match":"pi_","drop":"true","url":"http://127.0.0.1:1/"}' : undefined;
        const answer = await raw(`${payments}${path}`, method, headers, body);
        expect(answer.status).toBe(403);
        expect(answer.headers['access-control-allow-origin']).toBeUndefined();
      });
    }
  }

  it('tests and tools (no Origin) and the stand-in’s own pages still reach it', async () => {
    expect((await raw(`${payments}/__emulator/health`, 'GET', {})).status).toBe(200);
    expect((await raw(`${payments}/__emulator/health`, 'GET', { origin: payments })).status).toBe(200);
    expect(
      (await raw(`${payments}/__emulator/health`, 'GET', { 'sec-fetch-site': 'same-origin' })).status,
    ).toBe(200);
  });
});

describe('the Lambda and KMS stand-ins sign and run nothing for a web page or a process without the start’s credentials', () => {
  beforeAll(() => pointAtLocalStack());
  const invocation = (name: string) => `${inject('lambdaUrl')}/2015-03-31/functions/${name}/invocations`;
  /** The probe: a code for a piece that does not exist, with the key that signs now. */
  const forgedCode = async () =>
    codeBody({
      pieceId: uniqueId('no-such-piece'),
      number: 1,
      of: 1,
      collection: 'Forged',
      issued: new Date().toISOString().slice(0, 10),
      digest: 'AAECAwQFBgcICQoLDA0ODw',
      kid: await signingKid(),
    });
  const asPage = { origin: EVIL, 'sec-fetch-site': 'cross-site', 'content-type': 'text/plain' };
  const asTool = { 'content-type': 'application/json' };

  for (const [who, headers] of [
    ['a cross-site page', asPage],
    ['a process with no signature', asTool],
  ] as const) {
    it(`${who} gets no signature from the passport signer, and rotates no key`, async () => {
      const body = await forgedCode();
      const signing = await raw(
        invocation(PASSPORT_SIGNER),
        'POST',
        headers,
        JSON.stringify({ kind: 'sign-code', body }),
      );
      expect(signing.status).toBe(403);
      expect(signing.headers['x-amzn-errortype']).toMatch(/Exception$/);
      expect(signing.body).not.toMatch(/signature"/);
      expect(signing.headers['access-control-allow-origin']).toBeUndefined();
      // A rotation is audited with the admin it names: none with this one (other suites may rotate).
      const admin = uniqueId('evil-admin');
      const rotating = await raw(
        invocation(PASSPORT_SIGNER),
        'POST',
        headers,
        JSON.stringify({ kind: 'rotate', admin }),
      );
      expect(rotating.status).toBe(403);
      expect((await itemsWithPrefix('AUDIT#')).filter((audit) => audit.admin === admin)).toEqual([]);
      // The same request, from the stack's own functions (the SDK with this start's credentials), is signed.
      expect(await signCodeBody(body)).toMatchObject({ signature: expect.any(String) });
    });

    it(`${who} starts no reset-link job, and KMS signs nothing for it`, async () => {
      const resetLink = await raw(
        invocation('boutique-reset-link'),
        'POST',
        { ...headers, 'x-amz-invocation-type': 'Event' },
        JSON.stringify({ email: 'owner@example.com', cardNumber: '1', now: Date.now() }),
      );
      expect(resetLink.status).toBe(403);
      const kmsSign = await raw(
        inject('kmsUrl'),
        'POST',
        { ...headers, 'x-amz-target': 'TrentService.Sign' },
        JSON.stringify({
          KeyId: inject('passportKeyId'),
          Message: 'Bw==',
          SigningAlgorithm: 'ECDSA_SHA_256',
        }),
      );
      expect(kmsSign.status).toBe(403);
      expect(JSON.parse(kmsSign.body)).toMatchObject({ __type: expect.stringMatching(/Exception$/) });
      expect(kmsSign.body).not.toMatch(/Signature"/);
    });
  }

  it('the SES stand-in’s store is not cleared by another site’s page (its own viewer may)', async () => {
    const count = async () =>
      ((await (await fetch(`${inject('sesUrl')}/store`)).json()) as { emails: unknown[] }).emails.length;
    await confirmedMember();
    const before = await count();
    expect(before).toBeGreaterThan(0);
    const forged: Record<string, string>[] = [
      { origin: EVIL, 'content-type': 'text/plain' },
      { 'sec-fetch-site': 'cross-site' },
    ];
    for (const headers of forged) {
      const answer = await raw(`${inject('sesUrl')}/clear-store`, 'POST', headers, '');
      expect(answer.status).toBe(403);
    }
    expect(await count()).toBeGreaterThanOrEqual(before);
  });
});
