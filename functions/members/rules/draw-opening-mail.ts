import { ADMIN_TIME_ZONE } from '#shared/admin.ts';

/**
 * The mail telling members a release draw opens (template 'draw-opening'): the piece, the entry
 * window in words a person reads, in the shop's zone and named (never an ISO time), and the
 * draw's page. Pure: no AWS.
 */
export interface DrawOpeningContent {
  pieceName: string;
  opensAt: string;
  closesAt: string;
  drawLink: string;
}

/** The shop's zone as the mail names it. */
export const WINDOW_ZONE_NAME = 'Pacific time (Vancouver)';

const parts = (at: Date, withYear: boolean) => {
  const read = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat('en-GB', { timeZone: ADMIN_TIME_ZONE, ...options }).format(at);
  const day = read({
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    ...(withYear ? { year: 'numeric' } : {}),
  });
  return { day: day.replace(',', ''), time: read({ hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }) };
};

/**
 * The window as a person reads it: `Sunday 29 November, 18:00 – 20:00 Pacific time (Vancouver)`,
 * or with both days when it spans more than one (`Sunday 29 November, 18:00 – Tuesday 1
 * December, 20:00 …`); the year only when the window is not in the year of `now`.
 */
export function windowInWords(opensAt: string, closesAt: string, now: Date): string {
  const year = (at: Date) =>
    new Intl.DateTimeFormat('en-GB', { timeZone: ADMIN_TIME_ZONE, year: 'numeric' }).format(at);
  const opens = new Date(opensAt);
  const closes = new Date(closesAt);
  const withYear = year(opens) !== year(now) || year(closes) !== year(now);
  const from = parts(opens, withYear);
  const to = parts(closes, withYear);
  const end = from.day === to.day ? to.time : `${to.day}, ${to.time}`;
  return `${from.day}, ${from.time} – ${end} ${WINDOW_ZONE_NAME}`;
}

export function drawOpeningMailData(
  content: DrawOpeningContent,
  unsubscribeLink: string,
  now: Date,
): Record<string, string> {
  return {
    pieceName: content.pieceName,
    window: windowInWords(content.opensAt, content.closesAt, now),
    drawLink: content.drawLink,
    unsubscribeLink,
  };
}
