import { getAuthRecord, replaceRecordPassword } from '#authenticity/index.ts';
import { getProduct } from '#catalog/index.ts';
import { logger } from '#platform/logger.ts';
import { sendMail } from '#platform/mail.ts';
import { hashPassword } from '#platform/passwords.ts';
import { claimMailLease, getOrder, markMailSent } from '../entities/order.ts';
import type { MailPorts } from '../payment-completion.ts';

/** The real wiring of a sale's mail: DynamoDB and SES, no payment provider. */
export function mailPorts(now: () => number = Date.now): MailPorts {
  return {
    getOrder,
    getProduct,
    claimMailLease,
    getAuthRecord,
    replaceRecordPassword,
    hashPassword,
    sendMail,
    markMailSent,
    now,
    log: (message, detail) => logger.warn(message, detail),
  };
}
