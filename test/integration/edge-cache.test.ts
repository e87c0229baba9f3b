import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PRODUCT_STATUS } from '#shared/constants.ts';
import { EDGE_CACHES, staleBoundOf } from '#shared/edge-cache.ts';
import { routes } from '../../functions/routes.ts';
import { type EdgeCache, edgeCacheConfig, startEdgeCache } from '../load/edge-cache.ts';
import { getRaw } from '../support/db.ts';
import { productEntity, store, typeEntity } from '../support/fixtures.ts';
import { buyWithCard } from '../support/purchase.ts';

/**
 * The release-day cache (test/load/edge-cache.ts: nginx from Debian, configured like the
 * CloudFront behaviours from the route table) in front of the run's local stack: a storefront
 * read is kept by its own Cache-Control (s-maxage, not max-age=0), keyed by its path and its own
 * query parameters only; admin and checkout paths are never kept; a piece sold while its
 * availability is cached shows sold within the availability bound. Fails, not skips, without nginx.
 */

let edge: EdgeCache;
const type = typeEntity({ name: 'Edge Cache Atelier' });
let serial = 0;
const piece = (name: string) =>
  productEntity(type, {
    name,
    cardNumber: `57${Date.now().toString().slice(-9)}${String(serial++).padStart(5, '0')}`,
  });
const sold = piece('Edge Cache Silk Scarf');

beforeAll(async () => {
  await store({ type, products: [sold] });
  edge = await startEdgeCache({ origin: inject('baseUrl') });
});

afterAll(async () => {
  await edge?.stop();
});

const get = async (path: string, headers: Record<string, string> = {}) => {
  const answer = await fetch(`${edge.url}${path}`, { headers });
  const body = (await answer.json()) as Record<string, unknown>;
  return {
    status: answer.status,
    cache: answer.headers.get('x-cache-status') ?? '',
    body,
    headers: answer.headers,
  };
};

describe('the edge cache in front of the local stack', () => {
  it('is generated from the route table: a location per edge-cached read, keyed by its own query', () => {
    const conf = edgeCacheConfig('/tmp/x', { origin: 'http://localhost:1', port: 2, cache: true, routes });
    const cached = routes.filter((r) => r.edge);
    expect(cached.length).toBeGreaterThan(0);
    for (const route of cached) {
      const at = conf.indexOf(`# GET ${route.path}: `);
      expect(at, route.path).toBeGreaterThan(0);
      const block = conf.slice(at, conf.indexOf('\n    }', at));
      const key = /proxy_cache_key "([^"]*)";/.exec(block)?.[1] ?? '';
      // The path, then exactly the read's parameters in the table's order: nothing else.
      const names = [...key.matchAll(/[?&]([A-Za-z]+)\$edge_has_/g)].map((m) => m[1]);
      expect([route.path, names]).toEqual([route.path, [...(route.edge?.query ?? [])]]);
      // No cookie and no header in the key.
      expect(key).not.toMatch(/\$(http_|cookie_)/);
    }
    // No other route has a cached location; the rest of /api passes through.
    expect(conf.match(/proxy_cache_key "\$edge_path/g)?.length).toBe(cached.length);
  });

  it('passes every read to the origin when told not to cache (today: CloudFront caching disabled)', async () => {
    const today = await startEdgeCache({ origin: inject('baseUrl'), cache: false });
    try {
      const path = `${today.url}/api/has-sizes?id=${type.id}`;
      const answers = [await fetch(path), await fetch(path)];
      await Promise.all(answers.map((a) => a.arrayBuffer()));
      expect(answers.map((a) => [a.status, a.headers.get('x-cache-status') ?? ''])).toEqual([
        [200, ''],
        [200, ''],
      ]);
      // nginx writes its access log line after the answer: wait for it, do not race it.
      await expect.poll(() => today.readLog().lines.filter((l) => l.upstream !== '').length).toBe(2);
    } finally {
      await today.stop();
    }
  });

  it("keeps a catalogue read by its s-maxage, keyed by its path and its own query: cookies and other parameters don't split it", async () => {
    const path = `/api/has-sizes?id=${type.id}`;
    const first = await get(path);
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toContain(`s-maxage=${EDGE_CACHES.catalogue.sMaxAge}`);
    // max-age=0 would keep nothing: a HIT proves s-maxage is what nginx honours.
    expect(first.headers.get('cache-control')).toContain('max-age=0');
    expect(first.cache).toBe('MISS');
    expect((await get(path)).cache).toBe('HIT');
    // Another shopper's cookie, a tracking parameter, another order: the same key.
    expect((await get(`${path}&utm_source=mail`, { cookie: 'session=abc; theme=dark' })).cache).toBe('HIT');
    expect((await get(`/api/has-sizes?utm_campaign=release&id=${type.id}`)).cache).toBe('HIT');
    expect((await get(path, { 'accept-language': 'fr', 'x-anything': '1' })).cache).toBe('HIT');
    // A parameter the read takes is in the key.
    expect((await get(`/api/has-sizes?id=${type.id}x`)).cache).toBe('MISS');
    // Only the two keys reached the origin.
    const log = () => edge.readLog().lines.filter((l) => l.uri.startsWith('/api/has-sizes?') && l.upstream);
    await expect.poll(() => log().map((l) => l.cache)).toEqual(['MISS', 'MISS']);
  });

  it('never keeps an admin, portal or checkout answer', async () => {
    for (const path of [
      '/api/orders',
      '/api/admin',
      '/api/authenticationcard',
      '/api/type-discount?typeId=x&discountCode=y',
    ]) {
      const a = await fetch(`${edge.url}${path}`, { headers: { cookie: 'admin=not-a-session' } });
      const b = await fetch(`${edge.url}${path}`, { headers: { cookie: 'admin=not-a-session' } });
      await Promise.all([a.arrayBuffer(), b.arrayBuffer()]);
      expect([path, a.headers.get('x-cache-status') ?? '', b.headers.get('x-cache-status') ?? '']).toEqual([
        path,
        '',
        '',
      ]);
      expect(b.headers.get('cache-control')).toBe('no-store');
    }
    const start = (n: number) =>
      fetch(`${edge.url}/api/secret`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ id: `nothing-${n}` }),
      });
    const [one, two] = await Promise.all([start(1), start(2)]);
    await Promise.all([one.arrayBuffer(), two.arrayBuffer()]);
    expect(one.status).toBeGreaterThanOrEqual(400);
    expect([one.headers.get('x-cache-status') ?? '', two.headers.get('x-cache-status') ?? '']).toEqual([
      '',
      '',
    ]);
    // Every one of these reached the origin.
    const passed = () =>
      edge
        .readLog()
        .lines.filter((l) => /^\/api\/(orders|admin|authenticationcard|type-discount|secret)/.test(l.uri));
    await expect.poll(() => passed().length).toBe(10);
    expect(passed().every((l) => l.upstream !== '')).toBe(true);
  });

  it(`shows a piece sold during the test as sold within ${staleBoundOf('availability')} s (+1 s)`, async () => {
    const path = `/api/is-sold?id=${sold.id}`;
    expect((await get(path)).body).toMatchObject({ sold: false });
    const kept = await get(path);
    expect(kept).toMatchObject({ cache: 'HIT', body: { sold: false } });

    // The sale runs (checkout, card, the signed webhook) while the table and the cache are watched.
    const deadline = Date.now() + 20_000;
    let soldAt = 0;
    let shownAt = 0;
    const seen: string[] = [];
    const sale = buyWithCard(sold, 'edge-cache-buyer@example.com');
    const table = (async () => {
      while (!soldAt && Date.now() < deadline) {
        const item = await getRaw(`PRODUCT#${sold.id}`, '#PRODUCT');
        if (item?.status === PRODUCT_STATUS.sold) soldAt = Date.now();
        else await new Promise((r) => setTimeout(r, 50));
      }
    })();
    const shown = (async () => {
      while (!shownAt && Date.now() < deadline) {
        // When the shopper asked: the cache's staleness, not the origin's time to answer under
        // the other suites' load.
        const asked = Date.now();
        const answer = await get(path);
        seen.push(answer.cache);
        if (answer.body.sold === true) shownAt = asked;
        else await new Promise((r) => setTimeout(r, 100));
      }
    })();
    await Promise.all([sale, table, shown]);
    expect(soldAt).toBeGreaterThan(0);
    expect(shownAt).toBeGreaterThan(0);
    expect(shownAt - soldAt).toBeLessThanOrEqual((staleBoundOf('availability') + 1) * 1000);
    // And the cache did keep it meanwhile: the answer that said sold came after the kept one expired.
    expect(seen).toContain('HIT');
    expect(seen.at(-1)).toMatch(/^(MISS|EXPIRED)$/);
  });
});
