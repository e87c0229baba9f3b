import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { drawOpeningMailData } from '#members/rules/draw-opening-mail.ts';
import { releaseMailData } from '#members/rules/release-mail.ts';
import { termsNoticeMailData } from '#members/rules/terms-notice-mail.ts';
import { mailRequest } from '#platform/mail.ts';
import { escapeHtml } from '#platform/mail-html.ts';
import { MAIL_TEMPLATES, type MailTemplate, templateContent } from '#platform/mail-templates.ts';

/** The SES stand-in's own renderer (Handlebars as SES runs it: no escaping, no custom helpers). */
const { compileTemplateParts } = createRequire(import.meta.url)(
  'aws-ses-v2-local/dist/v2/renderTemplate.js',
) as {
  compileTemplateParts(
    parts: { Subject: string; Text: string; Html: string },
    options?: { strict?: boolean },
  ): (data: unknown) => { subject: string; text: string; html: string };
};

const TEMPLATES = Object.keys(MAIL_TEMPLATES) as MailTemplate[];
const HOSTILE = '<script>alert(1)</script> & "Tom" \'n\' Jerry';
/** An ISO time as a machine writes it (`2026-11-28T22:26:48.036Z`), or a bare ISO date. */
const ISO_TIME = /\d{4}-\d{2}-\d{2}(T\d{2}:\d{2})?/;

/** Every name a template reads (`{{name}}`, `{{#if name}}`). */
function namesOf(template: MailTemplate): string[] {
  const { subject, text } = MAIL_TEMPLATES[template];
  const source = [subject, ...text].join('\n');
  return [...new Set([...source.matchAll(/\{\{(?:#if )?(\w+)\}\}/g)].map((m) => m[1] as string))].filter(
    (name) => name !== 'else',
  );
}

/** The mail as the stand-in (and SES) renders it from the request the shop sends. */
function rendered(template: MailTemplate, data: Record<string, string>) {
  const request = mailRequest({ to: 'a@example.com', template, data }, [], 'shop@x.example', 'p');
  const { subject, text, html } = templateContent(template);
  return compileTemplateParts(
    { Subject: subject, Text: text, Html: html },
    { strict: true },
  )(JSON.parse(request.Content?.Template?.TemplateData ?? '{}'));
}

describe('every mail has a text part and an HTML part', () => {
  it.each(TEMPLATES)('%s: both parts; the HTML escapes every value it shows', (template) => {
    const data = Object.fromEntries(namesOf(template).map((name) => [name, `${name} ${HOSTILE}`]));
    const mail = rendered(template, data);
    expect(mail.text.length).toBeGreaterThan(20);
    expect(mail.html).toMatch(/^<!DOCTYPE html>/);
    // The text part shows the values as typed; the HTML part only ever escaped.
    expect(mail.text).toContain(HOSTILE);
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('"Tom"');
    expect(mail.html).toContain(escapeHtml(HOSTILE));
  });

  it('reads no value raw in an HTML part: only the escaped copies (`{{{html.name}}}`)', () => {
    for (const template of TEMPLATES) {
      const { html } = templateContent(template);
      const reads = [...html.matchAll(/\{\{\{?([^#/}][^}]*)\}?\}\}/g)].map((m) => m[0]);
      for (const read of reads) expect(read, template).toMatch(/^(\{\{\{html\.\w+\}\}\}|\{\{else\}\})$/);
    }
  });

  it('shows the piece’s picture, with its name as alt text, in the order and win mails', () => {
    for (const template of ['order-confirmation', 'draw-won'] as const) {
      const data = Object.fromEntries(namesOf(template).map((name) => [name, name]));
      const mail = rendered(template, {
        ...data,
        productName: 'Opaline & Coat',
        pictureLink: 'https://shop.example/media/collection_images/pieces/coat/960w.jpg',
      });
      expect(mail.html).toContain(
        '<img src="https://shop.example/media/collection_images/pieces/coat/960w.jpg" alt="Opaline &amp; Coat"',
      );
      expect(rendered(template, { ...data, pictureLink: '' }).html).not.toContain('<img');
    }
  });
});

describe('no mail writes an ISO time', () => {
  it('holds none in any template’s fixed words', () => {
    for (const template of TEMPLATES) {
      const { subject, text, html } = templateContent(template);
      expect(`${subject}\n${text}\n${html}`, template).not.toMatch(ISO_TIME);
    }
  });

  it('gives the times its builders put in mails in words, with the zone', () => {
    const now = new Date('2026-11-28T20:00:00.000Z');
    const built = {
      'terms-notice': termsNoticeMailData(
        { version: '3', effectiveDate: '2027-01-15', summary: 's', termsLink: 'https://x/terms' },
        'https://x/u',
      ),
      'draw-opening': drawOpeningMailData(
        {
          pieceName: 'p',
          opensAt: '2026-11-28T22:00:00.000Z',
          closesAt: '2026-11-28T22:22:00.000Z',
          drawLink: 'https://x/d',
        },
        'https://x/u',
        now,
      ),
      'member-release': releaseMailData(
        { subject: 's', text: 't', announces: 'event', eventTitle: 'Show', eventDate: '2026-12-12' },
        'https://x/u',
      ),
    } as const;
    for (const [template, data] of Object.entries(built) as [MailTemplate, Record<string, string>][]) {
      const mail = rendered(template, {
        ...Object.fromEntries(namesOf(template).map((n) => [n, n])),
        ...data,
      });
      expect(mail.text, template).not.toMatch(ISO_TIME);
      expect(mail.html, template).not.toMatch(ISO_TIME);
    }
    expect(built['terms-notice'].effectiveDate).toBe('15 January 2027');
  });
});
