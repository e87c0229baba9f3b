import { describe, expect, it } from 'vitest';
import { fromVancouverInput, vancouverInput } from './vancouver-time.ts';

/**
 * Staff type times in Vancouver's wall clock whatever the computer's zone (issue 45): the field's
 * value and the instant it names, both ways, across the clock changes.
 */
describe('a staff datetime field, in Vancouver time', () => {
  it('reads and writes Vancouver wall time, in winter and in summer', () => {
    expect(fromVancouverInput('2026-11-29T18:00')).toBe('2026-11-30T02:00:00.000Z');
    expect(fromVancouverInput('2026-07-01T12:00:30')).toBe('2026-07-01T19:00:30.000Z');
    expect(vancouverInput('2026-11-30T02:00:00.000Z')).toBe('2026-11-29T18:00');
    expect(vancouverInput('2026-07-01T19:00:30.000Z')).toBe('2026-07-01T12:00:30');
    expect(vancouverInput('2027-01-01T07:59:00.000Z')).toBe('2026-12-31T23:59');
  });

  it('goes round both ways for every hour of a year', () => {
    for (let at = Date.UTC(2026, 0, 1); at < Date.UTC(2027, 0, 1); at += 3_600_000 + 61_000) {
      const field = vancouverInput(at);
      const back = fromVancouverInput(field);
      // The repeated hour when the clocks go back is read as its first occurrence.
      if (back !== new Date(at).toISOString()) {
        expect(Date.parse(back ?? '')).toBe(at - 3_600_000);
        expect(field).toMatch(/^2026-11-01T01:/);
      }
    }
  });

  it('takes the clock changes as Vancouver has them', () => {
    // Back on 1 November 2026: 01:30 happens twice; the first (PDT).
    expect(fromVancouverInput('2026-11-01T01:30')).toBe('2026-11-01T08:30:00.000Z');
    // Forward on 8 March 2026: 02:30 never happens; read with the offset before (PST).
    expect(fromVancouverInput('2026-03-08T02:30')).toBe('2026-03-08T10:30:00.000Z');
  });

  it('refuses what is no time', () => {
    for (const wrong of ['', '2026-11-29', '29/11/2026 18:00', '2026-11-29T18', 'soon'])
      expect(fromVancouverInput(wrong), wrong).toBeUndefined();
    expect(vancouverInput('not a time')).toBe('');
  });
});
