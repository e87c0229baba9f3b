const UNITS = [
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
] as const;

/** How long ago `at` was, in whole units, as staff read an age: `3 days ago`, `1 hour ago`, `just now`. */
export function timeAgo(at: string | number, now: number): string {
  const seconds = Math.max(0, Math.floor((now - new Date(at).getTime()) / 1000));
  for (const [unit, size] of UNITS) {
    const count = Math.floor(seconds / size);
    if (count >= 1) return `${count} ${unit}${count === 1 ? '' : 's'} ago`;
  }
  return 'just now';
}

/** How long until `until` (epoch ms), in whole units rounded down, or `less than a minute`. */
export function timeLeft(until: number, now: number): string {
  const seconds = Math.max(0, Math.floor((until - now) / 1000));
  for (const [unit, size] of UNITS) {
    const count = Math.floor(seconds / size);
    if (count >= 1) return `${count} ${unit}${count === 1 ? '' : 's'}`;
  }
  return 'less than a minute';
}
