import { SendEmailCommand } from '@aws-sdk/client-sesv2';
import { ses } from '#platform/mail-client.ts';
import { DEFAULT_TEMPLATE_PREFIX, type Mail, templateName } from '#platform/mail-templates.ts';

export type { Mail };

/** Sends one mail from MAIL_FROM with one of the shop's SES templates (mail-templates.ts). */
export async function sendMail(mail: Mail): Promise<void> {
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
          TemplateData: JSON.stringify(mail.data),
        },
      },
    }),
  );
}
