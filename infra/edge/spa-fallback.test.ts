import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { loadSpaFallback, SPA_FALLBACK_CODE } from './spa-fallback.ts';

describe('the web behaviour’s viewer-request function', () => {
  const pageOf = loadSpaFallback();

  it('serves /verify from verify.html, every other client route from index.html, files as they are', () => {
    expect(pageOf('/verify')).toBe('/verify.html');
    expect(pageOf('/verify/')).toBe('/verify.html');
    for (const route of ['/', '/home', '/women/', '/products/productdetails', '/verify/more', '/verifying'])
      expect(pageOf(route), route).toBe('/index.html');
    for (const file of ['/assets/verify-1a2b.js', '/verify-sw.js', '/verify.html', '/favicon.svg'])
      expect(pageOf(file), file).toBe(file);
  });

  it('rewrites the request CloudFront hands it (cloudfront-js-2.0 handler)', () => {
    const context = vm.createContext({});
    vm.runInContext(SPA_FALLBACK_CODE, context);
    const request = { uri: '/verify', querystring: {}, headers: {} };
    expect(context.handler({ request })).toEqual({ ...request, uri: '/verify.html' });
  });
});
