import { afterEach, describe, expect, it, vi } from 'vitest';
import { logger, safeError } from '#platform/logger.ts';
import { runInScope } from '#platform/request-scope.ts';

describe('safeError', () => {
  it('keeps what explains the error and drops the request an SDK attaches, tokens and all', () => {
    const error = Object.assign(new Error('capture refused'), {
      statusCode: 422,
      request: { headers: { authorization: 'Bearer A21AA-secret-token' } },
      raw: { secret: 'sk_live_x' },
    });
    const logged = JSON.stringify(safeError(error));
    expect(logged).toContain('capture refused');
    expect(logged).toContain('422');
    expect(logged).not.toContain('A21AA-secret-token');
    expect(logged).not.toContain('sk_live_x');
  });

  it('describes things thrown that are not errors', () => {
    expect(safeError('boom')).toEqual({ message: 'boom' });
  });
});

describe('logger', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
  });

  function captured(stream: NodeJS.WriteStream): string[] {
    const lines: string[] = [];
    vi.spyOn(stream, 'write').mockImplementation((chunk) => {
      lines.push(String(chunk));
      return true;
    });
    return lines;
  }

  it('writes one JSON line with the time, level, request id and attributes outside Lambda', () => {
    vi.stubEnv('AWS_LAMBDA_LOG_LEVEL', 'INFO');
    const out = captured(process.stdout);
    runInScope(() => logger.info('request', { statusCode: 200 }), 'catalog-get-type', 'req-1');
    expect(out).toHaveLength(1);
    const line = JSON.parse(out[0] ?? '') as Record<string, unknown>;
    expect(line).toMatchObject({
      level: 'INFO',
      requestId: 'req-1',
      message: 'request',
      service: 'boutique',
      function: 'catalog-get-type',
      statusCode: 200,
    });
    expect(Date.parse(line.timestamp as string)).not.toBeNaN();
  });

  it('sends warnings and errors to stderr and keeps the message when an attribute has the same name', () => {
    vi.stubEnv('AWS_LAMBDA_LOG_LEVEL', 'INFO');
    const err = captured(process.stderr);
    logger.error('request failed', { message: 'not this one', error: safeError(new Error('boom')) });
    const line = JSON.parse(err[0] ?? '') as { level: string; message: string; error: { stack: string } };
    expect(line.level).toBe('ERROR');
    expect(line.message).toBe('request failed');
    expect(line.error.stack).toContain('boom');
  });

  it('drops lines under the level Lambda gives the function (AWS_LAMBDA_LOG_LEVEL)', () => {
    vi.stubEnv('AWS_LAMBDA_LOG_LEVEL', 'WARN');
    const out = captured(process.stdout);
    const err = captured(process.stderr);
    logger.debug('d');
    logger.info('i');
    logger.warn('w');
    expect(out).toEqual([]);
    expect(err).toHaveLength(1);
  });

  it("hands Lambda's JSON log format the record as an object, for it to add time, level and request id", () => {
    vi.stubEnv('AWS_LAMBDA_LOG_FORMAT', 'JSON');
    vi.stubEnv('AWS_LAMBDA_LOG_LEVEL', 'INFO');
    vi.stubEnv('_X_AMZN_TRACE_ID', 'Root=1-abc');
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    const out = captured(process.stdout);
    logger.info('request', { path: '/api/type' });
    expect(out).toEqual([]);
    expect(info).toHaveBeenCalledWith({
      service: 'boutique',
      xray_trace_id: 'Root=1-abc',
      path: '/api/type',
      message: 'request',
    });
  });
});
