import { ADMIN_TIME_ZONE } from '#shared/admin.ts';

/** The ways staff see a time, all in Vancouver's time zone (001 §2). */
const STYLES = {
  /** `2026-01-15, 12:30:00 PST`: staff lists, pages and exports. */
  stamp: {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'short',
  },
  /** `Jan 15, 2026, 12:30 p.m.`: inside a sentence. */
  sentence: { dateStyle: 'medium', timeStyle: 'short' },
  /** `2026-01-15`: a calendar day. */
  day: { year: 'numeric', month: '2-digit', day: '2-digit' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

export type VancouverStyle = keyof typeof STYLES;

// Made on first use: a formatter with a time zone loads ICU's zone data, 70–85 ms of a cold
// start if made at import.
const made = new Map<VancouverStyle, Intl.DateTimeFormat>();
function formatter(style: VancouverStyle): Intl.DateTimeFormat {
  let format = made.get(style);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone: ADMIN_TIME_ZONE, ...STYLES[style] });
    made.set(style, format);
  }
  return format;
}

/** A time as Vancouver reads it; an empty value stays empty, an unreadable one as it came. */
export function vancouverTime(
  value: Date | string | number | undefined,
  style: VancouverStyle = 'stamp',
): string {
  if (value === undefined || value === '') return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? String(value) : formatter(style).format(date);
}

/** The stamp's parts without the zone's name: a wall clock's fields to read one by one. */
const { timeZoneName: _zone, ...wallClockParts } = STYLES.stamp;

let inputFormat: Intl.DateTimeFormat | undefined;
const inputParts = () =>
  (inputFormat ??= new Intl.DateTimeFormat('en-CA', {
    timeZone: ADMIN_TIME_ZONE,
    ...wallClockParts,
  }));

/** Vancouver's wall clock at `ms`, read as if it were UTC: its difference to `ms` is the offset. */
function wallClockAsUtc(ms: number): number {
  const parts = Object.fromEntries(
    inputParts()
      .formatToParts(new Date(ms))
      .map((p) => [p.type, p.value]),
  );
  return Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
}

/**
 * A time as a staff `datetime-local` field holds it: Vancouver's wall clock (`2026-11-29T18:00`,
 * seconds only when not zero), whatever the zone of the computer showing the field.
 */
export function vancouverInput(value: Date | string | number): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const text = new Date(wallClockAsUtc(date.getTime())).toISOString();
  return text.slice(16, 19) === ':00' ? text.slice(0, 16) : text.slice(0, 19);
}

/**
 * A staff `datetime-local` value, Vancouver's wall clock, as the instant it names (ISO, UTC);
 * undefined for a value that is no time. In the hour the clocks go back, the earlier of the two
 * instants; a wall time the clocks skip is read with the offset before the change.
 */
export function fromVancouverInput(value: string): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/.exec(value);
  if (!match) return undefined;
  const [, y, mo, d, h, mi, s = '0'] = match;
  const wall = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  if (Number.isNaN(wall)) return undefined;
  // The offset at the wall time read as UTC is at most a day off; the offset at the first guess
  // is the right one unless a change lies between them, hence the second look.
  const first = wall - (wallClockAsUtc(wall) - wall);
  const second = wall - (wallClockAsUtc(first) - first);
  const earlier = Math.min(first, second);
  return new Date(wallClockAsUtc(earlier) === wall ? earlier : Math.max(first, second)).toISOString();
}
