import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import type { CfnBucket } from 'aws-cdk-lib/aws-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { FILM_FRAME_ORIGINS } from '#shared/film-providers.ts';
import { START_APP_SCRIPT } from '#shared/pages/start-app.ts';
import { createGateway } from '../local/gateway.ts';
import { BoutiqueStack } from '../stack.ts';
import {
  appCsp,
  appHeaders,
  forPlainHttp,
  type HeaderSet,
  mediaHeaders,
  START_APP_SCRIPT_HASH,
} from './security-headers.ts';

type Cfn = unknown;
/** A template value with the buckets' regional domains put back as `<logical id>`. */
function resolve(value: Cfn): string {
  if (typeof value === 'string') return value;
  const v = value as Record<string, Cfn>;
  if (Array.isArray(v['Fn::Join'])) {
    const [sep, parts] = v['Fn::Join'] as [string, Cfn[]];
    return parts.map(resolve).join(sep);
  }
  if (Array.isArray(v['Fn::GetAtt'])) return `<${(v['Fn::GetAtt'] as string[])[0]}>`;
  throw new Error(`cannot resolve ${JSON.stringify(value)}`);
}

interface SecurityHeadersConfig {
  ContentSecurityPolicy?: { ContentSecurityPolicy: Cfn; Override: boolean };
  StrictTransportSecurity?: {
    AccessControlMaxAgeSec: number;
    IncludeSubdomains?: boolean;
    Override: boolean;
  };
  FrameOptions?: { FrameOption: string; Override: boolean };
  ContentTypeOptions?: { Override: boolean };
  ReferrerPolicy?: { ReferrerPolicy: string; Override: boolean };
}

/** The headers a CloudFront response headers policy sends, as the browser receives them. */
function sentBy(config: SecurityHeadersConfig): HeaderSet {
  const headers: Record<string, string> = {};
  const overrides: boolean[] = [];
  if (config.ContentSecurityPolicy) {
    headers['content-security-policy'] = resolve(config.ContentSecurityPolicy.ContentSecurityPolicy);
    overrides.push(config.ContentSecurityPolicy.Override);
  }
  if (config.StrictTransportSecurity) {
    const { AccessControlMaxAgeSec, IncludeSubdomains, Override } = config.StrictTransportSecurity;
    headers['strict-transport-security'] =
      `max-age=${AccessControlMaxAgeSec}${IncludeSubdomains ? '; includeSubDomains' : ''}`;
    overrides.push(Override);
  }
  if (config.FrameOptions) {
    headers['x-frame-options'] = config.FrameOptions.FrameOption;
    overrides.push(config.FrameOptions.Override);
  }
  if (config.ContentTypeOptions) {
    headers['x-content-type-options'] = 'nosniff';
    overrides.push(config.ContentTypeOptions.Override);
  }
  if (config.ReferrerPolicy) {
    headers['referrer-policy'] = config.ReferrerPolicy.ReferrerPolicy;
    overrides.push(config.ReferrerPolicy.Override);
  }
  // Every header replaces whatever the origin (a function, S3) sent.
  expect(overrides.every(Boolean)).toBe(true);
  return headers;
}

describe('the security headers, defined once (infra/edge/security-headers.ts)', () => {
  it('frame films from the allowed providers and Stripe only; media from the shop and blob:', () => {
    const csp = appCsp({ buckets: [] });
    expect(csp['frame-src']).toEqual([
      'https://js.stripe.com',
      'https://*.js.stripe.com',
      'https://hooks.stripe.com',
      'https://pay.google.com',
      'https://*.paypal.com',
      'https://*.paypalobjects.com',
      ...FILM_FRAME_ORIGINS,
    ]);
    // Stripe's Payment Element: its script hosts and API, nothing more (no Google Maps: no Address
    // Element); the Express Checkout Element adds Google Pay's host only.
    expect(csp['script-src']).toEqual([
      "'self'",
      START_APP_SCRIPT_HASH,
      'https://js.stripe.com',
      'https://*.js.stripe.com',
      'https://pay.google.com',
      'https://*.paypal.com',
      'https://*.paypalobjects.com',
    ]);
    expect(csp['connect-src']).toEqual([
      "'self'",
      'https://api.stripe.com',
      'https://*.paypal.com',
      'https://*.paypalobjects.com',
    ]);
    expect(FILM_FRAME_ORIGINS.length).toBeGreaterThan(0);
    expect(csp['media-src']).toEqual(["'self'", 'blob:']);
    expect(csp['script-src']?.join(' ')).not.toMatch(/unsafe/);
    // The one inline script allowed: the rendered pages' start (shared/pages/start-app.ts), by its hash.
    expect(START_APP_SCRIPT_HASH).toBe(
      `'sha256-${createHash('sha256').update(START_APP_SCRIPT).digest('base64')}'`,
    );
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
  });

  it('let the PayPal JavaScript SDK (v6) load, call, frame and show its images, and nothing of PayPal more', () => {
    const csp = appCsp({ buckets: ['https://b.example'] });
    const paypal = ['https://*.paypal.com', 'https://*.paypalobjects.com'];
    expect(csp['script-src']).toEqual([
      "'self'",
      START_APP_SCRIPT_HASH,
      'https://js.stripe.com',
      'https://*.js.stripe.com',
      'https://pay.google.com',
      ...paypal,
    ]);
    expect(csp['connect-src']).toEqual(["'self'", 'https://api.stripe.com', 'https://b.example', ...paypal]);
    expect(csp['img-src']).toEqual(["'self'", 'data:', 'blob:', 'https://b.example', ...paypal]);
    // No form posts to PayPal any more (its approval is a popup of the SDK), no Venmo, no child-src.
    expect(csp['form-action']).toEqual(["'self'"]);
    const named = Object.entries(csp)
      .filter(([, sources]) => sources.some((source) => /paypal|venmo/.test(source)))
      .map(([name]) => name);
    expect(named).toEqual(['script-src', 'img-src', 'connect-src', 'frame-src']);
  });

  it('on plain http leave out exactly HSTS and upgrade-insecure-requests', () => {
    const https = appHeaders({ buckets: ['https://b.example'] });
    const http = forPlainHttp(https);
    expect(https['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(https['content-security-policy']).toContain('upgrade-insecure-requests');
    const { 'strict-transport-security': _hsts, ...rest } = https;
    expect(http).toEqual({
      ...rest,
      'content-security-policy': (https['content-security-policy'] as string).replace(
        '; upgrade-insecure-requests',
        '',
      ),
    });
    const { 'strict-transport-security': _mediaHsts, ...media } = mediaHeaders();
    expect(forPlainHttp(mediaHeaders())).toEqual(media);
    expect(Object.keys(forPlainHttp(mediaHeaders()))).not.toContain('strict-transport-security');
  });

  it('are what the synthesized CloudFront policies send', () => {
    const cdkJson = JSON.parse(readFileSync(new URL('../../cdk.json', import.meta.url), 'utf8')) as {
      context: Record<string, unknown>;
    };
    const app = new App({ context: { ...cdkJson.context, 'aws:cdk:bundling-stacks': [] } });
    const stack = new BoutiqueStack(app, 'HeadersStack');
    const template = Template.fromStack(stack);
    const idOf = (bucket: { node: { defaultChild?: unknown } }) =>
      Stack.of(stack).getLogicalId(bucket.node.defaultChild as CfnBucket);
    const buckets = [`https://<${idOf(stack.mediaBucket)}>`, `https://<${idOf(stack.privateMediaBucket)}>`];
    const policies = Object.values(template.findResources('AWS::CloudFront::ResponseHeadersPolicy')).map(
      (p) =>
        (
          p as {
            Properties: { ResponseHeadersPolicyConfig: { SecurityHeadersConfig: SecurityHeadersConfig } };
          }
        ).Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig,
    );
    expect(policies.map(sentBy)).toEqual(expect.arrayContaining([appHeaders({ buckets }), mediaHeaders()]));
    expect(policies).toHaveLength(2);
    // Synthesising the whole stack takes a minute on two busy cores.
  }, 180_000);
});

describe('the local gateway sends them on every answer', () => {
  let dir: string;
  let gateway: Server;
  let s3: Server;
  let base: string;
  let s3Origin: string;
  const listen = (server: Server) =>
    new Promise<string>((done) =>
      server.listen(0, '127.0.0.1', () => done(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
    );

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'headers-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>shop</title>');
    writeFileSync(join(dir, 'assets', 'app-1234.js'), 'console.log(1)');
    // The media store: answers any object with a picture (its own headers included).
    s3 = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': 3 });
      res.end('jpg');
    });
    s3Origin = await listen(s3);
    gateway = createGateway({
      routes: [
        {
          method: 'GET',
          path: '/ping',
          handler: 'ping',
          contract: { response: z.object({}) },
          auth: 'public',
          access: { table: ['get'], why: {} },
        },
      ],
      functionsDir: dir,
      webRoot: dir,
      media: { endpoint: s3Origin, bucket: 'media' },
      // A function that sets a header of the policy itself: the policy's value wins, as in CloudFront.
      handlerFor: () => async () => ({
        statusCode: 200,
        headers: { 'content-type': 'application/json', 'x-frame-options': 'SAMEORIGIN' },
        body: '{}',
      }),
    });
    base = await listen(gateway);
  });
  afterAll(async () => {
    await new Promise((done) => gateway?.close(done));
    await new Promise((done) => s3?.close(done));
    rmSync(dir, { recursive: true, force: true });
  });

  const securityOf = (response: Response, names: readonly string[]) =>
    Object.fromEntries(names.flatMap((n) => (response.headers.has(n) ? [[n, response.headers.get(n)]] : [])));
  const allNames = Object.keys({ ...appHeaders({ buckets: [] }), ...mediaHeaders() });

  it.each([
    ['index.html', '/'],
    ['a client route', '/women'],
    ['an asset', '/assets/app-1234.js'],
    ['an API answer', '/api/ping'],
    ['an API 404', '/api/nothing'],
    ['a missing file', '/nothing.png'],
  ])('app headers on %s (%s)', async (_what, path) => {
    const response = await fetch(`${base}${path}`);
    await response.arrayBuffer();
    expect(securityOf(response, allNames)).toEqual(forPlainHttp(appHeaders({ buckets: [s3Origin] })));
  });

  it('media headers on /media answers', async () => {
    const response = await fetch(`${base}/media/collection_images/a.jpg`);
    expect(response.status).toBe(200);
    await response.arrayBuffer();
    expect(securityOf(response, allNames)).toEqual(forPlainHttp(mediaHeaders()));
  });
});
