import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { loadPageStatus, PAGE_RESPONSE_CODE } from './page-response.ts';

describe('the web behaviour’s viewer-response function', () => {
  const run = (statusCode: number, headers: Record<string, { value: string }>) => {
    const context = vm.createContext({});
    vm.runInContext(PAGE_RESPONSE_CODE, context);
    return context.handler({ request: { uri: '/pages/pieces/p-1.html' }, response: { statusCode, headers } });
  };

  it('answers a gone page with its status, and shows nothing of the metadata', () => {
    const gone = run(200, { 'x-amz-meta-status': { value: '404' }, 'content-type': { value: 'text/html' } });
    expect(gone.statusCode).toBe(404);
    expect(gone.headers).toEqual({ 'content-type': { value: 'text/html' } });
  });

  it('leaves a page that is there, any other status, and anything S3 did not answer 200 as they are', () => {
    expect(run(200, { 'x-amz-meta-status': { value: '200' } })).toMatchObject({
      statusCode: 200,
      headers: {},
    });
    expect(run(200, { 'x-amz-meta-status': { value: '302' } }).statusCode).toBe(200);
    expect(run(304, { 'x-amz-meta-status': { value: '404' } }).statusCode).toBe(304);
    expect(run(200, {}).statusCode).toBe(200);
  });

  it('gives the local gateway the same rule', () => {
    const status = loadPageStatus();
    expect([status('404'), status('410'), status('200'), status('abc'), status(undefined)]).toEqual([
      404,
      410,
      undefined,
      undefined,
      undefined,
    ]);
  });
});
