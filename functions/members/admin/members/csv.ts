/**
 * CSV as spreadsheets read it (RFC 4180): every cell quoted, quotes doubled, CRLF line ends, a
 * byte-order mark so Excel reads UTF-8. A cell that a spreadsheet would run as a formula (it
 * starts with = + - @, or a tab or carriage return) gets a leading apostrophe, so it is shown
 * as text: a member's "email" cannot become a formula on the admin's machine (CSV injection).
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: unknown): string {
  const text = value === undefined || value === null ? '' : String(value);
  const safe = FORMULA_START.test(text) ? `'${text}` : text;
  return `"${safe.replaceAll('"', '""')}"`;
}

export function toCsv(rows: readonly (readonly unknown[])[]): string {
  return `\uFEFF${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

/** Admin times are Vancouver times (001 §2). */
export { vancouverTime } from '#shared/vancouver-time.ts';
