import { getProduct } from '#data/catalog.ts';
import {
  claimMailLease,
  getAuthRecord,
  getOrder,
  markMailSent,
  replaceRecordPassword,
} from '#data/orders.ts';
import { hashPassword } from '#domain/passwords.ts';
import type { MailPorts } from '#domain/payment-completion.ts';
import { logger } from './logger.ts';
import { sendMail } from './mail.ts';

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
