import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { CONTENT_PATHS, type PublicPage, pageKey, pagePath } from '#shared/pages/public-pages.ts';
import { edgeQuery, loadSpaFallback, SPA_FALLBACK_CODE } from './spa-fallback.ts';

describe('the web behaviour’s viewer-request function', () => {
  const pageOf = loadSpaFallback();
  const at = (address: string) => {
    const url = new URL(address, 'https://shop.example');
    return pageOf(url.pathname, edgeQuery(url.searchParams));
  };

  it('serves /verify from verify.html, every other client route from index.html, files as they are', () => {
    expect(pageOf('/verify')).toBe('/verify.html');
    expect(pageOf('/verify/')).toBe('/verify.html');
    for (const route of [
      '/',
      '/products/productdetails',
      '/verify/more',
      '/verifying',
      '/checkout',
      '/admin',
    ])
      expect(pageOf(route), route).toBe('/index.html');
    for (const file of ['/assets/verify-1a2b.js', '/verify-sw.js', '/verify.html', '/favicon.svg'])
      expect(pageOf(file), file).toBe(file);
  });

  it('serves each public page at its canonical address from its rendered file (shared/pages/public-pages.ts)', () => {
    const pages: PublicPage[] = [
      { kind: 'home' },
      { kind: 'list', gender: 0 },
      { kind: 'list', gender: 1 },
      { kind: 'piece', productId: 'p-aurora-08' },
      { kind: 'draws' },
      { kind: 'draw', drawId: 'd-AAAAAAAAAAAAAAAAAAAAAA' },
      { kind: 'collection', typeId: 't-aurora', gender: 0, single: false },
      { kind: 'collection', typeId: 't_aurora', gender: 1, single: false },
      { kind: 'collection', typeId: 'T-singles', gender: 0, single: true },
      { kind: 'collection', typeId: 'T-singles', gender: 1, single: true },
      ...CONTENT_PATHS.map((path): PublicPage => ({ kind: 'content', path })),
    ];
    for (const page of pages) expect(at(pagePath(page)), pagePath(page)).toBe(`/${pageKey(page)}`);
    // The edge's list of content pages is the renderer's, written into its code.
    const edgeContent = /var CONTENT_PATHS = (\[[^\]]*\]);/.exec(SPA_FALLBACK_CODE)?.[1];
    expect(JSON.parse(edgeContent ?? '[]')).toEqual([...CONTENT_PATHS]);
  });

  it('serves the app, not a rendered page, for any other address of a page (another query, a strange id)', () => {
    for (const address of [
      '/products/productdetails?productId=p-aurora-08&utm_source=mail',
      '/products/productdetails?productId=p-aurora-08&type=t-aurora&type=t-other',
      '/products/productdetails?productId=p-aurora-08&gender=3',
      '/products/productdetails?productId=p-aurora-08&areaAmount=two',
      '/products/productdetails?productId=p-aurora-08&singleProduct=yes',
      '/products/productdetails?productId=p-aurora-08&size=%3Cb%3E',
      '/products/productdetails?productId=p-aurora-08&constructor=x',
      '/products/productdetails?productId=p-aurora-08&productId=p-aurora-08',
      '/products/productdetails?type=t-aurora',
      '/products/productdetails?type=t-aurora&gender=0',
      '/products/productdetails?productId=p-aurora-08&productId=p-other',
      '/products/productdetails?productId=..%2F..%2Findex',
      '/home?utm_source=mail',
      '/women/?x=1',
      '/draw/..',
      '/draw/d-1/enter',
      '/products/productrelated?type=t-aurora',
      '/products/productrelated?gender=0',
      '/products/productrelated?type=t-aurora&gender=2',
      '/products/productrelated?type=t-aurora&gender=0&areaAmount=2',
      '/products/productrelated?type=t-aurora&gender=0&singleProduct=false',
      '/products/productrelated?type=t-aurora&gender=0&gender=1',
      '/products/productrelated?type=t-aurora&type=t-b',
      '/products/productrelated?type=..%2Findex&gender=0',
      '/products/productrelated?type=&gender=0',
      '/products/productrelated?type=t-aurora&size=M',
      '/products/singleproducts?type=t-aurora&gender=01',
      '/products/singleproducts?type=t-aurora&gender=0&areaAmount=0',
      '/products/sizepicker?type=t-aurora&gender=0',
    ])
      expect(at(address), address).toBe('/index.html');
  });

  it('serves a piece’s rendered file for the address the app writes: productId and its known inputs, each once', () => {
    const file = '/pages/pieces/p-aurora-08.html';
    for (const address of [
      // As navTarget writes them (web/src/features/picking/color-picker.tsx, single-products.tsx).
      '/products/productdetails?productId=p-aurora-08&type=t-aurora&areaAmount=3&gender=0&size=M',
      '/products/productdetails?productId=p-aurora-08&type=t-aurora&areaAmount=1&gender=1&singleProduct=true',
      '/products/productdetails?type=t-aurora&productId=p-aurora-08&singleProduct=false',
      '/products/productdetails?productId=p-aurora-08&size=10.5',
      '/products/productdetails?productId=p-aurora-08&size=one+size',
      '/products/productdetails?productId=p-aurora-08&gender=2',
    ])
      expect(at(address), address).toBe(file);
    // As CloudFront hands the query to the function (its values as the viewer wrote them).
    expect(
      pageOf('/products/productdetails', {
        productId: { value: 'p-aurora-08' },
        type: { value: 't-aurora' },
        size: { value: 'one%20size' },
      }),
    ).toBe(file);
  });

  it('takes a collection page’s two parameters in either order', () => {
    expect(at('/products/productrelated?gender=1&type=t-aurora')).toBe(
      '/pages/collections/t-aurora/men.html',
    );
    expect(at('/products/singleproducts?gender=0&type=t1')).toBe('/pages/singles/t1/women.html');
  });

  it('rewrites the request CloudFront hands it (cloudfront-js-2.0 handler)', () => {
    const context = vm.createContext({});
    vm.runInContext(SPA_FALLBACK_CODE, context);
    const request = { uri: '/verify', querystring: {}, headers: {} };
    expect(context.handler({ request })).toEqual({ ...request, uri: '/verify.html' });
    const piece = {
      uri: '/products/productdetails',
      querystring: { productId: { value: 'p-1' } },
      headers: {},
    };
    expect(context.handler({ request: piece }).uri).toBe('/pages/pieces/p-1.html');
    const collection = {
      uri: '/products/productrelated',
      querystring: { type: { value: 't-1' }, gender: { value: '0' } },
      headers: {},
    };
    expect(context.handler({ request: collection }).uri).toBe('/pages/collections/t-1/women.html');
  });
});
