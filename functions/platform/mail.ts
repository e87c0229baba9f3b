import { SendEmailCommand } from '@aws-sdk/client-sesv2';
import { ses } from '#platform/mail-client.ts';
import { DEFAULT_TEMPLATE_PREFIX, type Mail, templateName } from '#platform/mail-templates.ts';
import { shopMailData } from '#platform/shop-settings.ts';

export type { Mail };

/** A header of one message (SESv2 SendEmail takes them per message, e.g. List-Unsubscribe). */
export interface MailHeader {
  name: string;
  value: string;
}

/**
 * Sends one mail from MAIL_FROM with one of the shop's SES templates (mail-templates.ts), and its
 * own headers if any. Every template may name the shop and its support address (shop-settings.ts).
 */
export async function sendMail(mail: Mail, headers: readonly MailHeader[] = []): Promise<void> {
  const from = process.env.MAIL_FROM;
  if (!from) throw new Error('MAIL_FROM is not set');
  const prefix = process.env.MAIL_TEMPLATE_PREFIX ?? DEFAULT_TEMPLATE_PREFIX;
  await ses().send(
    new SendEmailCommand({
      FromEmailAddress: from,
      Destination: { ToAddresses: [mail.to] },
      Content: {
        Template: {
          TemplateName: templateName(mail.template, prefix),
          TemplateData: JSON.stringify({ ...shopMailData(), ...mail.data }),
          ...(headers.length > 0 ? { Headers: headers.map((h) => ({ Name: h.name, Value: h.value })) } : {}),
        },
      },
    }),
  );
}
