import { SendEmailCommand, type SendEmailCommandInput } from '@aws-sdk/client-sesv2';
import { ses } from '#platform/mail-client.ts';
import { htmlData } from '#platform/mail-html.ts';
import {
  DEFAULT_TEMPLATE_PREFIX,
  MAIL_TEMPLATES,
  type Mail,
  type MailData,
  templateName,
} from '#platform/mail-templates.ts';
import { shopMailData } from '#platform/shop-settings.ts';
import { CONTROL_CHARACTERS, oneLine } from '#shared/control-characters.ts';

export type { Mail };

/** A header of one message (SESv2 SendEmail takes them per message, e.g. List-Unsubscribe). */
export interface MailHeader {
  name: string;
  value: string;
}

/** A header's name as RFC 5322 allows it: printable ASCII but the colon. */
const HEADER_NAME = /^[!-9;-~]+$/;

/**
 * Sends one mail from MAIL_FROM with one of the shop's SES templates (mail-templates.ts), and its
 * own headers if any. Every template may name the shop and its support address (shop-settings.ts).
 */
export async function sendMail(mail: Mail, headers: readonly MailHeader[] = []): Promise<void> {
  const from = process.env.MAIL_FROM;
  if (!from) throw new Error('MAIL_FROM is not set');
  const prefix = process.env.MAIL_TEMPLATE_PREFIX ?? DEFAULT_TEMPLATE_PREFIX;
  await ses().send(new SendEmailCommand(mailRequest(mail, headers, from, prefix)));
}

/**
 * The SendEmail request of one mail, built so no value can add a header (issue 36): a value
 * that goes into the subject (every `{{name}}` of the template's subject, whoever typed it) is
 * put on one line, its control characters replaced by spaces; an address (To, From) or a
 * header with a control character, or a header name that is not one, is refused outright,
 * since no single space could make it right. The text part keeps its lines; the HTML part
 * reads only the escaped copies of the values (`html`).
 */
export function mailRequest(
  mail: Mail,
  headers: readonly MailHeader[],
  from: string,
  prefix: string,
): SendEmailCommandInput {
  for (const [what, address] of [
    ['From', from],
    ['To', mail.to],
  ] as const) {
    if (CONTROL_CHARACTERS.test(address)) throw new Error(`the ${what} address holds a control character`);
  }
  for (const header of headers) {
    if (!HEADER_NAME.test(header.name) || CONTROL_CHARACTERS.test(header.value))
      throw new Error(`the ${JSON.stringify(header.name)} header holds a control character`);
  }
  const data = subjectOnOneLine(mail.template, { ...shopMailData(), ...mail.data });
  return {
    FromEmailAddress: from,
    Destination: { ToAddresses: [mail.to] },
    Content: {
      Template: {
        TemplateName: templateName(mail.template, prefix),
        // The values as given (subject, text part) and escaped for the HTML part (mail-html.ts).
        TemplateData: JSON.stringify({ ...data, html: htmlData(data) }),
        ...(headers.length > 0 ? { Headers: headers.map((h) => ({ Name: h.name, Value: h.value })) } : {}),
      },
    },
  };
}

/** The data with every value the template's subject names on one line. */
function subjectOnOneLine(template: Mail['template'], data: MailData): MailData {
  const names = [...MAIL_TEMPLATES[template].subject.matchAll(/\{\{\{?\s*([\w.]+)\s*\}?\}\}/g)].map(
    (m) => m[1] as string,
  );
  const safe = { ...data };
  for (const name of names) {
    const value = safe[name];
    if (typeof value === 'string') safe[name] = oneLine(value);
  }
  return safe;
}
