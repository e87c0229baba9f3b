import { beforeAll, describe, expect, inject, it } from 'vitest';
import { mailRequest, sendMail } from '#platform/mail.ts';
import { CONTROL_CHARACTERS } from '#shared/control-characters.ts';
import { SINGLE_LINE_MESSAGE } from '#shared/schemas.ts';
import { adminApi, loggedInAdmin, type TestAdmin } from '../support/admin.ts';
import { store, typeEntity, uniqueId } from '../support/fixtures.ts';
import { pointAtLocalStack } from '../support/stack-env.ts';

/**
 * Header injection from what staff type (issue 36, point 4): a CR/LF in a release subject, a
 * product or collection name would reach the SES Subject (or any header) and add a header of
 * the attacker's, e.g. a Bcc. The admin API refuses such a field; the mail layer, given one
 * anyway (stored before, or from another path), never sends it as a header.
 */
interface StoredMail {
  destination: { to: string[]; cc?: string[]; bcc?: string[] };
  subject: string;
  body: { text?: string };
  headers?: { name: string; value: string }[];
}

async function storedMail(): Promise<StoredMail[]> {
  return ((await (await fetch(`${inject('sesUrl')}/store`)).json()) as { emails: StoredMail[] }).emails;
}

const EVIL = 'evil@example.com';
/** Line breaks as each would split a header: CRLF, bare LF, bare CR, NEL, LS, and a NUL. */
const BREAKS = ['\r\n', '\n', '\r', '\u0085', '\u2028', '\u0000'];

let admin: TestAdmin;
const type = typeEntity({ name: `Header ${uniqueId('h')}`, singlecollection: true });
beforeAll(async () => {
  admin = await loggedInAdmin();
  await store({ type });
});

describe('the admin API refuses a one-line field with a line break or a control character', () => {
  for (const brk of BREAKS) {
    for (const path of ['/release-preview', '/release-test', '/releases']) {
      const shown = `New piece${brk}Bcc: ${EVIL}`;
      it(`POST ${path} with the subject ${JSON.stringify(shown)} → 400, nothing sent`, async () => {
        // Other suites mail meanwhile: only a mail of this request's own subject, or to the
        // injected address, would be this request's.
        const marker = uniqueId('New piece');
        const subject = `${marker}${brk}Bcc: ${EVIL}`;
        const sentHere = async () =>
          (await storedMail()).filter(
            (mail) =>
              mail.subject.includes(marker) ||
              [
                ...mail.destination.to,
                ...(mail.destination.cc ?? []),
                ...(mail.destination.bcc ?? []),
              ].includes(EVIL),
          ).length;
        const before = await sentHere();
        const answer = await adminApi(admin, path, {
          method: 'POST',
          json: {
            typeId: type.id,
            subject,
            text: 'A new piece.\nOne of one.',
            ...(path === '/release-test' ? { to: `${uniqueId('me')}@example.com` } : {}),
          },
        });
        expect(answer.status).toBe(400);
        expect(answer.body.message).toEqual(expect.stringContaining(SINGLE_LINE_MESSAGE));
        expect(await sentHere()).toBe(before);
      });
    }
  }

  it('the text of a release keeps its lines (only one-line fields are refused)', async () => {
    const answer = await adminApi(admin, '/release-preview', {
      method: 'POST',
      json: { typeId: type.id, subject: 'Two lines of text', text: 'First line.\nSecond line.' },
    });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.text).toEqual(expect.stringContaining('First line.\nSecond line.'));
  });

  it('a product name with CR/LF → 400 with the message, nothing stored', async () => {
    const name = `Piece ${uniqueId('p')}\r\nBcc: ${EVIL}`;
    const answer = await adminApi(admin, '/products', {
      method: 'POST',
      json: {
        name,
        priceUs: 1200,
        priceCanada: 1650,
        cardNumber: `55${Date.now().toString().slice(-9)}00001`,
        typeId: type.id,
        gender: 0,
        colors: ['black'],
        removeShipmentCharge: false,
        singleproduct: false,
        soldOnOtherPlatform: false,
      },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toEqual(expect.stringContaining(SINGLE_LINE_MESSAGE));
  });

  it('a collection name with CR/LF → 400 with the message', async () => {
    const answer = await adminApi(admin, '/types', {
      method: 'PATCH',
      json: { id: type.id, name: `Aurora\r\nBcc: ${EVIL}`, gender: 0, areaAmount: 1 },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toEqual(expect.stringContaining(SINGLE_LINE_MESSAGE));
  });
});

describe('the mail layer never sends a control character in a header', () => {
  beforeAll(() => pointAtLocalStack());

  it('a subject given a CR/LF value directly goes out on one line, to the one recipient', async () => {
    const to = `${uniqueId('hdr')}@example.com`;
    for (const brk of BREAKS) {
      await sendMail(
        {
          to,
          template: 'member-release',
          data: {
            subject: `Hello${brk}Bcc: ${EVIL}${brk}X-Injected: yes`,
            text: 'Line one.\nLine two.',
            collectionName: 'Aurora',
            collectionLink: 'http://localhost/x',
            pictureLink: '',
            unsubscribeLink: 'http://localhost/u',
          },
        },
        [{ name: 'List-Unsubscribe-Post', value: 'List-Unsubscribe=One-Click' }],
      );
    }
    // A product name (the order and transfer mails' subjects) too.
    await sendMail({
      to,
      template: 'transfer-sent',
      data: {
        productName: `Ring\r\nBcc: ${EVIL}`,
        at: 'now',
        cardEnding: '0001',
        newOwner: 'a***@example.com',
      },
    });
    const mine = (await storedMail()).filter((m) => m.destination.to.includes(to));
    expect(mine).toHaveLength(BREAKS.length + 1);
    for (const mail of mine) {
      expect(mail.subject).not.toMatch(CONTROL_CHARACTERS);
      expect(mail.destination.to).toEqual([to]);
      expect(mail.destination.cc ?? []).toEqual([]);
      expect(mail.destination.bcc ?? []).toEqual([]);
      expect((mail.headers ?? []).map((h) => h.name.toLowerCase())).not.toContain('x-injected');
    }
    expect(mine[0]?.subject).toBe(`Hello Bcc: ${EVIL} X-Injected: yes`);
    expect(mine[0]?.body.text).toEqual(expect.stringContaining('Line one.\nLine two.'));
    expect((await storedMail()).filter((m) => m.destination.to.includes(EVIL))).toEqual([]);
  });

  it('an address or a header value with a control character is refused before SES is called', () => {
    const mail = { to: 'a@example.com', template: 'terms-notice' as const, data: {} };
    expect(() =>
      mailRequest({ ...mail, to: `a@example.com\r\nBcc: ${EVIL}` }, [], 'shop@x.example', 'p'),
    ).toThrow(/To address/);
    expect(() => mailRequest(mail, [], `Shop <shop@x.example>\nBcc: ${EVIL}`, 'p')).toThrow(/From address/);
    expect(() =>
      mailRequest(mail, [{ name: 'List-Unsubscribe', value: `<x>\r\nBcc: ${EVIL}` }], 'a@b.c', 'p'),
    ).toThrow(/header/);
    expect(() => mailRequest(mail, [{ name: 'Bcc: x\r\nX', value: 'y' }], 'a@b.c', 'p')).toThrow(/header/);
  });

  it('only the subject’s values are put on one line: the text part keeps its lines', () => {
    const request = mailRequest(
      {
        to: 'a@example.com',
        template: 'member-release',
        data: {
          subject: 'A\r\nB',
          text: 'one\ntwo',
          collectionName: 'C',
          collectionLink: 'l',
          unsubscribeLink: 'u',
        },
      },
      [],
      'shop@x.example',
      'p',
    );
    const data = JSON.parse(request.Content?.Template?.TemplateData ?? '{}') as Record<string, string>;
    expect(data.subject).toBe('A B');
    expect(data.text).toBe('one\ntwo');
  });
});
