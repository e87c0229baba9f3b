/**
 * The HTML part of every mail, made from its text part (mail-templates.ts), so the two always say
 * the same. SES renders a template's `{{name}}` without escaping (the local stand-in too), so the
 * HTML part never reads a value as given: it reads `{{{html.name}}}`, the copy of the value that
 * `htmlData` escaped before sending (triple braces: escaped once, whether or not a renderer
 * escapes). A name like `<script>` or `Tom & Jerry` shows as written and runs nothing.
 */

/** What a value becomes in HTML text or in a quoted attribute. */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** Every value of a mail's data, escaped for its HTML part (sent as `html` beside the values). */
export function htmlData(data: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(data).map(([name, value]) => [name, escapeHtml(value)]));
}

/** A template's picture: the data holding its absolute address, and the one holding its alt text. */
export interface MailPicture {
  src: string;
  alt: string;
}

/** A value that is an address: shown as a link to itself. */
const LINK_NAME = /(link|Link|Url)$/;
const TOKEN = /(\{\{[#/]?[\w. ]+\}\})/;
const VALUE = /^\{\{([\w.]+)\}\}$/;

const value = (name: string) => `{{{html.${name}}}}`;

function lineHtml(line: string): string {
  return line
    .split(TOKEN)
    .map((part) => {
      const name = VALUE.exec(part)?.[1];
      if (name === 'else') return part;
      if (name)
        return LINK_NAME.test(name)
          ? `<a href="${value(name)}" style="${LINK}">${value(name)}</a>`
          : value(name);
      // `{{#if …}}`, `{{/if}}` stay as they are: their condition reads the raw value.
      return TOKEN.test(part) ? part : escapeHtml(part);
    })
    .join('');
}

const FONT = "font-family:Georgia,'Times New Roman',serif";
const PARAGRAPH = 'margin:0 0 16px;white-space:pre-line;overflow-wrap:anywhere';
const LINK = 'color:#1a1a1a;text-decoration:underline;word-break:break-all';
const SET_APART =
  'margin:0 0 16px;padding:12px 16px;background:#f6f4f0;font-family:Menlo,Consolas,monospace;font-size:15px;word-break:break-all';

/**
 * The HTML part of a text part: its paragraphs (lines between blank ones, joined by line breaks),
 * a line indented by four spaces (a password, a salt) set apart, addresses as links, the
 * picture (if the mail has one) first, in the shop's quiet layout.
 */
export function htmlPart(text: readonly string[], picture?: MailPicture): string {
  const paragraphs: string[][] = [[]];
  for (const line of text) {
    const current = paragraphs[paragraphs.length - 1] as string[];
    if (line === '') paragraphs.push([]);
    else if (line.startsWith('    ')) paragraphs.push([line], []);
    else current.push(line);
  }
  const body = paragraphs
    .filter((lines) => lines.length > 0)
    .map((lines) =>
      lines.length === 1 && lines[0]?.startsWith('    ')
        ? `<p style="${SET_APART}">${lineHtml(lines[0].trim())}</p>`
        : `<p style="${PARAGRAPH}">${lines.map(lineHtml).join('<br>')}</p>`,
    );
  const image = picture
    ? `{{#if ${picture.src}}}<img src="${value(picture.src)}" alt="${value(picture.alt)}" width="512" style="display:block;width:100%;max-width:512px;height:auto;margin:0 0 24px;border:0">{{/if}}`
    : '';
  return [
    '<!DOCTYPE html>',
    '<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"></head>',
    `<body style="margin:0;padding:0;background:#f6f4f0">`,
    `<div style="max-width:560px;margin:0 auto;padding:32px 24px;background:#ffffff;color:#1a1a1a;${FONT};font-size:16px;line-height:1.6">`,
    `<p style="margin:0 0 24px;font-size:12px;letter-spacing:0.2em;text-transform:uppercase">${value('shop')}</p>`,
    image,
    ...body,
    '</div></body></html>',
  ].join('\n');
}
