import { getAuthRecord, portalLink, replaceRecordPassword } from '#authenticity/index.ts';
import { getProduct, piecePicture } from '#catalog/index.ts';
import { logger } from '#platform/logger.ts';
import type { sendMail as SendMail } from '#platform/mail.ts';
import { hashPassword } from '#platform/passwords.ts';
import { ordersAddress } from '#platform/shop-settings.ts';
import { adminOrderPage } from '#shared/admin.ts';
import { mailPictureLink } from '#shared/media.ts';
import { claimMailLease, getOrder, markMailSent, markStaffMailSent } from '../entities/order.ts';
import type { MailPorts } from '../payment-completion.ts';

/** Loaded when a sale's mail is sent, not at every cold start of a webhook or checkout function. */
const sendMail: typeof SendMail = async (mail) => (await import('#platform/mail.ts')).sendMail(mail);

/** The shop's own address, for links in mail (the local stack and CDK set SHOP_URL). */
function shopUrl(): string {
  const url = process.env.SHOP_URL;
  if (!url) throw new Error('SHOP_URL is not set');
  return url.replace(/\/+$/, '');
}

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
    markStaffMailSent,
    portalLink,
    ordersAddress,
    adminOrderLink: (checkoutCode) => `${shopUrl()}${adminOrderPage(checkoutCode)}`,
    piecePictureLink: async (productId) => {
      const url = await piecePicture(productId);
      return url ? mailPictureLink(url, shopUrl()) : undefined;
    },
    now,
    log: (message, detail) => logger.warn(message, detail),
  };
}
