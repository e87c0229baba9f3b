import { beforeAll, describe, expect, inject, it } from 'vitest';
import { getAuthRecord } from '#authenticity/entities/auth-record.ts';
import type { ProductEntity } from '#catalog/entities/product.ts';
import type { OrderEntity } from '#checkout/entities/order.ts';
import { getOrder, holdAndRecordOrder, markRefunded, sellOrder } from '#checkout/entities/order.ts';
import { mailPorts, sweepPendingMail } from '#checkout/jobs/mail-sweep.ts';
import { completePayment, MAIL_LEASE_MS } from '#checkout/payment-completion.ts';
import type { Mail } from '#platform/mail-templates.ts';
import { formatPrice } from '#shared/format.ts';
import { LOCAL_SHOP_SETTINGS } from '../../infra/local/shop-settings.ts';
import { newCheckoutKey, until } from '../support/api.ts';
import { orderEntity, productEntity, store, typeEntity, uniqueId } from '../support/fixtures.ts';
import { runJob } from '../support/jobs.ts';
import { stripePaymentOf } from '../support/orders.ts';
import { checkoutBody, payWithTestCard } from '../support/purchase.ts';
import { mailTo, pointAtLocalStack, type SentMail } from '../support/stack-env.ts';

pointAtLocalStack();

/**
 * Every paid order is announced to staff at the shop's orders address (issue 34): the piece, the
 * amount and a link to its admin page, once, through the lease and the sweep of the buyer's mail.
 */
const STAFF = LOCAL_SHOP_SETTINGS.ordersEmail;
const DAY = 24 * 60 * 60 * 1000;
const type = typeEntity({ name: 'Sale notice test', shippingPrices: { CA: 40, US: 45, FR: 80 } });
const pieces = Array.from({ length: 3 }, (_, i) =>
  productEntity(type, {
    name: `Sale notice piece ${i}`,
    cardNumber: `53${String(Date.now()).slice(-10)}${String(i).padStart(4, '0')}`,
    priceUs: 1000,
  }),
);
beforeAll(() => store({ type, products: pieces }));

/** The sale notices of one order in the SES stand-in. */
const noticesOf = async (code: string): Promise<SentMail[]> =>
  (await mailTo(STAFF)).filter((m) => m.body.text?.includes(`order ${code}`));

/** Sells the order with SES failing for the mail `fails` picks: paid, the other mail sent. */
async function sellWhileFailing(order: OrderEntity, at: number, fails: (mail: Mail) => boolean) {
  expect(await holdAndRecordOrder(order, at)).toBe('held');
  const ports = mailPorts(() => at);
  const failing = {
    ...ports,
    sellOrder,
    markRefunded,
    refund: async () => undefined,
    sendMail: async (mail: Mail) => {
      if (fails(mail)) throw new Error('SES is down');
      await ports.sendMail(mail);
    },
  };
  await expect(completePayment(stripePaymentOf(order), failing)).rejects.toThrow('SES is down');
  expect(await getOrder(order.checkoutCode)).toMatchObject({ status: 'paid' });
}

describe('the sale notice to staff', () => {
  it('mails the orders address once for a card purchase: the piece, the amount and its admin page', async () => {
    const piece = pieces[0] as ProductEntity;
    const email = `${uniqueId('notice')}@example.com`;
    const code = await payWithTestCard(checkoutBody(piece, newCheckoutKey(), { email }));
    await until(async () => (await noticesOf(code)).length > 0, 'the sale notice');
    await until(async () => (await mailTo(email)).length === 2, "the buyer's two mails");

    const [notice, ...more] = await noticesOf(code);
    expect(more).toHaveLength(0);
    const order = (await getOrder(code)) as OrderEntity;
    expect(notice?.subject).toBe(`Sold: ${piece.name}, ${formatPrice(order.finalPrice)} USD`);
    expect(notice?.body.text).toContain(`${piece.name} (${type.name}) is sold.`);
    expect(notice?.body.text).toContain(`Amount paid: ${formatPrice(order.finalPrice)} USD by card`);
    expect(notice?.body.text).toContain(`\n${inject('baseUrl')}/view-order/${code}\n`);
    expect(order).toMatchObject({ staffMailSentAt: expect.any(String) });
    expect(order.staffMailDue).toBeUndefined();

    // The sweep finds nothing more to send for it.
    expect((await runJob('mail-sweep')).status).toBe(200);
    expect(await noticesOf(code)).toHaveLength(1);
    expect(await mailTo(email)).toHaveLength(2);
  });

  it("retries a failed notice with the sweep, once its sender's lease ran out, without mailing the buyer again", async () => {
    const soldAt = Date.now() - 2 * DAY;
    const piece = pieces[1] as ProductEntity;
    const order = orderEntity(piece, soldAt, `${uniqueId('notice')}@example.com`);
    await sellWhileFailing(order, soldAt, (mail) => mail.to === STAFF);
    expect(await mailTo(order.contact.email)).toHaveLength(2);
    expect(await noticesOf(order.checkoutCode)).toHaveLength(0);
    expect(await getOrder(order.checkoutCode)).toMatchObject({
      mailSentAt: expect.any(String),
      staffMailDue: true,
    });

    const window = { since: soldAt - 1000, until: soldAt + 1000 };
    // Within the lease the sender may still be at work: nothing.
    expect(
      await sweepPendingMail(
        mailPorts(() => soldAt + MAIL_LEASE_MS / 2),
        window,
      ),
    ).toEqual({
      checked: 1,
      sent: 0,
      failed: 0,
    });
    expect(await sweepPendingMail(mailPorts(), window)).toEqual({ checked: 1, sent: 1, failed: 0 });
    expect(await noticesOf(order.checkoutCode)).toHaveLength(1);
    // Only the notice was due: the buyer is not mailed again, the first password still stands.
    expect(await mailTo(order.contact.email)).toHaveLength(2);
    expect((await getAuthRecord(piece.cardNumber as string))?.credentialVersion).toBe(1);

    // Sent is sent: later sweeps find nothing.
    expect(await sweepPendingMail(mailPorts(), window)).toEqual({ checked: 0, sent: 0, failed: 0 });
    expect((await runJob('mail-sweep')).status).toBe(200);
    expect(await noticesOf(order.checkoutCode)).toHaveLength(1);
  });

  it("still tells staff when the buyer's mail fails, and the sweep then sends only the buyer's", async () => {
    const soldAt = Date.now() - 3 * DAY;
    const piece = pieces[2] as ProductEntity;
    const order = orderEntity(piece, soldAt, `${uniqueId('notice')}@example.com`);
    await sellWhileFailing(order, soldAt, (mail) => mail.to === order.contact.email);
    expect(await noticesOf(order.checkoutCode)).toHaveLength(1);
    expect(await mailTo(order.contact.email)).toHaveLength(0);

    const window = { since: soldAt - 1000, until: soldAt + 1000 };
    expect(await sweepPendingMail(mailPorts(), window)).toEqual({ checked: 1, sent: 1, failed: 0 });
    expect(await mailTo(order.contact.email)).toHaveLength(2);
    expect(await noticesOf(order.checkoutCode)).toHaveLength(1);
    expect(await sweepPendingMail(mailPorts(), window)).toEqual({ checked: 0, sent: 0, failed: 0 });
  });
});
