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
  isCalendarDay,
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

describe('reading a code (docs/passport.md, The code: what a verifier MUST refuse)', () => {
  const valid = {
    pieceId: 'p-1',
    number: 3,
    of: 12,
    collection: 'Soirée',
    issued: '2026-11-30',
    digest: 'A'.repeat(22),
    kid: 'AbCdEfGhIjK',
  };
  const code = (body: string) => codeText(body, signature);
  const body = codeBody(valid);

  it('reads a code on a real calendar day, the last of a month and 29 February of a leap year', () => {
    expect(parseCode(code(body))).toMatchObject({ ...valid, signed: body });
    expect(parseCode(code(codeBody({ ...valid, issued: '2028-02-29' })))?.issued).toBe('2028-02-29');
    expect(parseCode(code(codeBody({ ...valid, number: 999_999, of: 999_999 })))?.number).toBe(999_999);
    expect(parseCode(code(codeBody({ ...valid, number: 1, of: 1 })))?.of).toBe(1);
  });

  it('refuses a day that is not in the calendar (20261131, 20260229, month 00 or 13, day 00 or 32)', () => {
    for (const date of [
      '20261131',
      '20260229',
      '20260010',
      '20261301',
      '20261100',
      '20261232',
      '2026113',
      '202611300',
    ])
      expect(parseCode(code(body.replace('.20261130.', `.${date}.`))), date).toBeUndefined();
  });

  it('refuses a number of 0, above the collection’s size, with a leading zero or over six digits, and a size of 0', () => {
    for (const [n, of] of [
      ['0', '12'],
      ['13', '12'],
      ['03', '12'],
      ['3', '012'],
      ['1', '0'],
      ['0', '0'],
      ['1', '1000000'],
      ['-1', '12'],
      ['1e1', '12'],
    ])
      expect(parseCode(code(body.replace('.3.12.', `.${n}.${of}.`))), `${n} of ${of}`).toBeUndefined();
  });

  it('refuses a collection of more than 40 characters, an empty piece id, a code of 238 characters', () => {
    const long = body.replace('.Soir%C3%A9e.', `.${'x'.repeat(41)}.`);
    expect(parseCode(code(long))).toBeUndefined();
    expect(parseCode(code(body.replace('.Soir%C3%A9e.', `.${'x'.repeat(40)}.`)))?.collection).toBe(
      'x'.repeat(40),
    );
    expect(parseCode(code(body.replace('.p-1.', '..')))).toBeUndefined();
    const padded = body.replace('.p-1.', `.${'p'.repeat(CODE_MAX_LENGTH - code(body).length + 4)}.`);
    expect(code(padded).length).toBe(CODE_MAX_LENGTH + 1);
    expect(parseCode(code(padded))).toBeUndefined();
    expect(parseCode(code(padded.replace('.pp', '.p')))).toBeDefined();
  });

  it('knows the calendar: leap years by the Gregorian rule', () => {
    expect(['2000-02-29', '2024-02-29', '2026-12-31', '0001-01-01'].every(isCalendarDay)).toBe(true);
    expect(
      ['1900-02-29', '2100-02-29', '2026-04-31', '2026-11-31', '2026-1-01', '20261130'].some(isCalendarDay),
    ).toBe(false);
  });
});
