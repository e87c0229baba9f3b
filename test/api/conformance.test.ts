import { describe, expect, it } from 'vitest';
import { answerChecker } from '../../infra/api/conformance.ts';

/**
 * The answer check of the suites (infra/api/conformance.ts, read by `npm run test:api`) on planted
 * answers: it must see an undocumented status, an extra field (which zod's CHECK_RESPONSES lets
 * through: it strips), a wrong type and a body that is not the documented type, or it could never fail.
 */
const checker = answerChecker();
const answer = (
  route: string,
  status: number,
  body: unknown,
  contentType = 'application/json; charset=utf-8',
) => {
  const [method = 'GET', path = '/'] = route.split(' ');
  return checker.check({
    method,
    pathname: `/api${path}`,
    status,
    contentType,
    body: Buffer.from(typeof body === 'string' ? body : JSON.stringify(body)),
    route,
  });
};

describe('the answer check against the OpenAPI documents', () => {
  it('knows every operation of both documents, the public files among them', () => {
    const keys = checker.operations.map((o) => o.key);
    expect(keys).toContain('GET /type');
    expect(keys).toContain('GET /orders');
    expect(keys).toContain('GET /passport/keys.json');
  });

  it('passes a documented refusal and a 200 its schema takes', () => {
    expect(answer('GET /type', 404, { message: 'not found' })).toEqual({
      route: 'GET /type',
      status: 404,
      ok: true,
    });
    expect(answer('GET /films', 200, { status: 200, films: [] })?.ok).toBe(true);
  });

  it('refuses a status the operation does not document', () => {
    expect(answer('GET /type', 418, { message: 'teapot' })).toMatchObject({
      ok: false,
      violation: 'undocumented status 418 for GET /type',
    });
  });

  it('refuses an extra field, a wrong type and a body that is not JSON, naming the path', () => {
    expect(answer('GET /films', 200, { status: 200, films: [], planted: 1 })?.violation).toMatch(
      /GET \/films breaks its schema: \/ must NOT have additional properties \(planted\)/,
    );
    expect(answer('GET /films', 200, { status: 200, films: 'none' })?.violation).toMatch(
      /breaks its schema: \/films must be array/,
    );
    expect(answer('GET /type', 404, '<html>')?.violation).toBe('the 404 body of GET /type is not JSON');
    expect(answer('GET /type', 404, 'x', 'text/html')?.violation).toMatch(
      /content type text\/html not documented/,
    );
  });

  it('finds the operation by path template when the gateway names no route (the public files)', () => {
    const seen = checker.check({
      method: 'GET',
      pathname: '/passport/keys.json',
      status: 200,
      contentType: 'application/json',
      body: Buffer.from('{}'),
    });
    expect(seen).toMatchObject({ route: 'GET /passport/keys.json', ok: false });
    expect(
      checker.check({
        method: 'GET',
        pathname: '/nowhere',
        status: 404,
        contentType: undefined,
        body: Buffer.from(''),
      }),
    ).toBeUndefined();
  });
});
