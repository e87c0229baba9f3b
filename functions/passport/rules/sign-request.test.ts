import { describe, expect, it } from 'vitest';
import { codeBody } from '#shared/passport/code.ts';
import * as z from '#shared/zod.ts';
import { codeBodyFields, signRequestSchema } from './sign-request.ts';

const fields = {
  pieceId: 'p-01.a',
  number: 8,
  of: 12,
  collection: 'Évening Gowns',
  issued: '2026-11-27',
  digest: 'AAECAwQFBgcICQoLDA0ODw',
  kid: 'AAECAwQFBgc',
};
const body = codeBody(fields);
const accepts = (event: unknown) => z.safeParse(signRequestSchema, event).success;

describe('what the passport signer signs', () => {
  it('a card code body as codeBody writes it', () => {
    expect(codeBodyFields(body)).toEqual(fields);
    expect(accepts({ kind: 'sign-code', body })).toBe(true);
  });

  it('nothing else: not a code body, a non-canonical one, an impossible day, a whole code, other kinds', () => {
    const refused = [
      '',
      'hello',
      body.replace('c1.', 'c2.'),
      // A field encoded otherwise than codeBody does ('A' as %41): the same fields, other bytes.
      body.replace('p-01%2Ea', 'p-01%2E%61'),
      body.replace('20261127', '20260230'),
      body.replace('.8.12.', '.13.12.'),
      body.replace('.8.12.', '.08.12.'),
      `${body}.${'A'.repeat(86)}`,
      codeBody({ ...fields, collection: 'x'.repeat(41) }).replace('x'.repeat(40), 'x'.repeat(41)),
      body.replace(fields.kid, 'short'),
    ];
    for (const text of refused) {
      expect(codeBodyFields(text), text).toBeUndefined();
      expect(accepts({ kind: 'sign-code', body: text }), text).toBe(false);
    }
    expect(accepts({ kind: 'sign-proof', body })).toBe(false);
    expect(accepts({ kind: 'sign-code', body, extra: 1 })).toBe(false);
    expect(accepts({ body })).toBe(false);
    expect(accepts('c1')).toBe(false);
  });
});
