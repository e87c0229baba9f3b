import { request } from 'node:http';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO_PICTURES_WAIT_MS, waitForDemoPictures } from '../support/jobs.ts';

/**
 * What surrounds the API on the shop's port: the payments proxy, /media and the web files.
 * Paths are sent exactly as written (like `curl --path-as-is`), never normalised by a client.
 */
const base = new URL(inject('baseUrl'));
const s3Url = inject('s3Url');
const sesPort = new URL(inject('sesUrl')).port;
const s3Port = new URL(s3Url).port;
const paymentsPort = new URL(inject('paymentsUrl')).port;

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

function raw(
  path: string,
  method = 'GET',
  headers: Record<string, string> = {},
  body?: string,
): Promise<Raw> {
  return new Promise((done, fail) => {
    const req = request({ host: base.hostname, port: base.port, path, method, headers }, (res) => {
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

const s3 = new S3Client({
  endpoint: s3Url,
  region: 'us-east-1',
  forcePathStyle: true,
  credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  requestChecksumCalculation: 'WHEN_REQUIRED',
});

describe('the payments proxy reaches only the card stand-in, and only its browser calls', () => {
  const tricks = [
    `/__payments//127.0.0.1:${sesPort}/store`,
    `/__payments//127.0.0.1:${s3Port}/${inject('mediaBucket')}?prefix=authenticity/`,
    `/__payments//127.0.0.1:${s3Port}/${inject('privateMediaBucket')}`,
    `/__payments//localhost:${sesPort}/store`,
    '/__payments//example.com/',
    '/__payments/__emulator/stripe/hold',
    '/__payments/__emulator/stripe/release',
    '/__payments/v1/payment_intents',
    '/__payments/v1/payment_intents/pi_1/capture',
    '/__payments/v1/payment_intents/pi_1/confirm/../../../__emulator/stripe/hold',
    '/__payments/v1/payment_intents/pi_1%2f..%2f..%2f__emulator/confirm',
    '/__payments/v1/refunds',
    '/__payments/v2/checkout/orders',
    '/__payments/paypal/approve',
    `/__payments/@127.0.0.1:${sesPort}/store`,
    '/__payments/v1/payment_intents/pi_1/confirm?x=1',
    '/__payments/web-sdk/v6/core?x=1',
    '/__payments/web-sdk/v6/core/../../../__emulator/paypal/orders',
    '/__payments/web-sdk/v6/core%2f..%2f..%2f..%2f__emulator%2fpaypal%2forders',
    '/__payments/web-sdk/v6',
    // Stripe.js's GETs pass only as the stand-in sends them: the script, an intent read with a pk_ key.
    '/__payments/v3/stripe.js?x=1',
    '/__payments/v3/stripe.jsx',
    '/__payments/v1/payment_intents/pi_1',
    '/__payments/v1/payment_intents/pi_1?key=sk_test_local_boutique&client_secret=pi_1_secret_x',
    '/__payments/v1/payment_intents/pi_1?client_secret=pi_1_secret_x&key=pk_test_local_boutique',
    '/__payments/v1/payment_intents/pi_1?key=pk_test_local_boutique&client_secret=pi_1_secret_x&expand[]=latest_charge',
  ];
  for (const path of tricks) {
    for (const method of ['GET', 'POST']) {
      it(`${method} ${path} → 404`, async () => {
        const answer = await raw(path, method, { 'content-type': 'application/x-www-form-urlencoded' }, '');
        expect(answer.status).toBe(404);
        expect(answer.body).not.toMatch(/emails|ListBucketResult|authenticity\//);
        // The gateway's own refusal, not an answer of the stand-in behind it.
        expect(answer.body).not.toMatch(/invalid_request_error/);
        expect(answer.headers['access-control-allow-origin']).toBeUndefined();
      });
    }
  }

  it('passes the card confirm call of a payment intent, with no wildcard CORS and no cookie', async () => {
    const answer = await raw(
      '/__payments/v1/payment_intents/pi_doesnotexist/confirm',
      'POST',
      { 'content-type': 'application/x-www-form-urlencoded', cookie: '__Host-admin=secret' },
      'payment_method=pm_card_visa',
    );
    // The stand-in answers (here: no such intent), through the shop's own origin.
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(500);
    expect(answer.body).toMatch(/"type":"invalid_request_error"/);
    expect(answer.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('passes the GET of the PayPal SDK stand-in’s script, and no other method of it', async () => {
    const answer = await raw('/__payments/web-sdk/v6/core', 'GET', { cookie: '__Host-admin=secret' }, '');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/javascript/);
    expect(answer.body).toContain('createInstance');
    expect(answer.headers['access-control-allow-origin']).toBeUndefined();
    const posted = await raw('/__payments/web-sdk/v6/core', 'POST', { 'content-type': 'text/plain' }, 'x');
    expect(posted.status).toBe(404);
  });

  it('passes the stand-in of Stripe.js (GET /v3/stripe.js) and an intent read with the publishable key', async () => {
    const script = await raw('/__payments/v3/stripe.js', 'GET', {}, '');
    expect(script.status).toBe(200);
    expect(script.headers['content-type']).toMatch(/^text\/javascript/);
    expect(script.body).toContain('Stripe');
    const read = await raw(
      '/__payments/v1/payment_intents/pi_doesnotexist?key=pk_test_local_boutique&client_secret=pi_doesnotexist_secret_x',
      'GET',
      {},
      '',
    );
    expect(read.status).toBe(404);
    expect(read.body).toMatch(/"type":"invalid_request_error"/);
    expect(script.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('leaves the stand-ins’ control APIs on their own loopback ports, without wildcard CORS', async () => {
    const control = await fetch(`http://127.0.0.1:${paymentsPort}/__emulator/stripe/intents`, {
      headers: { origin: 'https://evil.example' },
    });
    expect(control.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('/media serves only public files, as what they are', () => {
  // The private photographs must exist for a way around /media to be tried against them.
  beforeAll(waitForDemoPictures, DEMO_PICTURES_WAIT_MS);
  const hostile = [
    '/media/collection_images/%252e%252e/authenticity/p-meridien-01-1.jpg',
    '/media/collection_images/%2e%2e/authenticity/p-meridien-01-1.jpg',
    '/media/collection_images/../authenticity/p-meridien-01-1.jpg',
    '/media/collection_images/%252e%252e/',
    '/media/collection_images/',
    '/media/collection_images/x.svg%3Fprefix=authenticity/',
    '/media/collection_images/..%5cauthenticity%5cp-meridien-01-1.jpg',
    '/media/collection_images/%c0%ae%c0%ae/authenticity/p-meridien-01-1.jpg',
    '/media/collection_images/p.svg%00.jpg',
    '/media/authenticity/p-meridien-01-1.jpg',
  ];
  for (const path of hostile) {
    it(`GET ${path} → 404 with nothing private`, async () => {
      const answer = await raw(path);
      expect(answer.status).toBe(404);
      expect(answer.body).not.toMatch(/<svg|ListBucketResult|<Key>/);
    });
  }

  it('keeps authenticity photos out of the public bucket altogether', async () => {
    const listing = await fetch(`${s3Url}/${inject('mediaBucket')}?prefix=authenticity/`);
    expect(await listing.text()).not.toMatch(/<Key>authenticity\//);
    const privateListing = await fetch(`${s3Url}/${inject('privateMediaBucket')}?prefix=authenticity/`);
    expect(await privateListing.text()).toMatch(/<Key>authenticity\//);
  });

  it('serves an HTML file stored under a public prefix as an image that cannot run, or not at all', async () => {
    const page = '<html><script>fetch("/api/admin").then(r=>r.text()).then(alert)</script></html>';
    for (const key of ['collection_images/trap.svg', 'collection_images/trap.html']) {
      await s3.send(
        new PutObjectCommand({
          Bucket: inject('mediaBucket'),
          Key: key,
          Body: page,
          ContentType: 'text/html',
        }),
      );
    }
    const asSvg = await raw('/media/collection_images/trap.svg');
    expect(asSvg.status).toBe(200);
    expect(asSvg.headers['content-type']).toBe('image/svg+xml');
    expect(asSvg.headers['x-content-type-options']).toBe('nosniff');
    expect(asSvg.headers['content-security-policy']).toMatch(/default-src 'none'.*sandbox/);
    expect((await raw('/media/collection_images/trap.html')).status).toBe(404);
  });

  it('serves a public picture with its type, nosniff and the sandboxing CSP', async () => {
    const answer = await raw('/media/collection_images/pieces/t-aurora-front.jpg');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('image/jpeg');
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers['content-security-policy']).toContain('sandbox');
  });
});

describe('the web build', () => {
  it('serves no source map', async () => {
    const index = await raw('/');
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(index.body)?.[1];
    expect(script).toBeDefined();
    const js = await raw(script as string);
    expect(js.status).toBe(200);
    expect(js.body).not.toMatch(/sourceMappingURL/);
    const map = await raw(`${script}.map`);
    expect(map.status).toBe(404);
    expect(map.body).not.toMatch(/"mappings"/);
  });
});
