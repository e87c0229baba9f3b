import fc from 'fast-check';
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { toBase64url } from './base64url.ts';
import {
  CODE_COLLECTION_MAX,
  CODE_MAX_LENGTH,
  codeBody,
  codeCollection,
  codeText,
  parseCode,
} from './code.ts';

/** Every code the shop can sign fits 237 characters, so its link is a QR code of version 10 at most. */
const LONGEST_HOST_URL = 'https://oneofoneluxury.com/verify#';

const fields = fc.record({
  pieceId: fc.stringMatching(/^[A-Za-z0-9_-]{1,64}$/),
  number: fc.integer({ min: 1, max: 999_999 }),
  of: fc.constant(999_999),
  collection: fc.string({ unit: 'grapheme', maxLength: 60 }),
  issued: fc.constant('2026-11-27'),
  digest: fc.constant(toBase64url(new Uint8Array(16).fill(255))),
  kid: fc.constant('AbCdEfGhIjK'),
});
const signature = toBase64url(new Uint8Array(64).fill(255));

describe('the card code', () => {
  it('is at most 237 characters for any piece id and collection name, carrying the start of the name', () => {
    fc.assert(
      fc.property(fields, (f) => {
        const code = codeText(codeBody(f), signature);
        expect(code.length).toBeLessThanOrEqual(CODE_MAX_LENGTH);
        const parsed = parseCode(code);
        expect(parsed?.collection).toBe(codeCollection(f));
        expect(f.collection.startsWith(codeCollection(f))).toBe(true);
        expect([...codeCollection(f)].length).toBeLessThanOrEqual(CODE_COLLECTION_MAX);
      }),
    );
  });

  it('keeps the first 40 characters of a plain name when they fit', () => {
    const name = 'A collection whose name runs well past forty characters';
    const f = {
      pieceId: 'p-1',
      number: 1,
      of: 2,
      collection: name,
      issued: '2026-11-27',
      digest: 'A'.repeat(22),
      kid: 'AbCdEfGhIjK',
    };
    expect(codeCollection(f)).toBe(name.slice(0, 40));
  });

  it('opens on a host of 18 characters as a QR code of version 10 or less at level L', () => {
    const worst = {
      pieceId: '9'.repeat(64),
      number: 999_999,
      of: 999_999,
      collection: 'Été à l’aube — édition numérotée des ateliers de Paris',
      issued: '2026-11-27',
      digest: 'A'.repeat(22),
      kid: 'AbCdEfGhIjK',
    };
    const link = `${LONGEST_HOST_URL}${codeText(codeBody(worst), signature)}`;
    expect(QRCode.create(link, { errorCorrectionLevel: 'L' }).version).toBeLessThanOrEqual(10);
  });
});
