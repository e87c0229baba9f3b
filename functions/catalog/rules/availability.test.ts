import { describe, expect, it } from 'vitest';
import { freeAgainAt, isAvailable } from './availability.ts';

describe('isAvailable', () => {
  const now = 1_000_000;
  it('is true for an unsold piece nobody holds', () => expect(isAvailable({ status: 1 }, now)).toBe(true));
  it('is false for a sold piece', () => expect(isAvailable({ status: 0 }, now)).toBe(false));
  it('is false while a hold runs', () =>
    expect(isAvailable({ status: 1, holdUntil: now + 1 }, now)).toBe(false));
  it('is true once the hold ran out', () =>
    expect(isAvailable({ status: 1, holdUntil: now }, now)).toBe(true));
});

describe('freeAgainAt', () => {
  const now = Date.UTC(2026, 10, 25, 4, 30, 10);
  it('is the hold end rounded up to the next whole minute', () =>
    expect(freeAgainAt({ status: 1, holdUntil: now + 4 * 60_000 }, now)).toBe(Date.UTC(2026, 10, 25, 4, 35)));
  it('keeps an end already on a whole minute', () =>
    expect(freeAgainAt({ status: 1, holdUntil: Date.UTC(2026, 10, 25, 4, 40) }, now)).toBe(
      Date.UTC(2026, 10, 25, 4, 40),
    ));
  it('is undefined with no hold, a hold that ran out, or a sold piece', () => {
    expect(freeAgainAt({ status: 1 }, now)).toBeUndefined();
    expect(freeAgainAt({ status: 1, holdUntil: now }, now)).toBeUndefined();
    expect(freeAgainAt({ status: 0, holdUntil: now + 60_000 }, now)).toBeUndefined();
  });
});
