import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuthRecordEntity } from '#authenticity/index.ts';
import type { ProductEntity } from '#catalog/index.ts';
import type { PaidPayment } from '#payments/index.ts';
import { logger } from '#platform/logger.ts';
import { toCents } from '#shared/money.ts';
import type { OrderEntity, SaleInput } from '../entities/order.ts';
import type { CompletionPorts } from '../payment-completion.ts';
import {
  type ListingProvider,
  orderBeforePayment,
  type RecoveryPorts,
  recoverPaymentsAfter,
} from './recover-payments.ts';

/**
 * The restore's reconciliation over fakes: providers that list paid payments, a table and a
 * journal in memory, and a sale that writes what sellOrder's transaction writes (its conditions
 * too: the provider event once, the order pending or failed, the piece free or held by the
 * order, no record for the card). The completion itself is the real one.
 */

const NOW = Date.parse('2026-11-30T12:00:00.000Z');
const HOUR = 60 * 60 * 1000;

function orderOf(productId: string, over: Partial<OrderEntity> = {}): OrderEntity {
  return {
    kind: 'order',
    checkoutCode: randomUUID(),
    productId,
    typeId: 'coats',
    productName: `Coat ${productId}`,
    typeName: 'Coats',
    size: 'M',
    gender: 0,
    colors: ['black'],
    contact: {
      name: 'Ada Buyer',
      phone: '+1 604 555 0100',
      email: 'ada@example.com',
      address: '1 Main St',
      address1: '1 Main St',
      country: 'CA',
      city: 'Vancouver',
      state: 'BC',
    },
    hasBilling: true,
    billing: {
      name: 'Ada Payer',
      phone: '+1 604 555 0101',
      email: 'pay@example.com',
      address: '2 Side St',
      address1: '2 Side St',
      country: 'CA',
      city: 'Vancouver',
      state: 'BC',
    },
    paymentType: 1,
    currency: 'USD',
    productPrice: 1000,
    discountAmount: 0,
    productPriceAfterDiscount: 1000,
    shippingFee: 40,
    tax: 135.2,
    duty: 0,
    finalPrice: 1175.2,
    status: 'pending',
    holdId: randomUUID(),
    holdUntil: NOW - 2 * HOUR + 15 * 60_000,
    paymentRef: `pi_${productId}`,
    checkoutTime: new Date(NOW - 2 * HOUR).toISOString(),
    ...over,
  };
}

interface Piece {
  status: 0 | 1;
  holdId?: string;
  soldOrder?: string;
  cardNumber: string;
}

/** A shop in memory: the table's orders, pieces, records and provider events; the journal; mail. */
function fakeShop() {
  const orders = new Map<string, OrderEntity>();
  const journal = new Map<string, OrderEntity>();
  const pieces = new Map<string, Piece>();
  const records = new Map<string, AuthRecordEntity>();
  const events = new Set<string>();
  const sales: SaleInput[] = [];
  const refunds: string[] = [];
  const mails: string[] = [];
  const puts: OrderEntity[] = [];
  const completion: CompletionPorts = {
    getOrder: async (code) => orders.get(code),
    getProduct: async (id) => {
      const piece = pieces.get(id);
      return piece && ({ id, name: `Coat ${id}`, ...piece } as unknown as ProductEntity);
    },
    sellOrder: async (input) => {
      const order = orders.get(input.order.checkoutCode);
      const piece = pieces.get(input.order.productId);
      if (events.has(input.eventId)) return 'duplicate-event';
      if (!order || (order.status !== 'pending' && order.status !== 'failed')) return 'order-not-pending';
      if (piece?.status !== 1 || (piece.holdId && piece.holdId !== order.holdId)) return 'piece-taken';
      if (records.has(input.record.cardNumber)) return 'record-exists';
      events.add(input.eventId);
      orders.set(order.checkoutCode, { ...order, status: 'paid', paymentRef: input.paymentRef });
      pieces.set(order.productId, { status: 0, soldOrder: order.checkoutCode, cardNumber: piece.cardNumber });
      records.set(input.record.cardNumber, input.record);
      sales.push(input);
      return 'sold';
    },
    markRefunded: async (input) => {
      if (events.has(input.eventId)) return 'duplicate-event';
      const order = orders.get(input.checkoutCode);
      if (!order || (order.status !== 'pending' && order.status !== 'failed')) return 'order-not-pending';
      events.add(input.eventId);
      orders.set(order.checkoutCode, { ...order, status: 'refunded', mailLeaseUntil: input.mailLeaseUntil });
      return 'refunded';
    },
    refund: async (order) => {
      refunds.push(order.checkoutCode);
    },
    claimMailLease: async () => false,
    getAuthRecord: async (card) => records.get(card),
    replaceRecordPassword: async () => true,
    hashPassword: async (password) => `hashed:${password.length}`,
    sendMail: async (mail) => {
      mails.push(`${mail.template} ${mail.to}`);
    },
    markMailSent: async () => undefined,
    markStaffMailSent: async () => undefined,
    portalLink: () => 'https://shop.test/portal',
    ordersAddress: () => 'sales@shop.test',
    adminOrderLink: (code) => `https://shop.test/admin/orders/${code}`,
    piecePictureLink: async () => undefined,
    now: () => NOW,
    log: () => undefined,
  };
  const ports = (
    providers: ListingProvider[],
    over: Partial<RecoveryPorts> = {},
  ): Partial<RecoveryPorts> => ({
    providers: () => providers,
    getOrder: async (code) => orders.get(code),
    readJournaledOrder: async (code) => journal.get(code),
    putBackOrder: async (order) => {
      if (orders.has(order.checkoutCode)) return false;
      puts.push(order);
      orders.set(order.checkoutCode, order);
      return true;
    },
    completion,
    ...over,
  });
  return { orders, journal, pieces, records, events, sales, refunds, mails, puts, ports };
}

const provider = (kind: 'stripe' | 'paypal', paid: PaidPayment[] | (() => Promise<PaidPayment[]>)) => {
  const listPaid = vi.fn(async (_range: { since: number; until: number }) =>
    typeof paid === 'function' ? paid() : paid,
  );
  return { kind, typeCode: kind === 'stripe' ? (1 as const) : (2 as const), listPaid };
};

const paidFor = (order: OrderEntity, over: Partial<PaidPayment> = {}): PaidPayment => ({
  reference: order.checkoutCode,
  paymentRef: order.paymentRef ?? `pi_${order.checkoutCode}`,
  amountCents: toCents(order.finalPrice),
  currency: 'usd',
  takenAt: NOW - HOUR,
  ...over,
});

/** An order paid after the backup, journaled as the stream last wrote it (paid, mailed), gone from the table. */
function paidAfterBackup(
  shop: ReturnType<typeof fakeShop>,
  productId: string,
  over: Partial<OrderEntity> = {},
) {
  const order = orderOf(productId, over);
  shop.pieces.set(productId, { status: 1, cardNumber: `card-${productId}` });
  shop.journal.set(order.checkoutCode, {
    ...order,
    status: 'paid',
    paidAt: new Date(NOW - HOUR).toISOString(),
    mailSentAt: new Date(NOW - HOUR).toISOString(),
    mailLeaseUntil: NOW - HOUR + 30_000,
    staffMailSentAt: new Date(NOW - HOUR).toISOString(),
  });
  return order;
}

const range = { since: NOW - 3 * HOUR, until: NOW };

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the restore’s reconciliation (recoverPaymentsAfter)', () => {
  it('remakes a paid order the restored table lacks from its journal, sells it once, and a second run makes nothing', async () => {
    const shop = fakeShop();
    const order = paidAfterBackup(shop, 'p1');
    const stripe = provider('stripe', [paidFor(order, { eventId: 'evt_1' })]);
    const paypal = provider('paypal', []);

    const first = await recoverPaymentsAfter({ ...range, ports: shop.ports([stripe, paypal]) });
    expect(first).toEqual({ listed: 1, present: 0, recovered: 1, refunded: 0, needsAttention: 0, failed: 0 });
    expect(stripe.listPaid).toHaveBeenCalledWith(range);
    expect(paypal.listPaid).toHaveBeenCalledWith(range);
    // Put back as it stood before its payment: its form, pending, nothing of the sale or mail.
    expect(shop.puts).toEqual([{ ...order, status: 'pending' }]);
    expect(shop.puts[0]).not.toHaveProperty('paidAt');
    expect(shop.puts[0]).not.toHaveProperty('mailSentAt');
    // Sold through the completion, with the payment's own event id.
    expect(shop.sales.map((s) => s.eventId)).toEqual(['evt_1']);
    expect(shop.orders.get(order.checkoutCode)).toMatchObject({ status: 'paid', billing: order.billing });
    expect(shop.pieces.get('p1')).toMatchObject({ status: 0, soldOrder: order.checkoutCode });
    expect(shop.records.get('card-p1')).toMatchObject({ pid: 'p1', email: 'ada@example.com' });
    expect(shop.mails.sort()).toEqual([
      'order-confirmation ada@example.com',
      'order-sold sales@shop.test',
      'portal-password ada@example.com',
    ]);

    const second = await recoverPaymentsAfter({ ...range, ports: shop.ports([stripe, paypal]) });
    expect(second).toEqual({
      listed: 1,
      present: 1,
      recovered: 0,
      refunded: 0,
      needsAttention: 0,
      failed: 0,
    });
    expect(shop.sales).toHaveLength(1);
    expect(shop.puts).toHaveLength(1);
    expect(shop.mails).toHaveLength(3);
  });

  it('completes with reconcile:<paymentRef> when the payment names no event, and refunds through the provider that holds the money', async () => {
    const shop = fakeShop();
    // Started with the card, paid at PayPal (the same key, changed provider): the money is PayPal's.
    const order = paidAfterBackup(shop, 'p2', { paymentType: 1 });
    const paypal = provider('paypal', [paidFor(order, { paymentRef: 'CAPTURE-9' })]);
    const result = await recoverPaymentsAfter({ ...range, ports: shop.ports([paypal]) });
    expect(result.recovered).toBe(1);
    expect(shop.sales.map((s) => [s.eventId, s.provider, s.paymentRef])).toEqual([
      ['reconcile:CAPTURE-9', 'paypal', 'CAPTURE-9'],
    ]);
    expect(shop.puts[0]?.paymentType).toBe(2);
  });

  it('leaves a payment whose order is in the table to the normal reconciliation, reading no journal', async () => {
    const shop = fakeShop();
    const order = orderOf('p3');
    shop.orders.set(order.checkoutCode, order);
    const readJournaledOrder = vi.fn(async () => undefined);
    const stripe = provider('stripe', [paidFor(order)]);
    const result = await recoverPaymentsAfter({
      ...range,
      ports: shop.ports([stripe], { readJournaledOrder }),
    });
    expect(result).toEqual({
      listed: 1,
      present: 1,
      recovered: 0,
      refunded: 0,
      needsAttention: 0,
      failed: 0,
    });
    expect(readJournaledOrder).not.toHaveBeenCalled();
    expect(shop.sales).toEqual([]);
  });

  it('never guesses a payment without a journaled order: needsAttention, logged with its provider and paymentRef', async () => {
    const shop = fakeShop();
    const errors = vi.spyOn(logger, 'error').mockImplementation(() => undefined);
    const stranger = paidFor(orderOf('p4'), { paymentRef: 'pi_stranger' });
    const result = await recoverPaymentsAfter({
      ...range,
      ports: shop.ports([provider('stripe', [stranger])]),
    });
    expect(result).toEqual({
      listed: 1,
      present: 0,
      recovered: 0,
      refunded: 0,
      needsAttention: 1,
      failed: 0,
    });
    expect(shop.puts).toEqual([]);
    expect(shop.sales).toEqual([]);
    expect(errors).toHaveBeenCalledWith(
      expect.stringContaining('journal'),
      expect.objectContaining({
        provider: 'stripe',
        paymentRef: 'pi_stranger',
        reference: stranger.reference,
      }),
    );
  });

  it('refunds with the notice when another shopper bought the piece after the restore', async () => {
    const shop = fakeShop();
    const order = paidAfterBackup(shop, 'p5');
    shop.pieces.set('p5', { status: 0, soldOrder: 'someone-else', cardNumber: 'card-p5' });
    const result = await recoverPaymentsAfter({
      ...range,
      ports: shop.ports([provider('stripe', [paidFor(order)])]),
    });
    expect(result).toMatchObject({ listed: 1, recovered: 0, refunded: 1 });
    expect(shop.refunds).toEqual([order.checkoutCode]);
    expect(shop.orders.get(order.checkoutCode)).toMatchObject({ status: 'refunded' });
    expect(shop.mails).toEqual(['payment-refunded ada@example.com']);
  });

  it('counts money that disagrees with the journaled order for a person, and a provider that cannot list as failed', async () => {
    const shop = fakeShop();
    vi.spyOn(logger, 'error').mockImplementation(() => undefined);
    const order = paidAfterBackup(shop, 'p6');
    const short = paidFor(order, { amountCents: 100 });
    const down = provider('paypal', async () => {
      throw new Error('PayPal is down');
    });
    const result = await recoverPaymentsAfter({
      ...range,
      ports: shop.ports([provider('stripe', [short]), down]),
    });
    expect(result).toEqual({
      listed: 1,
      present: 0,
      recovered: 0,
      refunded: 0,
      needsAttention: 1,
      failed: 1,
    });
    expect(shop.sales).toEqual([]);
  });

  it('counts a payment whose settling throws as failed and goes on with the others', async () => {
    const shop = fakeShop();
    vi.spyOn(logger, 'error').mockImplementation(() => undefined);
    const broken = paidAfterBackup(shop, 'p7');
    const fine = paidAfterBackup(shop, 'p8');
    const readJournaledOrder = async (code: string) => {
      if (code === broken.checkoutCode) throw new Error('S3 is down');
      return shop.journal.get(code);
    };
    const result = await recoverPaymentsAfter({
      ...range,
      ports: shop.ports([provider('stripe', [paidFor(broken), paidFor(fine)])], { readJournaledOrder }),
    });
    expect(result).toEqual({
      listed: 2,
      present: 0,
      recovered: 1,
      refunded: 0,
      needsAttention: 0,
      failed: 1,
    });
  });

  it('takes only the order’s form from the journal: nothing the sale, mail, shipping or deletion wrote', () => {
    const order = orderOf('p9');
    const journaled = {
      ...order,
      status: 'paid',
      paidAt: 'x',
      refundedAt: 'x',
      mailSentAt: 'x',
      mailLeaseUntil: 1,
      staffMailDue: true,
      staffMailSentAt: 'x',
      fulfilment: 'shipped',
      deletedAt: 'x',
    } as unknown as OrderEntity;
    expect(orderBeforePayment(journaled, { kind: 'stripe', typeCode: 1, listPaid: async () => [] })).toEqual({
      ...order,
      status: 'pending',
    });
  });
});
