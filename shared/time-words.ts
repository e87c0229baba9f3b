import { ADMIN_TIME_ZONE } from '#shared/admin.ts';

/**
 * The one rule for a time a shopper or member reads (pages, mails): in the shop's zone
 * (America/Vancouver, as staff see times: 001 §2), in words, with the zone named; never an ISO
 * time, never the zone of whatever computer shows it. Staff lists keep shared/vancouver-time.ts's
 * stamps, which name the zone too.
 */
export const SHOP_ZONE_NAME = 'Pacific time (Vancouver)';

const read = (at: Date, options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: ADMIN_TIME_ZONE, ...options }).format(at);

const yearOf = (at: Date) => read(at, { year: 'numeric' });

function parts(at: Date, withYear: boolean) {
  const day = read(at, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    ...(withYear ? { year: 'numeric' } : {}),
  });
  return {
    day: day.replace(',', ''),
    time: read(at, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }),
  };
}

/** `Sunday 29 November, 18:00 Pacific time (Vancouver)`; the year only when not `now`'s. */
export function momentInWords(at: string | Date, now: Date = new Date()): string {
  const when = new Date(at);
  const { day, time } = parts(when, yearOf(when) !== yearOf(now));
  return `${day}, ${time} ${SHOP_ZONE_NAME}`;
}

/** `18:00 Pacific time (Vancouver)`: a time on a day the sentence already names. */
export function timeInWords(at: string | Date): string {
  return `${parts(new Date(at), false).time} ${SHOP_ZONE_NAME}`;
}

/**
 * A window as a person reads it: `Sunday 29 November, 18:00 – 20:00 Pacific time (Vancouver)`,
 * or with both days when it spans more than one (`Sunday 29 November, 18:00 – Tuesday 1
 * December, 20:00 …`); the year only when the window is not in the year of `now`.
 */
export function windowInWords(
  opensAt: string | Date,
  closesAt: string | Date,
  now: Date = new Date(),
): string {
  const opens = new Date(opensAt);
  const closes = new Date(closesAt);
  const withYear = yearOf(opens) !== yearOf(now) || yearOf(closes) !== yearOf(now);
  const from = parts(opens, withYear);
  const to = parts(closes, withYear);
  const end = from.day === to.day ? to.time : `${to.day}, ${to.time}`;
  return `${from.day}, ${from.time} – ${end} ${SHOP_ZONE_NAME}`;
}

/**
 * How long until a moment, as a countdown reads it: `2 days 3 h`, `1 h 12 min`, `12 min`, `less
 * than a minute` (whole units, rounded down: never more time than is left).
 */
export function durationInWords(ms: number): string {
  const minutes = Math.floor(Math.max(0, ms) / 60_000);
  if (minutes < 1) return 'less than a minute';
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const rest = minutes % 60;
  if (days > 0) return `${days} ${days === 1 ? 'day' : 'days'}${hours > 0 ? ` ${hours} h` : ''}`;
  if (hours > 0) return `${hours} h${rest > 0 ? ` ${rest} min` : ''}`;
  return `${rest} min`;
}
