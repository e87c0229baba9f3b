/**
 * Control characters: C0 (CR, LF, tab, NUL…), DEL, C1 (NEL…) and the Unicode line and paragraph
 * separators. None belongs in a one-line value: in a mail subject or a header, CR/LF start a new
 * header (issue 36); elsewhere they break a line the page shows as one.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are what it finds.
export const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are what it replaces.
const CONTROL_RUNS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;

/** The text on one line: every run of control characters becomes one space. */
export function oneLine(text: string): string {
  return text.replace(CONTROL_RUNS, ' ').trim();
}
