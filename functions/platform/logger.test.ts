import { describe, expect, it } from 'vitest';
import { safeError } from '#platform/logger.ts';

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
