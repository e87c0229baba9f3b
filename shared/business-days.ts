import { vancouverTime } from '#shared/vancouver-time.ts';

/**
 * Business days on the shop's calendar (Vancouver): Monday to Friday, except British Columbia's
 * statutory holidays (Employment Standards Act, BC). A holiday that falls on a weekend is not
 * moved to a weekday: the Act gives another day off to employees, it does not close the shop.
 * Used by the promises "a delivery email within 7 business days" (001 §1) and "size finder
 * results are reported within 7 business days" (000 §9).
 */
export const PROMISED_BUSINESS_DAYS = 7;

/** A calendar day as 'YYYY-MM-DD'. */
export type Day = string;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The Vancouver calendar day an instant falls on. */
export function dayInVancouver(at: Date | string | number): Day {
  return vancouverTime(at, 'day');
}

const toUtc = (day: Day) => Date.parse(`${day}T00:00:00Z`);
const fromUtc = (ms: number): Day => new Date(ms).toISOString().slice(0, 10);
const iso = (year: number, month: number, date: number): Day => fromUtc(Date.UTC(year, month - 1, date));

/** The n-th (1-based) weekday (0 Sunday … 6 Saturday) of a month. */
function nthWeekday(year: number, month: number, weekday: number, n: number): Day {
  const first = new Date(Date.UTC(year, month - 1, 1)).getUTCDay();
  return iso(year, month, 1 + ((weekday - first + 7) % 7) + (n - 1) * 7);
}

/** Easter Sunday (Gregorian, the anonymous algorithm of Meeus/Jones/Butcher). */
function easterSunday(year: number): Day {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const date = ((h + l - 7 * m + 114) % 31) + 1;
  return iso(year, month, date);
}

/** The last Monday strictly before 25 May (Victoria Day). */
function victoriaDay(year: number): Day {
  const may24 = Date.UTC(year, 4, 24);
  const back = (new Date(may24).getUTCDay() + 6) % 7;
  return fromUtc(may24 - back * DAY_MS);
}

/** British Columbia's statutory holidays of a year, by name. */
export function bcStatutoryHolidays(year: number): Record<string, Day> {
  return {
    "New Year's Day": iso(year, 1, 1),
    'Family Day': nthWeekday(year, 2, 1, 3),
    'Good Friday': fromUtc(toUtc(easterSunday(year)) - 2 * DAY_MS),
    'Victoria Day': victoriaDay(year),
    'Canada Day': iso(year, 7, 1),
    'British Columbia Day': nthWeekday(year, 8, 1, 1),
    'Labour Day': nthWeekday(year, 9, 1, 1),
    'National Day for Truth and Reconciliation': iso(year, 9, 30),
    'Thanksgiving Day': nthWeekday(year, 10, 1, 2),
    'Remembrance Day': iso(year, 11, 11),
    'Christmas Day': iso(year, 12, 25),
  };
}

const holidayYears = new Map<number, Set<Day>>();

export function isBusinessDay(day: Day): boolean {
  const weekday = new Date(toUtc(day)).getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  const year = Number(day.slice(0, 4));
  let holidays = holidayYears.get(year);
  if (!holidays) {
    holidays = new Set(Object.values(bcStatutoryHolidays(year)));
    holidayYears.set(year, holidays);
  }
  return !holidays.has(day);
}

/**
 * Whole business days that have passed since `since`, on Vancouver's calendar: the business days
 * after the day of `since`, up to and including the day of `now`. An order paid on a Friday is
 * 1 business day old on Monday and 7 on the Tuesday after next (no holiday in between).
 */
export function businessDaysSince(since: Date | string | number, now: Date | string | number): number {
  const from = toUtc(dayInVancouver(since));
  const to = toUtc(dayInVancouver(now));
  let count = 0;
  for (let t = from + DAY_MS; t <= to; t += DAY_MS) if (isBusinessDay(fromUtc(t))) count++;
  return count;
}

/** Older than the promise of 7 business days: overdue. */
export function isOverdue(since: Date | string | number, now: Date | string | number): boolean {
  return businessDaysSince(since, now) > PROMISED_BUSINESS_DAYS;
}
