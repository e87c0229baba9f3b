import { SendEmailCommand } from '@aws-sdk/client-sesv2';
import { ses } from './clients.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** Sends one plain-text mail through SES from MAIL_FROM. */
export async function sendMail(mail: Mail): Promise<void> {
  const from = process.env.MAIL_FROM;
  if (!from) throw new Error('MAIL_FROM is not set');
  await ses().send(
    new SendEmailCommand({
      FromEmailAddress: from,
      Destination: { ToAddresses: [mail.to] },
      Content: {
        Simple: {
          Subject: { Data: mail.subject, Charset: 'UTF-8' },
          Body: { Text: { Data: mail.text, Charset: 'UTF-8' } },
        },
      },
    }),
  );
}
