import { describe, expect, it } from 'vitest';
import { MAIL_TEMPLATES } from '#platform/mail-templates.ts';
import { drawOpeningMailData, windowInWords } from './draw-opening-mail.ts';
import { renderTemplate } from './release-mail.ts';

const now = new Date('2026-11-20T12:00:00.000Z');

describe('the window of a draw, in words', () => {
  it('one day: the day, both times and the zone named, no year in the year of the mail', () => {
    expect(windowInWords('2026-11-30T02:00:00.000Z', '2026-11-30T04:00:00.000Z', now)).toBe(
      'Sunday 29 November, 18:00 – 20:00 Pacific time (Vancouver)',
    );
  });

  it('over days: both days; another year: the year', () => {
    expect(windowInWords('2026-11-30T02:00:00.000Z', '2026-12-02T04:00:00.000Z', now)).toBe(
      'Sunday 29 November, 18:00 – Tuesday 1 December, 20:00 Pacific time (Vancouver)',
    );
    expect(windowInWords('2027-07-01T16:30:00.000Z', '2027-07-01T19:00:00.000Z', now)).toBe(
      'Thursday 1 July 2027, 09:30 – 12:00 Pacific time (Vancouver)',
    );
  });

  it('the mail: the piece, the window, the link, and no ISO time', () => {
    const data = drawOpeningMailData(
      {
        pieceName: 'Nocturne gown',
        opensAt: '2026-11-30T02:00:00.000Z',
        closesAt: '2026-11-30T04:00:00.000Z',
        drawLink: 'https://shop.example/draw/d-x',
      },
      'https://shop.example/unsubscribe?token=t',
      now,
    );
    const mail = renderTemplate(MAIL_TEMPLATES['draw-opening'], { ...data, shop: 'One of One' });
    expect(mail.subject).toBe('A draw for Nocturne gown, for members');
    expect(mail.text).toContain('Entries: Sunday 29 November, 18:00 – 20:00 Pacific time (Vancouver).');
    expect(mail.text).toContain('Enter on the draw’s page: https://shop.example/draw/d-x');
    expect(mail.text).toContain('one click: https://shop.example/unsubscribe?token=t');
    expect(mail.text).not.toMatch(/\d{4}-\d\d-\d\dT/);
  });
});
