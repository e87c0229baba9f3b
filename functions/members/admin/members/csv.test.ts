import { describe, expect, it } from 'vitest';
import { csvCell, toCsv, vancouverTime } from './csv.ts';

describe('the members CSV', () => {
  it('quotes every cell and doubles quotes', () => {
    expect(csvCell('a@b.co')).toBe('"a@b.co"');
    expect(csvCell('say "hi"@b.co')).toBe('"say ""hi""@b.co"');
    expect(csvCell('a,b\nc')).toBe('"a,b\nc"');
    expect(csvCell(undefined)).toBe('""');
  });

  it.each(['=1+1@x.co', '+1@x.co', '-2@x.co', '@sum@x.co', '\tcmd@x.co', '\rcmd@x.co'])(
    'neutralises a cell a spreadsheet would run as a formula: %j',
    (value) => {
      expect(csvCell(value)).toBe(`"'${value}"`);
    },
  );

  it('keeps a formula character that is not at the start', () => {
    expect(csvCell('a=1@x.co')).toBe('"a=1@x.co"');
  });

  it('writes CRLF rows after a byte-order mark', () => {
    expect(toCsv([['email'], ['a@b.co']])).toBe('\uFEFF"email"\r\n"a@b.co"\r\n');
  });

  it('shows times in Vancouver', () => {
    expect(vancouverTime('2026-01-15T20:30:00.000Z')).toMatch(/^2026-01-15,? 12:30:00 PST$/);
    expect(vancouverTime('2026-07-15T20:30:00.000Z')).toMatch(/^2026-07-15,? 13:30:00 PDT$/);
  });
});
