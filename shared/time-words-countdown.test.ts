import { describe, expect, it } from 'vitest';
import { durationInWords } from './time-words.ts';

const MIN = 60_000;

describe('durationInWords (a draw page’s countdown)', () => {
  it('says at most two units, rounded down: never more time than is left', () => {
    expect(durationInWords(72 * MIN + 59_999)).toBe('1 h 12 min');
    expect(durationInWords(60 * MIN)).toBe('1 h');
    expect(durationInWords(59 * MIN + 59_000)).toBe('59 min');
    expect(durationInWords(MIN)).toBe('1 min');
    expect(durationInWords(24 * 60 * MIN)).toBe('1 day');
    expect(durationInWords((2 * 24 + 3) * 60 * MIN + 42 * MIN)).toBe('2 days 3 h');
  });

  it('says less than a minute in the last minute, and after the moment', () => {
    expect(durationInWords(59_999)).toBe('less than a minute');
    expect(durationInWords(0)).toBe('less than a minute');
    expect(durationInWords(-5_000)).toBe('less than a minute');
  });
});
