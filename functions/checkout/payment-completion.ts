import type { AuthRecordEntity } from '#authenticity/index.ts';
import type { ProductEntity } from '#catalog/index.ts';
import { type PaymentKind, paymentKind } from '#payments/index.ts';
import type { Mail } from '#platform/mail-templates.ts';
import { generatePassword } from '#platform/passwords.ts';
import type { COMPLETION_RESULTS } from '#shared/contracts/checkout.ts';
import { formatPrice } from '#shared/format.ts';
import { toCents } from '#shared/money.ts';
import { newOwnerSalt } from '#shared/passport/log.ts';
import { postalLines } from '#shared/postal-address.ts';
import type { OrderEntity, RefundInput, RefundOutcome, SaleInput, SellOutcome } from './entities/order.ts';

/**
 * What happens when a provider confirms a payment (its webhook, the shop's capture on the
 * shopper's return, or the browser's return path asking the provider). Whichever arrives first sells the piece; every
 * later one is a no-op, except that mail which never went out is sent then.
 */
export interface CompletionPorts {
  getOrder(checkoutCode: string): Promise<OrderEntity | undefined>;
  getProduct(productId: string): Promise<ProductEntity | undefined>;
  sellOrder(input: SaleInput): Promise<SellOutcome>;
  claimMailLease(checkoutCode: string, now: number, until: number): Promise<boolean>;
  markRefunded(input: RefundInput): Promise<RefundOutcome>;
  refund(order: OrderEntity, paymentRef: string): Promise<void>;
  getAuthRecord(cardNumber: string): Promise<AuthRecordEntity | undefined>;
  replaceRecordPassword(cardNumber: string, passwordHash: string, expectedVersion: number): Promise<boolean>;
  hashPassword(password: string): Promise<string>;
  sendMail(mail: Mail): Promise<void>;
  markMailSent(checkoutCode: string, now: number): Promise<void>;
  markStaffMailSent(checkoutCode: string, now: number): Promise<void>;
  /** The authenticity portal's address, for the password mail. */
  portalLink(): string;
  /** Staff's orders address, and the admin's page of an order: the sale notice. */
  ordersAddress(): string;
  adminOrderLink(checkoutCode: string): string;
  /** The piece's picture as an absolute address on the shop, for the confirmation mail. */
  piecePictureLink(productId: string): Promise<string | undefined>;
  now(): number;
  log(message: string, detail: Record<string, unknown>): void;
}

/** What finishing a sale's mail needs: no payment provider. */
export type MailPorts = Pick<
  CompletionPorts,
  | 'getOrder'
  | 'getProduct'
  | 'claimMailLease'
  | 'getAuthRecord'
  | 'replaceRecordPassword'
  | 'hashPassword'
  | 'sendMail'
  | 'markMailSent'
  | 'markStaffMailSent'
  | 'portalLink'
  | 'ordersAddress'
  | 'adminOrderLink'
  | 'piecePictureLink'
  | 'now'
  | 'log'
>;

export interface ConfirmedPayment {
  provider: PaymentKind;
  eventId: string;
  checkoutCode: string;
  paymentRef: string;
  /** What the provider says it received, in cents, and in which currency. */
  amountCents: number;
  currency: string;
}

/** What a confirmed payment did to its order (the webhooks answer it: shared/contracts/checkout.ts). */
export type CompletionResult = (typeof COMPLETION_RESULTS)[number];

export { toCents };

/** How long the confirmation that sold a piece has to send its mail before another may take over. */
export const MAIL_LEASE_MS = 30_000;

export async function completePayment(
  payment: ConfirmedPayment,
  ports: CompletionPorts,
): Promise<CompletionResult> {
  const order = await ports.getOrder(payment.checkoutCode);
  if (!order) {
    ports.log('payment for an unknown order', { ...payment });
    return 'unknown-order';
  }
  if (payment.currency.toLowerCase() !== 'usd' || payment.amountCents !== toCents(order.finalPrice)) {
    ports.log('payment amount differs from the order', { ...payment, expected: toCents(order.finalPrice) });
    return 'amount-mismatch';
  }
  const product = await ports.getProduct(order.productId);
  if (!product?.cardNumber) {
    ports.log('the piece has no authenticity card number', { checkoutCode: order.checkoutCode });
    return 'needs-attention';
  }

  // A released or abandoned (failed) order whose payment was made anyway is still decided here:
  // sold if the piece is free, refunded if not. Never left with the money taken.
  if (order.status !== 'pending' && order.status !== 'failed') {
    // Already decided (a duplicate or late confirmation): the sale's transaction would refuse it,
    // so skip the costly password hash and only see that the order's mail went out.
    return afterDecision(payment.checkoutCode, ports);
  }

  const now = ports.now();
  const password = generatePassword();
  const record: AuthRecordEntity = {
    kind: 'authRecord',
    cardNumber: product.cardNumber,
    pid: product.id,
    name: product.name,
    email: order.contact.email,
    passwordHash: await ports.hashPassword(password),
    credentialVersion: 1,
    createdAt: new Date(now).toISOString(),
    // Opens the owner's commitment in the sale's passport log entry (docs/passport.md, The log).
    ownerSalt: newOwnerSalt(),
  };
  const outcome = await ports.sellOrder({
    ...payment,
    order,
    record,
    now,
    mailLeaseUntil: now + MAIL_LEASE_MS,
  });

  if (outcome === 'sold') {
    await bothOrFail([
      () => sendOrderMails(order, product, password, ports),
      () => sendStaffNotice(order, ports),
    ]);
    return 'sold';
  }
  if (outcome === 'piece-taken') {
    // The hold ran out and another shopper bought the piece: give the money back, and say so.
    // The one that records the refund sends the notice; if it dies first, the notice is sent
    // like a sale's lost mail, once its lease has run out.
    await ports.refund(order, payment.paymentRef);
    const recorded = await ports.markRefunded({
      ...payment,
      reason: 'the piece was sold after the hold expired',
      now,
      mailLeaseUntil: now + MAIL_LEASE_MS,
    });
    if (recorded === 'refunded') {
      await sendRefundNotice(order, ports);
      return 'refunded';
    }
  }
  if (outcome === 'record-exists') {
    ports.log('an authenticity record already exists for this card', { checkoutCode: order.checkoutCode });
    return 'needs-attention';
  }
  return afterDecision(payment.checkoutCode, ports);
}

/** A duplicate or late confirmation: it may finish the mail of a sale whose sender crashed. */
async function afterDecision(checkoutCode: string, ports: CompletionPorts): Promise<CompletionResult> {
  await finishPendingMail(checkoutCode, ports);
  const current = await ports.getOrder(checkoutCode);
  return current?.status === 'refunded' ? 'refunded' : 'already-done';
}

/**
 * If the mail of a completed sale never went out (its sender crashed, or SES failed, and its
 * lease ran out), sends it now: the buyer's with fresh credentials (the first password was never
 * seen), the sale notice to staff, or both, whichever is still due. Likewise the refund notice of
 * a late payment. While the first sender may still be at work, does nothing. Called by later
 * confirmations and by the scheduled mail sweep, so a sale's mail never depends on one request.
 */
export async function finishPendingMail(
  checkoutCode: string,
  ports: MailPorts,
): Promise<'sent' | 'not-needed'> {
  const current = await ports.getOrder(checkoutCode);
  const retryAt = ports.now();
  // A refunded order's mail is its refund notice (only those recorded with a notice lease).
  const refunded = current?.status === 'refunded' && current.mailLeaseUntil !== undefined;
  const paid = current?.status === 'paid';
  const buyerDue = !current?.mailSentAt;
  const staffDue = paid && current?.staffMailDue === true;
  if (
    !current ||
    !(paid || refunded) ||
    !(buyerDue || staffDue) ||
    (current.mailLeaseUntil ?? 0) >= retryAt ||
    !(await ports.claimMailLease(current.checkoutCode, retryAt, retryAt + MAIL_LEASE_MS))
  ) {
    return 'not-needed';
  }
  if (refunded) {
    await sendRefundNotice(current, ports);
    return 'sent';
  }
  const sent = await bothOrFail([
    async () => (buyerDue ? resendOrderMails(current, ports) : false),
    async () => {
      if (!staffDue) return false;
      await sendStaffNotice(current, ports);
      return true;
    },
  ]);
  return sent.some(Boolean) ? 'sent' : 'not-needed';
}

/**
 * Runs each send in turn, the buyer's first, whatever the others do, then throws the first
 * failure: the buyer's mail and the staff's notice are marked apart, so a retry sends only what
 * failed. One after the other, so a crash always leaves the same mail unsent for the sweep.
 */
async function bothOrFail<T>(sends: (() => Promise<T>)[]): Promise<T[]> {
  const values: T[] = [];
  let failure: { reason: unknown } | undefined;
  for (const send of sends) {
    try {
      values.push(await send());
    } catch (reason) {
      failure ??= { reason };
    }
  }
  if (failure) throw failure.reason;
  return values;
}

/** The buyer's mail of a paid order, with a fresh portal password; false if there is no record. */
async function resendOrderMails(current: OrderEntity, ports: MailPorts): Promise<boolean> {
  const product = await ports.getProduct(current.productId);
  const existing = product?.cardNumber ? await ports.getAuthRecord(product.cardNumber) : undefined;
  if (!product?.cardNumber || !existing) {
    ports.log('a paid order has no authenticity record to mail', { checkoutCode: current.checkoutCode });
    return false;
  }
  const fresh = generatePassword();
  if (
    !(await ports.replaceRecordPassword(
      product.cardNumber,
      await ports.hashPassword(fresh),
      existing.credentialVersion,
    ))
  ) {
    return false;
  }
  await sendOrderMails(current, product, fresh, ports);
  return true;
}

/** The sale notice to staff: the piece, the amount and the order's admin page, to the orders address. */
async function sendStaffNotice(order: OrderEntity, ports: MailPorts) {
  await ports.sendMail({
    to: ports.ordersAddress(),
    template: 'order-sold',
    data: {
      productName: order.productName,
      collectionName: order.typeName,
      size: order.size && order.size !== 'null' ? order.size : '',
      total: formatPrice(order.finalPrice),
      payment: paymentKind(order.paymentType).paymentWords,
      checkoutCode: order.checkoutCode,
      buyerName: order.contact.name,
      country: order.contact.country,
      orderLink: ports.adminOrderLink(order.checkoutCode),
    },
  });
  await ports.markStaffMailSent(order.checkoutCode, ports.now());
}

async function sendRefundNotice(order: OrderEntity, ports: MailPorts) {
  await ports.sendMail({
    to: order.contact.email,
    template: 'payment-refunded',
    data: {
      name: order.contact.name,
      productName: order.productName,
      total: formatPrice(order.finalPrice),
    },
  });
  await ports.markMailSent(order.checkoutCode, ports.now());
}

async function sendOrderMails(
  order: OrderEntity,
  product: ProductEntity,
  password: string,
  ports: MailPorts,
) {
  await ports.sendMail({
    to: order.contact.email,
    template: 'order-confirmation',
    data: {
      name: order.contact.name,
      productName: order.productName,
      total: formatPrice(order.finalPrice),
      checkoutCode: order.checkoutCode,
      address: postalLines(order.contact).join(', '),
      pictureLink: (await ports.piecePictureLink(order.productId)) ?? '',
    },
  });
  await ports.sendMail({
    to: order.contact.email,
    template: 'portal-password',
    data: {
      name: order.contact.name,
      productName: product.name,
      cardEnding: product.cardNumber?.slice(-4) ?? '',
      password,
      portalLink: ports.portalLink(),
    },
  });
  await ports.markMailSent(order.checkoutCode, ports.now());
}
