import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ProductEntity } from '#catalog/entities/product.ts';
import type { OrderEntity } from '#checkout/entities/order.ts';
import { getOrder, holdAndRecordOrder, markRefunded, sellOrder } from '#checkout/entities/order.ts';
import { mailPorts, sweepPendingMail } from '#checkout/jobs/mail-sweep.ts';
import {
  type CompletionPorts,
  completePayment,
  MAIL_LEASE_MS,
  toCents,
} from '#checkout/payment-completion.ts';
import { orderEntity, productEntity, store, typeEntity, uniqueId } from '../support/fixtures.ts';
import { mailTo, pointAtLocalStack } from '../support/stack-env.ts';

/**
 * The refund notice of a late payment (its piece sold to another after its hold ran out) is
 * mail like a sale's: sent once by the confirmation that recorded the refund, and — if that
 * one died before sending it — by a later confirmation or the mail sweep once its lease ran
 * out. Found by the concurrency suite's crash test: the notice used to be lost after a crash
 * between recording the refund and sending it, and two concurrent late confirmations sent two.
 */

pointAtLocalStack();

const DAY = 24 * 60 * 60 * 1000;
const type = typeEntity({ name: 'Refund notice test' });
const pieces = Array.from({ length: 2 }, (_, i) =>
  productEntity(type, { cardNumber: `58${String(Date.now()).slice(-10)}${String(i).padStart(4, '0')}` }),
);
beforeAll(() => store({ type, products: pieces }));

const refunds: string[] = [];
const ports = (now: () => number, overrides: Partial<CompletionPorts> = {}): CompletionPorts => ({
  ...mailPorts(now),
  sellOrder,
  markRefunded,
  refund: async (order) => {
    refunds.push(order.checkoutCode);
  },
  ...overrides,
});

const payment = (order: OrderEntity, eventId = `evt_${randomUUID()}`) => ({
  provider: 'stripe' as const,
  eventId,
  checkoutCode: order.checkoutCode,
  paymentRef: `pi_${order.checkoutCode}`,
  amountCents: toCents(order.finalPrice),
  currency: 'usd',
});

/** A late order: checked out `daysAgo`, its hold ran out, another buyer bought the piece. */
async function lateOrder(piece: ProductEntity, daysAgo: number): Promise<OrderEntity> {
  const at = Date.now() - daysAgo * DAY;
  const late = orderEntity(piece, at, `${uniqueId('late')}@example.com`);
  expect(await holdAndRecordOrder(late, at)).toBe('held');
  const winner = orderEntity(piece, Date.now(), `${uniqueId('late')}@example.com`);
  expect(await holdAndRecordOrder(winner, Date.now())).toBe('held');
  expect(await completePayment(payment(winner), ports(Date.now))).toBe('sold');
  return late;
}

const notices = async (order: OrderEntity) =>
  (await mailTo(order.contact.email)).filter(
    (m) => m.subject === `${order.productName}: your payment was refunded`,
  );

describe('the refund notice of a late payment', () => {
  it('is sent after a crash between recording the refund and sending it: by the sweep once the lease ran out', {
    timeout: 120_000,
  }, async () => {
    const late = await lateOrder(pieces[0] as ProductEntity, 4);
    const event = payment(late);
    const sesDown = ports(Date.now, {
      sendMail: async () => {
        throw new Error('SES is down');
      },
    });
    await expect(completePayment(event, sesDown)).rejects.toThrow('SES is down');
    expect(await getOrder(late.checkoutCode)).toMatchObject({ status: 'refunded' });
    expect(await notices(late)).toHaveLength(0);

    // The provider's retry while the lease runs: refunded, and nobody sends the notice yet.
    expect(await completePayment(event, ports(Date.now))).toBe('refunded');
    expect(await notices(late)).toHaveLength(0);

    // Once the lease ran out, the sweep sends it, once.
    const window = { since: Date.parse(late.checkoutTime) - 1, until: Date.parse(late.checkoutTime) + 1 };
    const later = () => Date.now() + MAIL_LEASE_MS + 1000;
    expect(await sweepPendingMail(mailPorts(later), window)).toEqual({ checked: 1, sent: 1, failed: 0 });
    expect(await notices(late)).toHaveLength(1);
    expect(await sweepPendingMail(mailPorts(later), window)).toEqual({ checked: 0, sent: 0, failed: 0 });
    expect(await completePayment(event, ports(later))).toBe('refunded');
    expect(await notices(late)).toHaveLength(1);
    expect(await mailTo(late.contact.email)).toHaveLength(1);
  });

  it('is sent once when two confirmations of the late payment arrive together', {
    timeout: 120_000,
  }, async () => {
    const late = await lateOrder(pieces[1] as ProductEntity, 6);
    // Both have found the piece taken and refunded at the provider before either records it.
    let arrived = 0;
    let bothThere: () => void = () => undefined;
    const barrier = new Promise<void>((resolve) => {
      bothThere = resolve;
    });
    const refund = async () => {
      arrived += 1;
      if (arrived === 2) bothThere();
      await barrier;
    };
    const results = await Promise.all([
      completePayment(payment(late, `evt_${randomUUID()}`), ports(Date.now, { refund })),
      completePayment(payment(late, `return-path:pi_${late.checkoutCode}`), ports(Date.now, { refund })),
    ]);
    expect(arrived).toBe(2);
    expect(results).toEqual(['refunded', 'refunded']);
    expect(await notices(late)).toHaveLength(1);
    expect(await mailTo(late.contact.email)).toHaveLength(1);
    expect(await getOrder(late.checkoutCode)).toMatchObject({
      status: 'refunded',
      mailSentAt: expect.any(String),
    });
  });
});
