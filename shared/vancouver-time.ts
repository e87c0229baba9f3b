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
