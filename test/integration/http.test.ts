import { describe, expect, it } from 'vitest';
import { routes } from '../../functions/routes.ts';
import { api } from '../support/api.ts';

describe('the API over HTTP', () => {
  it('answers an unknown path with a JSON 404, as API Gateway does', async () => {
    const { status, body } = await api('/no-such-endpoint');
    expect(status).toBe(404);
    expect(body).toEqual({ message: 'Not Found' });
  });

  it('refuses a malformed %-escape in a path parameter with a JSON 400, as API Gateway does', async () => {
    const { status, body } = await api('/products/%E0%A4%A');
    expect(status).toBe(400);
    expect(body).toEqual({ message: 'Bad Request' });
  });

  it('answers a known path with the wrong method with 404', async () => {
    expect((await api('/getTypeByGender?gender=0', { method: 'DELETE' })).status).toBe(404);
  });

  it('answers documented endpoints that are not built yet with 501', async () => {
    const pending = routes.find((r) => r.pending);
    if (!pending) return;
    const { status, body } = await api(pending.path.replace('{id}', 'x'), { method: pending.method });
    expect(status).toBe(501);
    expect(body).toEqual({ message: 'not implemented yet' });
  });

  it('accepts the trailing slash the spec writes for the colour calls', async () => {
    expect((await api('/getNextColor/?gender=0&index=0&typeId=none')).status).toBe(404);
  });

  it('answers JSON with nosniff; a storefront read says how long the edge may keep it, the rest no-store', async () => {
    const { headers } = await api('/getTypeByGender?gender=0');
    expect(headers['content-type']).toBe('application/json; charset=utf-8');
    expect(headers['cache-control']).toBe('public, max-age=0, s-maxage=3');
    expect(headers['x-content-type-options']).toBe('nosniff');
    const other = await api('/orders/no-such-order');
    expect(other.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(other.headers['cache-control']).toBe('no-store');
    expect(other.headers['x-content-type-options']).toBe('nosniff');
  });

  it('never answers a stack trace or internal detail for bad input', async () => {
    const probes = [
      api('/type?id=%00'),
      api('/getNextColor?gender=0&index=99999999999999999999&typeId=x'),
      api('/member', { method: 'POST', body: '[]', headers: { 'content-type': 'application/json' } }),
      api('/member', {
        method: 'POST',
        body: '{"__proto__":{"x":1},"email":"a@b.co"}',
        headers: { 'content-type': 'application/json' },
      }),
      api('/answers', { method: 'POST', body: 'null', headers: { 'content-type': 'application/json' } }),
      api(`/get-product-info?title=${'x'.repeat(5000)}&tid=t`),
    ];
    for (const answer of await Promise.all(probes)) {
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
      expect(answer.text).not.toMatch(/at .+\.ts:\d+|Error:|ValidationException|stack/);
      expect(Object.keys(answer.body)).toEqual(['message']);
    }
  });
});
