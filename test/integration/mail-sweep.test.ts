import { beforeAll, describe, expect, it } from 'vitest';
import { getAuthRecord } from '#authenticity/entities/auth-record.ts';
import type { ProductEntity } from '#catalog/entities/product.ts';
import { getProduct } from '#catalog/entities/product.ts';
import type { OrderEntity } from '#checkout/entities/order.ts';
import { getOrder, holdAndRecordOrder, markRefunded, sellOrder } from '#checkout/entities/order.ts';
import { mailPorts, sweepPendingMail } from '#checkout/jobs/mail-sweep.ts';
import { completePayment, MAIL_LEASE_MS } from '#checkout/payment-completion.ts';
import { verifyPassword } from '#platform/passwords.ts';
import { orderEntity, productEntity, store, typeEntity, uniqueId } from '../support/fixtures.ts';
import { stripePaymentOf } from '../support/orders.ts';
import { mailTo, pointAtLocalStack } from '../support/stack-env.ts';

pointAtLocalStack();

const DAY = 24 * 60 * 60 * 1000;
const type = typeEntity({ name: 'Mail sweep test' });
const pieces = Array.from({ length: 2 }, (_, i) =>
  productEntity(type, { cardNumber: `52${String(Date.now()).slice(-10)}${String(i).padStart(4, '0')}` }),
);
beforeAll(() => store({ type, products: pieces }));

/** Sells the order while SES fails: paid, the record made, no mail. */
async function sellWithoutMail(order: OrderEntity, at: number) {
  expect(await holdAndRecordOrder(order, at)).toBe('held');
  const failing = {
    ...mailPorts(() => at),
    sellOrder,
    markRefunded,
    refund: async () => undefined,
    sendMail: async () => {
      throw new Error('SES is down');
    },
  };
  await expect(completePayment(stripePaymentOf(order), failing)).rejects.toThrow('SES is down');
  expect(await getOrder(order.checkoutCode)).toMatchObject({ status: 'paid' });
}

describe('the scheduled mail sweep', () => {
  it("sends a sale's lost mail once, with a password that works, without any provider retry", async () => {
    const soldAt = Date.now() - 3 * DAY;
    const piece = pieces[0] as ProductEntity;
    const order = orderEntity(piece, soldAt, `${uniqueId('swept')}@example.com`);
    await sellWithoutMail(order, soldAt);
    expect(await mailTo(order.contact.email)).toHaveLength(0);

    const window = { since: soldAt - 1000, until: soldAt + 1000 };
    expect(await sweepPendingMail(mailPorts(), window)).toEqual({ checked: 1, sent: 1, failed: 0 });
    const mails = await mailTo(order.contact.email);
    expect(mails.map((m) => m.subject).sort()).toEqual([
      'Your authenticity portal password',
      `Your order: ${piece.name}`,
    ]);
    const password = /\n {4}(\S{16})\n/.exec(
      mails.find((m) => m.subject.includes('portal'))?.body.text ?? '',
    )?.[1];
    const record = await getAuthRecord(piece.cardNumber as string);
    expect(record?.credentialVersion).toBe(2);
    expect(await verifyPassword(password as string, record?.passwordHash as string)).toBe(true);
    expect((await getOrder(order.checkoutCode))?.mailSentAt).toBeDefined();

    // Done is done: the next sweep finds nothing and sends nothing.
    expect(await sweepPendingMail(mailPorts(), window)).toEqual({ checked: 0, sent: 0, failed: 0 });
    expect(await mailTo(order.contact.email)).toHaveLength(2);
  });

  it('leaves a sale alone while its sender may still be at work, and fails loudly while SES is down', async () => {
    const soldAt = Date.now() - 5 * DAY;
    const piece = pieces[1] as ProductEntity;
    const order = orderEntity(piece, soldAt, `${uniqueId('swept')}@example.com`);
    await sellWithoutMail(order, soldAt);
    const window = { since: soldAt - 1000, until: soldAt + 1000 };

    // Within the lease (the clock of the sale), nothing is sent.
    const atSale = mailPorts(() => soldAt + MAIL_LEASE_MS / 2);
    expect(await sweepPendingMail(atSale, window)).toEqual({ checked: 1, sent: 0, failed: 0 });

    // SES still failing: the sweep throws, so the scheduled run is retried and then dead-lettered.
    const down = {
      ...mailPorts(),
      sendMail: async () => {
        throw new Error('SES is down');
      },
    };
    await expect(sweepPendingMail(down, window)).rejects.toThrow('1 paid order(s) still without their mail');
    expect(await mailTo(order.contact.email)).toHaveLength(0);

    // Once SES is back and the failed sender's lease has run out, the mail goes out.
    const later = mailPorts(() => Date.now() + MAIL_LEASE_MS + 1000);
    expect(await sweepPendingMail(later, window)).toEqual({ checked: 1, sent: 1, failed: 0 });
    expect(await mailTo(order.contact.email)).toHaveLength(2);
    expect(await getProduct(piece.id)).toMatchObject({ status: 0 });
  });
});
