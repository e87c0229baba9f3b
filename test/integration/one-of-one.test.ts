import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { getAuthRecord, replaceRecordPassword } from '#authenticity/entities/auth-record.ts';
import { portalLink } from '#authenticity/portal-link.ts';
import type { ProductEntity } from '#catalog/entities/product.ts';
import { getProduct } from '#catalog/entities/product.ts';
import type { OrderEntity } from '#checkout/entities/order.ts';
import {
  claimMailLease,
  getOrder,
  holdAndRecordOrder,
  markMailSent,
  markRefunded,
  markStaffMailSent,
  sellOrder,
} from '#checkout/entities/order.ts';
import {
  type CompletionPorts,
  completePayment,
  MAIL_LEASE_MS,
  toCents,
} from '#checkout/payment-completion.ts';
import { sendMail } from '#platform/mail.ts';
import { hashPassword, verifyPassword } from '#platform/passwords.ts';
import { ordersAddress } from '#platform/shop-settings.ts';
import { getRaw } from '../support/db.ts';
import { orderEntity, productEntity, store, typeEntity } from '../support/fixtures.ts';
import { mailTo, pointAtLocalStack } from '../support/stack-env.ts';

pointAtLocalStack();

const HOLD_MS = 15 * 60_000;
const type = typeEntity({ name: 'Hold test' });

const refunds: string[] = [];
function ports(overrides: Partial<CompletionPorts> = {}): CompletionPorts {
  return {
    getOrder,
    getProduct,
    sellOrder,
    claimMailLease,
    markRefunded,
    refund: async (order) => {
      refunds.push(order.checkoutCode);
    },
    getAuthRecord,
    replaceRecordPassword,
    hashPassword,
    sendMail,
    markMailSent,
    markStaffMailSent,
    portalLink,
    ordersAddress,
    adminOrderLink: (code) => `http://shop.localhost/view-order/${code}`,
    piecePictureLink: async () => 'https://shop.localhost/media/piece/960w.jpg',
    now: Date.now,
    log: () => undefined,
    ...overrides,
  };
}

const payment = (order: OrderEntity, eventId = `evt_${randomUUID()}`) => ({
  provider: 'stripe' as const,
  eventId,
  checkoutCode: order.checkoutCode,
  paymentRef: `pi_${order.checkoutCode}`,
  amountCents: toCents(order.finalPrice),
  currency: 'usd',
});

const pieces = Array.from({ length: 6 }, (_, i) =>
  productEntity(type, {
    colors: ['black', 'white'],
    cardNumber: `51${String(Date.now()).slice(-10)}${String(i).padStart(4, '0')}`,
  }),
);
beforeAll(() => store({ type, products: pieces }));

describe('never sold twice', () => {
  it('lets exactly one of 50 shoppers starting checkout at once hold the piece', async () => {
    const [piece] = pieces as [ProductEntity];
    const now = Date.now();
    const orders = Array.from({ length: 50 }, () => orderEntity(piece, now));
    const outcomes = await Promise.all(orders.map((o) => holdAndRecordOrder(o, now)));
    expect(outcomes.filter((o) => o === 'held')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'unavailable')).toHaveLength(49);
    const winner = orders[outcomes.indexOf('held')] as OrderEntity;
    expect(await getRaw(`PRODUCT#${piece.id}`, '#PRODUCT')).toMatchObject({
      holdId: winner.holdId,
      status: 1,
    });
    const recorded = await Promise.all(orders.map((o) => getOrder(o.checkoutCode)));
    expect(recorded.filter(Boolean)).toHaveLength(1);
  });

  it('frees the piece for the next shopper once a hold runs out, with no cleanup job', async () => {
    const piece = pieces[1] as ProductEntity;
    const then = Date.now() - HOLD_MS - 1000;
    expect(await holdAndRecordOrder(orderEntity(piece, then), then)).toBe('held');
    expect(await holdAndRecordOrder(orderEntity(piece, Date.now()), Date.now())).toBe('held');
  });

  it('sells on the first confirmation; duplicated and reordered ones change nothing and send no more mail', async () => {
    const piece = pieces[2] as ProductEntity;
    const order = orderEntity(piece, Date.now());
    expect(await holdAndRecordOrder(order, Date.now())).toBe('held');
    const first = payment(order, 'evt_first');
    const results = await Promise.all([
      completePayment({ ...first, eventId: `${first.eventId}-${order.checkoutCode}` }, ports()),
      completePayment({ ...first, eventId: `${first.eventId}-${order.checkoutCode}` }, ports()),
      completePayment(payment(order), ports()),
    ]);
    expect(results.filter((r) => r === 'sold')).toHaveLength(1);
    expect(results.filter((r) => r === 'already-done')).toHaveLength(2);
    expect(await getOrder(order.checkoutCode)).toMatchObject({
      status: 'paid',
      mailSentAt: expect.any(String),
    });
    expect(await getRaw(`PRODUCT#${piece.id}`, '#PRODUCT')).toMatchObject({
      status: 0,
      soldOrder: order.checkoutCode,
    });
    expect((await getRaw(`PRODUCT#${piece.id}`, '#PRODUCT'))?.holdId).toBeUndefined();
    const record = await getAuthRecord(piece.cardNumber as string);
    expect(record).toMatchObject({ pid: piece.id, email: order.contact.email, credentialVersion: 1 });
    const mails = await mailTo(order.contact.email);
    expect(mails.map((m) => m.subject).sort()).toEqual([
      'Your authenticity portal password',
      `Your order: ${piece.name}`,
    ]);
    const password = /\n {4}(\S{16})\n/.exec(
      mails.find((m) => m.subject.includes('portal'))?.body.text ?? '',
    )?.[1];
    expect(password).toBeDefined();
    expect(await verifyPassword(password as string, record?.passwordHash as string)).toBe(true);
    expect(JSON.stringify(record)).not.toContain(password as string);
  });

  it('refunds a payment that arrives after its hold ran out and the piece was sold to another', async () => {
    const piece = pieces[3] as ProductEntity;
    const then = Date.now() - HOLD_MS - 1000;
    const late = orderEntity(piece, then);
    expect(await holdAndRecordOrder(late, then)).toBe('held');
    const winner = orderEntity(piece, Date.now());
    expect(await holdAndRecordOrder(winner, Date.now())).toBe('held');
    expect(await completePayment(payment(winner), ports())).toBe('sold');
    expect(await completePayment(payment(late), ports())).toBe('refunded');
    expect(refunds).toContain(late.checkoutCode);
    expect(await getOrder(late.checkoutCode)).toMatchObject({
      status: 'refunded',
      refundReason: expect.any(String),
    });
    expect((await mailTo(late.contact.email)).map((m) => m.subject)).toEqual([
      `${piece.name}: your payment was refunded`,
    ]);
    expect(await getRaw(`PRODUCT#${piece.id}`, '#PRODUCT')).toMatchObject({
      status: 0,
      soldOrder: winner.checkoutCode,
    });
  });

  it('still sells a piece whose hold ran out if nobody else took it', async () => {
    const piece = pieces[4] as ProductEntity;
    const then = Date.now() - HOLD_MS - 1000;
    const order = orderEntity(piece, then);
    expect(await holdAndRecordOrder(order, then)).toBe('held');
    expect(await completePayment(payment(order), ports())).toBe('sold');
  });

  it('completes the mail when the confirmation is retried after a crash between sale and mail', async () => {
    const piece = pieces[5] as ProductEntity;
    const order = orderEntity(piece, Date.now());
    expect(await holdAndRecordOrder(order, Date.now())).toBe('held');
    const event = payment(order);
    const crashing = ports({
      sendMail: async () => {
        throw new Error('SES is down');
      },
    });
    await expect(completePayment(event, crashing)).rejects.toThrow('SES is down');
    expect(await getOrder(order.checkoutCode)).toMatchObject({ status: 'paid' });
    expect((await getOrder(order.checkoutCode))?.mailSentAt).toBeUndefined();
    // A retry while the crashed sender's lease still runs does nothing; the provider's later retry takes over.
    expect(await completePayment(event, ports())).toBe('already-done');
    expect(await mailTo(order.contact.email)).toHaveLength(0);
    const later = () => Date.now() + MAIL_LEASE_MS + 1000;
    expect(await completePayment(event, ports({ now: later }))).toBe('already-done');
    const mails = await mailTo(order.contact.email);
    expect(mails).toHaveLength(2);
    const record = await getAuthRecord(piece.cardNumber as string);
    expect(record?.credentialVersion).toBe(2);
    const password = /\n {4}(\S{16})\n/.exec(
      mails.find((m) => m.subject.includes('portal'))?.body.text ?? '',
    )?.[1];
    expect(await verifyPassword(password as string, record?.passwordHash as string)).toBe(true);
    expect(await completePayment(event, ports({ now: later }))).toBe('already-done');
    expect(await mailTo(order.contact.email)).toHaveLength(2);
  });

  it('ignores a confirmation whose amount differs from the order', async () => {
    const piece = productEntity(type, { cardNumber: '5100000000009999' });
    await store({ type, products: [piece] });
    const order = orderEntity(piece, Date.now());
    expect(await holdAndRecordOrder(order, Date.now())).toBe('held');
    expect(await completePayment({ ...payment(order), amountCents: 100 }, ports())).toBe('amount-mismatch');
    expect(await getOrder(order.checkoutCode)).toMatchObject({ status: 'pending' });
  });
});
