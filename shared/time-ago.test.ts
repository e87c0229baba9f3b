import { describe, expect, it } from 'vitest';
import { timeAgo, timeLeft } from './time-ago.ts';

const now = Date.UTC(2026, 10, 27, 12, 0, 0);

describe('timeAgo', () => {
  it('says the largest whole unit', () => {
    expect(timeAgo(now - 20_000, now)).toBe('just now');
    expect(timeAgo(now - 60_000, now)).toBe('1 minute ago');
    expect(timeAgo(now - 59 * 60_000, now)).toBe('59 minutes ago');
    expect(timeAgo(new Date(now - 3 * 3_600_000 - 5).toISOString(), now)).toBe('3 hours ago');
    expect(timeAgo(now - 86_400_000, now)).toBe('1 day ago');
    expect(timeAgo(now - 6.5 * 86_400_000, now)).toBe('6 days ago');
  });

  it('a time ahead of the clock is just now', () => {
    expect(timeAgo(now + 5_000, now)).toBe('just now');
  });
});

describe('timeLeft', () => {
  it('rounds down to the largest whole unit', () => {
    expect(timeLeft(now + 7 * 86_400_000, now)).toBe('7 days');
    expect(timeLeft(now + 86_400_000 - 1, now)).toBe('23 hours');
    expect(timeLeft(now + 90_000, now)).toBe('1 minute');
    expect(timeLeft(now + 10_000, now)).toBe('less than a minute');
    expect(timeLeft(now - 10_000, now)).toBe('less than a minute');
  });
});
