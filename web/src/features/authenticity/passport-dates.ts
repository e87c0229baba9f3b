/** The passport's days and months in the portal's words, in UTC (the proofs' own clock). */
const DAY = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});
const MONTH = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** "4 december 2026" for an ISO time. */
export const passportDay = (iso: string) => DAY.format(new Date(iso)).toLowerCase();

/** "november 2026" for `YYYY-MM`. */
export const passportMonth = (month: string) => MONTH.format(new Date(`${month}-01T00:00:00Z`)).toLowerCase();
