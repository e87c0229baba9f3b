import { afterEach, describe, expect, it } from 'vitest';
import { clientAddress } from '#platform/client-address.ts';
import type { ApiEvent } from '#platform/handler.ts';

const event = (headers: Record<string, string>) =>
  ({ headers, requestContext: { http: { sourceIp: '130.176.1.1' } } }) as unknown as ApiEvent;

describe('clientAddress', () => {
  afterEach(() => {
    delete process.env.TRUST_VIEWER_ADDRESS_HEADER;
    delete process.env.ORIGIN_VERIFY;
  });

  it('is the connection address unless the stack trusts CloudFront', () => {
    expect(clientAddress(event({ 'cloudfront-viewer-address': '203.0.113.9:4431' }))).toBe('130.176.1.1');
  });

  it("reads the viewer address only on requests carrying CloudFront's origin secret", () => {
    process.env.TRUST_VIEWER_ADDRESS_HEADER = 'true';
    process.env.ORIGIN_VERIFY = 'the-secret-cloudfront-adds';
    const viewer = { 'cloudfront-viewer-address': '203.0.113.9:4431' };
    expect(clientAddress(event({ ...viewer, 'x-origin-verify': 'the-secret-cloudfront-adds' }))).toBe(
      '203.0.113.9',
    );
    expect(clientAddress(event({ ...viewer, 'x-origin-verify': 'a-guess' }))).toBe('130.176.1.1');
    expect(clientAddress(event(viewer))).toBe('130.176.1.1');
    delete process.env.ORIGIN_VERIFY;
    expect(clientAddress(event({ ...viewer, 'x-origin-verify': '' }))).toBe('130.176.1.1');
  });
});
