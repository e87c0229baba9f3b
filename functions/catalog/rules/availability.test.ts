import { describe, expect, it } from 'vitest';
import { isAvailable } from './availability.ts';

describe('isAvailable', () => {
  const now = 1_000_000;
  it('is true for an unsold piece nobody holds', () => expect(isAvailable({ status: 1 }, now)).toBe(true));
  it('is false for a sold piece', () => expect(isAvailable({ status: 0 }, now)).toBe(false));
  it('is false while a hold runs', () =>
    expect(isAvailable({ status: 1, holdUntil: now + 1 }, now)).toBe(false));
  it('is true once the hold ran out', () =>
    expect(isAvailable({ status: 1, holdUntil: now }, now)).toBe(true));
});
