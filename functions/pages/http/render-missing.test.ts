import type { Context } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { type PublicPage, pageKey } from '#shared/pages/public-pages.ts';
import type { renderPage, WebFiles } from '../app/page-renderer.ts';
import { PAGE_CACHE_CONTROL } from '../app/web-files.ts';
import { type Event, renderMissingHandler } from './render-missing.ts';

/** The bucket as a map, and the app's index.html. */
function bucket() {
  const objects = new Map<string, { html: string; status: number }>();
  const files: WebFiles = {
    template: async () => '<!doctype html><div id="root"></div>',
    file: async () => '',
    put: async (key, html, status) => {
      objects.set(key, { html, status });
    },
  };
  return { objects, files: () => files };
}

/** The renderer's contract (app/page-renderer.ts): renders the page and writes it under its key. */
const fakeRenderer = (gone: (page: PublicPage) => boolean) => {
  const rendered: PublicPage[] = [];
  const render: typeof renderPage = async (page, files) => {
    rendered.push(page);
    const status = gone(page) ? 404 : 200;
    const html = status === 200 ? `<h1>${JSON.stringify(page)}</h1>` : '<h1>page not found</h1>';
    await files.put(pageKey(page), html, status);
    return { key: pageKey(page), status };
  };
  return { rendered, render };
};

const event = (path: string, method = 'GET'): Event =>
  ({
    version: '2.0',
    routeKey: '$default',
    rawPath: path,
    rawQueryString: '',
    headers: {},
    requestContext: { http: { method, path }, requestId: 'r' },
    isBase64Encoded: false,
  }) as unknown as Event;
const context = { functionName: 'pages/http/render-missing', awsRequestId: 'r' } as Context;

function setUp(gone: (page: PublicPage) => boolean = () => false) {
  const store = bucket();
  const renderer = fakeRenderer(gone);
  let readied = 0;
  const handler = renderMissingHandler({
    files: store.files,
    ready: async () => {
      readied++;
    },
    render: renderer.render,
  });
  return { store, renderer, handler, readied: () => readied };
}

describe('the edge’s on-demand renderer of a page the bucket does not hold', () => {
  it('renders the page a key names, writes it and answers it as the bucket would', async () => {
    const { store, renderer, handler, readied } = setUp();
    const answer = await handler(event('/pages/pieces/p-aurora-08.html'), context);
    expect(renderer.rendered).toEqual([{ kind: 'piece', productId: 'p-aurora-08' }]);
    expect(readied()).toBe(1);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers).toMatchObject({
      'content-type': 'text/html; charset=utf-8',
      'cache-control': PAGE_CACHE_CONTROL,
    });
    expect(answer.body).toContain('p-aurora-08');
    expect(store.objects.get('pages/pieces/p-aurora-08.html')).toEqual({ html: answer.body, status: 200 });
    // Every kind of page its key names: the home menu, a list, a content page, a draw.
    for (const [key, page] of [
      ['/pages/home.html', { kind: 'home' }],
      ['/pages/men.html', { kind: 'list', gender: 1 }],
      ['/pages/content/world/club.html', { kind: 'content', path: '/world/club' }],
      ['/pages/draws/d-1.html', { kind: 'draw', drawId: 'd-1' }],
    ] as const) {
      expect((await handler(event(key), context)).statusCode, key).toBe(200);
      expect(renderer.rendered.at(-1), key).toEqual(page);
    }
    // HEAD: the same answer without its body.
    const head = await handler(event('/pages/home.html', 'HEAD'), context);
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
  });

  it('answers a piece the shop does not have with the not-found page, 404, and writes nothing', async () => {
    const { store, handler } = setUp((page) => page.kind === 'piece' && page.productId === 'p-gone');
    const answer = await handler(event('/pages/pieces/p-gone.html'), context);
    expect(answer.statusCode).toBe(404);
    expect(answer.headers?.['content-type']).toBe('text/html; charset=utf-8');
    expect(answer.body).toContain('page not found');
    // No address fills the bucket: only pages that exist are written (a deleted piece's gone page
    // is the render job's).
    expect(store.objects.size).toBe(0);
  });

  it('refuses any path that is not a page’s key with a 404 JSON, rendering nothing', async () => {
    const { store, renderer, handler, readied } = setUp();
    for (const path of [
      '/index.html',
      '/assets/main-1a2b.js',
      '/pages/pieces/../../index.html',
      '/pages/pieces/p%2F1.html',
      '/pages/pieces/p-1.htm',
      '/pages/content/not-a-content-page.html',
      '/pages/draws/a/b.html',
      '/sitemap.xml',
      '/',
    ]) {
      const answer = await handler(event(path), context);
      expect(answer.statusCode, path).toBe(404);
      expect(answer.headers?.['content-type'], path).toMatch(/^application\/json/);
      expect(JSON.parse(answer.body ?? '{}'), path).toEqual({ message: 'Not Found' });
    }
    expect(renderer.rendered).toEqual([]);
    expect(store.objects.size).toBe(0);
    expect(readied()).toBe(0);
  });

  it('refuses a method other than GET and HEAD with a 405 JSON', async () => {
    const { handler } = setUp();
    const answer = await handler(event('/pages/home.html', 'POST'), context);
    expect(answer.statusCode).toBe(405);
    expect(answer.headers?.allow).toBe('GET, HEAD');
    expect(JSON.parse(answer.body ?? '{}')).toHaveProperty('message');
  });

  it('answers the app (index.html, never kept) when the render fails', async () => {
    const store = bucket();
    const handler = renderMissingHandler({
      files: store.files,
      ready: async () => undefined,
      render: async () => {
        throw new Error('the table is not reachable');
      },
    });
    const answer = await handler(event('/pages/home.html'), context);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers?.['cache-control']).toBe('no-store');
    expect(answer.body).toBe('<!doctype html><div id="root"></div>');
    expect(store.objects.size).toBe(0);
  });
});
