import { describe, expect, it } from 'vitest';
import { codeBody } from '#shared/passport/code.ts';
import * as z from '#shared/zod.ts';
import { checkpointBodyFields, codeBodyFields, signRequestSchema } from './sign-request.ts';

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

describe('the checkpoint bodies the signer accepts (before it compares them with the head)', () => {
  const root = Buffer.alloc(32, 7).toString('base64');
  const checkpoint = `shop.example/passport/log\n41\n${root}\n`;

  it('a note body as checkpointBody writes it', () => {
    expect(checkpointBodyFields(checkpoint)).toEqual({ origin: 'shop.example/passport/log', size: 41, root });
    expect(accepts({ kind: 'checkpoint', body: checkpoint })).toBe(true);
  });

  it('nothing else: a signed note, a short root, a leading zero, extra lines, no final newline', () => {
    for (const text of [
      `${checkpoint}\n— shop.example/passport/log AAAA\n`,
      checkpoint.replace(root, Buffer.alloc(31, 7).toString('base64')),
      checkpoint.replace('\n41\n', '\n041\n'),
      `${checkpoint}extension\n`,
      checkpoint.slice(0, -1),
      checkpoint.replace('shop.example', 'shop example'),
    ]) {
      expect(checkpointBodyFields(text), text).toBeUndefined();
      expect(accepts({ kind: 'checkpoint', body: text }), text).toBe(false);
    }
  });
});
