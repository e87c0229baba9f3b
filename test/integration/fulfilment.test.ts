import { beforeAll, describe, expect, it } from 'vitest';
import type { ProductEntity } from '#catalog/entities/product.ts';
import { type OrderEntity, orderKeys, readOrder } from '#checkout/entities/order.ts';
import { type FulfilledOrder, recordShipment } from '#checkout/entities/order-fulfilment.ts';
import { DELIVERY_MAIL_LEASE_MS, sendDeliveryMail } from '#checkout/fulfilment.ts';
import { deliveryMailPorts, sweepDeliveryMail } from '#checkout/jobs/mail-sweep.ts';
import { countOverdueOrders } from '#checkout/overdue-orders.ts';
import { SHIPMENT_REFUSALS } from '#checkout/rules/carriers.ts';
import { LOCAL_SHOP_SETTINGS } from '../../infra/local/shop-settings.ts';
import { adminApi, loggedInAdmin, type TestAdmin } from '../support/admin.ts';
import { getRaw, itemsWithPrefix, putItems } from '../support/db.ts';
import { orderEntity, productEntity, store, typeEntity, uniqueId } from '../support/fixtures.ts';
import { runJob } from '../support/jobs.ts';
import { buyWithCard } from '../support/purchase.ts';
import { mailTo, pointAtLocalStack } from '../support/stack-env.ts';

/**
 * Fulfilment (issue 17): a paid order is shipped with its carrier and tracking, the delivery
 * e-mail goes out once (retries, two staff at once, SES failing: the sweep), corrections and
 * deliveries are audited, and the overdue check counts paid orders waiting too long.
 */
pointAtLocalStack();

const DAY = 24 * 60 * 60 * 1000;
const type = typeEntity({ name: 'Fulfilment Atelier' });
let serial = 0;
const piece = (name: string) =>
  productEntity(type, {
    name,
    cardNumber: `74${Date.now().toString().slice(-9)}${String(serial++).padStart(5, '0')}`,
  });
const bought = piece('Shipped Silk Coat');
const direct = Array.from({ length: 6 }, (_, i) => piece(`Waiting Piece ${i}`));
let admin: TestAdmin;
let colleague: TestAdmin;

beforeAll(async () => {
  await store({ type, products: [bought, ...direct] });
  [admin, colleague] = await Promise.all([loggedInAdmin(), loggedInAdmin()]);
});

/** A paid order written straight into the table, paid at `paidAt`. */
async function paidOrder(product: ProductEntity, paidAt: number): Promise<OrderEntity> {
  const order: OrderEntity = {
    ...orderEntity(product, paidAt - 60_000, `${uniqueId('ship')}@example.com`),
    status: 'paid',
    paidAt: new Date(paidAt).toISOString(),
    mailSentAt: new Date(paidAt).toISOString(),
  };
  await putItems([{ ...orderKeys(order), ...order }]);
  return order;
}

async function orderOf(product: ProductEntity): Promise<string> {
  const order = (await itemsWithPrefix('ORDER#')).find((o) => o.productId === product.id);
  if (!order) throw new Error(`no order for ${product.id}`);
  return order.checkoutCode as string;
}

const shipmentsTo = async (email: string) =>
  (await mailTo(email)).filter((m) => m.subject.endsWith('is on its way'));

const ship = (who: TestAdmin, code: string, body: Record<string, unknown>) =>
  adminApi<{ order: Record<string, unknown>; mail: string; message?: string }>(
    who,
    `/orders/${code}/shipment`,
    { method: 'POST', json: body },
  );

describe('shipping a paid order', () => {
  it('ships a bought piece: the order shows shipped, the delivery e-mail carries the tracking link', async () => {
    const email = `${uniqueId('buyer')}@example.com`;
    await buyWithCard(bought, email);
    const code = await orderOf(bought);

    const answer = await ship(admin, code, { carrier: 'canada-post', trackingNumber: '7023 2103 9876 5432' });
    expect(answer.status).toBe(200);
    expect(answer.body.mail).toBe('sent');
    const link =
      'https://www.canadapost-postescanada.ca/track-reperage/en#/search?searchFor=7023210398765432';
    expect(answer.body.order).toMatchObject({
      status: 'paid',
      orderState: 'shipped',
      fulfilment: 'shipped',
      shipment: {
        carrier: 'canada-post',
        trackingNumber: '7023210398765432',
        trackingUrl: link,
        shippedBy: admin.username,
      },
    });

    const mails = await shipmentsTo(email);
    expect(mails).toHaveLength(1);
    const text = mails[0]?.body.text ?? '';
    expect(mails[0]?.subject).toBe(`${bought.name} is on its way`);
    expect(text).toContain(bought.name);
    expect(text).toContain('Carrier: Canada Post');
    expect(text).toContain(`Follow it here: ${link}`);
    expect(text).toContain(`write to us at ${LOCAL_SHOP_SETTINGS.supportEmail}.`);
    expect(text).toMatch(/\nOne of One Luxury$/);

    // Recorded as sent, off the delivery mail's work list.
    const raw = await getRaw(`ORDER#${code}`, '#ORDER');
    expect(raw?.deliveryMailSentAt).toBeDefined();
    expect(raw?.gsi1pk).toBeUndefined();

    // The list and the details show it shipped; the waiting filter no longer has it.
    const shipped = await adminApi<{ list: { id: string; orderState: string }[] }>(
      admin,
      '/orders?filter=shipped&pageSize=100',
    );
    expect(shipped.body.list.find((o) => o.id === code)?.orderState).toBe('shipped');
    const waiting = await adminApi<{ list: { id: string }[] }>(admin, '/orders?filter=waiting&pageSize=100');
    expect(waiting.body.list.some((o) => o.id === code)).toBe(false);
    const all = await adminApi<{ list: { id: string; status: string; orderState: string }[] }>(
      admin,
      '/orders?pageSize=100',
    );
    expect(all.body.list.find((o) => o.id === code)).toMatchObject({ status: 'paid', orderState: 'shipped' });

    // The ship is in the audit log, by whom.
    const audit = (await itemsWithPrefix('AUDIT#')).filter((a) => a.entityId === code && a.action === 'ship');
    expect(audit).toHaveLength(1);
    expect(audit[0]?.admin).toBe(admin.username);

    // Shipping twice is refused, clearly, and sends nothing.
    const again = await ship(colleague, code, { carrier: 'ups', trackingNumber: '1Z999AA10123456784' });
    expect(again.status).toBe(409);
    expect(again.body.message).toContain('already shipped');
    expect(again.body.message).toContain(`by ${admin.username}`);
    expect(await shipmentsTo(email)).toHaveLength(1);
  });

  it('sends one e-mail when two staff press at once and when the call is retried', async () => {
    const order = await paidOrder(direct[0] as ProductEntity, Date.now() - DAY);
    const body = { carrier: 'dhl', trackingNumber: 'JD0146000061' };
    const answers = await Promise.all([
      ship(admin, order.checkoutCode, body),
      ship(colleague, order.checkoutCode, body),
      ship(admin, order.checkoutCode, body),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    for (const refused of answers.filter((a) => a.status === 409))
      expect(refused.body.message).toContain('already shipped');
    // A retry after the answer was lost: refused, nothing sent again.
    expect((await ship(admin, order.checkoutCode, body)).status).toBe(409);
    expect(await shipmentsTo(order.contact.email)).toHaveLength(1);
    const audit = (await itemsWithPrefix('AUDIT#')).filter(
      (a) => a.entityId === order.checkoutCode && a.action === 'ship',
    );
    expect(audit).toHaveLength(1);
  });

  it('ships only a paid order, and refuses bad carriers, numbers and links with 400', async () => {
    const pending = orderEntity(direct[1] as ProductEntity, Date.now());
    await putItems([{ ...orderKeys(pending), ...pending }]);
    const unpaid = await ship(admin, pending.checkoutCode, {
      carrier: 'ups',
      trackingNumber: '1Z999AA10123456784',
    });
    expect(unpaid.status).toBe(409);
    expect(unpaid.body.message).toBe(SHIPMENT_REFUSALS.notPaid);

    const order = await paidOrder(direct[2] as ProductEntity, Date.now() - DAY);
    for (const [body, message] of [
      [{ carrier: 'pigeon', trackingNumber: 'AB123456' }, 'choose a carrier'],
      [{ carrier: 'ups', trackingNumber: '12' }, SHIPMENT_REFUSALS.trackingNumber],
      [{ carrier: 'other', trackingNumber: 'AB123456' }, SHIPMENT_REFUSALS.otherUrlMissing],
      [
        { carrier: 'other', trackingNumber: 'AB123456', trackingUrl: 'http://track.example.com/1' },
        SHIPMENT_REFUSALS.otherUrl,
      ],
      [
        { carrier: 'other', trackingNumber: 'AB123456', trackingUrl: 'javascript:alert(1)' },
        SHIPMENT_REFUSALS.otherUrl,
      ],
      [
        { carrier: 'fedex', trackingNumber: 'AB123456', trackingUrl: 'https://x.example.com' },
        SHIPMENT_REFUSALS.urlNotOther,
      ],
    ] as const) {
      const answer = await ship(admin, order.checkoutCode, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.message).toContain(message);
    }
    expect((await readOrder(order.checkoutCode)) as FulfilledOrder).not.toHaveProperty('fulfilment');
    expect(
      (
        await ship(admin, '00000000-0000-4000-8000-000000000000', {
          carrier: 'ups',
          trackingNumber: 'AB123456',
        })
      ).status,
    ).toBe(404);

    // "other" with an https link of the carrier's own.
    const other = await ship(admin, order.checkoutCode, {
      carrier: 'other',
      trackingNumber: 'AB123456',
      trackingUrl: 'https://track.example.com/p?n=AB123456',
    });
    expect(other.status).toBe(200);
    const mail = (await shipmentsTo(order.contact.email))[0]?.body.text ?? '';
    expect(mail).toContain('Follow it here: https://track.example.com/p?n=AB123456');
  });

  it('corrects the carrier or tracking (audited, before and after), then marks delivered once', async () => {
    const order = await paidOrder(direct[3] as ProductEntity, Date.now() - DAY);
    const path = `/orders/${order.checkoutCode}`;
    expect((await adminApi(admin, `${path}/delivered`, { method: 'POST' })).status).toBe(409);
    expect(
      (
        await adminApi(admin, `${path}/shipment`, {
          method: 'PATCH',
          json: { carrier: 'ups', trackingNumber: 'AB123456' },
        })
      ).status,
    ).toBe(409);
    await ship(admin, order.checkoutCode, { carrier: 'ups', trackingNumber: '1Z999AA10123456784' });

    const corrected = await adminApi<{ order: { shipment: Record<string, string> } }>(
      colleague,
      `${path}/shipment`,
      {
        method: 'PATCH',
        json: { carrier: 'fedex', trackingNumber: '123456789012' },
      },
    );
    expect(corrected.status).toBe(200);
    expect(corrected.body.order.shipment).toMatchObject({
      carrier: 'fedex',
      trackingNumber: '123456789012',
      trackingUrl: 'https://www.fedex.com/fedextrack/?trknbr=123456789012',
      shippedBy: admin.username,
      correctedBy: colleague.username,
    });
    const audit = (await itemsWithPrefix('AUDIT#')).find(
      (a) => a.entityId === order.checkoutCode && a.action === 'correct-shipment',
    );
    expect(audit).toMatchObject({
      admin: colleague.username,
      before: { shipment: { carrier: 'ups', trackingNumber: '1Z999AA10123456784' } },
      after: { shipment: { carrier: 'fedex', trackingNumber: '123456789012' } },
    });
    // The same again is nothing to correct.
    const same = await adminApi(colleague, `${path}/shipment`, {
      method: 'PATCH',
      json: { carrier: 'fedex', trackingNumber: '123456789012' },
    });
    expect(same.status).toBe(409);

    const delivered = await adminApi<{ order: Record<string, unknown> }>(admin, `${path}/delivered`, {
      method: 'POST',
    });
    expect(delivered.status).toBe(200);
    expect(delivered.body.order).toMatchObject({
      orderState: 'delivered',
      deliveredBy: admin.username,
      status: 'paid',
    });
    expect((await adminApi(admin, `${path}/delivered`, { method: 'POST' })).status).toBe(409);
    // Still one delivery e-mail: corrections and the delivery send none.
    expect(await shipmentsTo(order.contact.email)).toHaveLength(1);
  });
});

describe('the delivery e-mail when SES fails', () => {
  it('is sent by the mail sweep once the lease of the failed sender has run out, once', async () => {
    const order = await paidOrder(direct[4] as ProductEntity, Date.now() - 2 * DAY);
    const now = Date.now();
    const shipped = await recordShipment({
      order,
      shipment: {
        carrier: 'ups',
        trackingNumber: '1Z999AA10123456784',
        trackingUrl: 'https://www.ups.com/track?loc=en_US&tracknum=1Z999AA10123456784',
        shippedAt: new Date(now).toISOString(),
        shippedBy: admin.username,
      },
      now,
      mailLeaseUntil: now + DELIVERY_MAIL_LEASE_MS,
    });
    const down = {
      ...deliveryMailPorts(),
      sendMail: async () => {
        throw new Error('SES is down');
      },
    };
    await expect(sendDeliveryMail(shipped, down)).rejects.toThrow('SES is down');
    expect(await shipmentsTo(order.contact.email)).toHaveLength(0);

    // While the sender's lease runs, the sweep leaves it alone.
    const during = await sweepDeliveryMail(deliveryMailPorts(() => now + 1000));
    expect(during.sent).toBe(0);
    expect(await shipmentsTo(order.contact.email)).toHaveLength(0);

    // SES still down after the lease: the sweep fails loudly (retried, then dead-lettered).
    await expect(
      sweepDeliveryMail({ ...down, now: () => now + DELIVERY_MAIL_LEASE_MS + 1000 }),
    ).rejects.toThrow('still without their delivery e-mail');

    // SES back, the lease over: sent once, with the tracking link.
    const later = deliveryMailPorts(() => Date.now() + 2 * DELIVERY_MAIL_LEASE_MS + 5000);
    const swept = await sweepDeliveryMail(later);
    expect(swept.sent).toBeGreaterThanOrEqual(1);
    const mails = await shipmentsTo(order.contact.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.body.text).toContain('https://www.ups.com/track?loc=en_US&tracknum=1Z999AA10123456784');
    expect((await getRaw(`ORDER#${order.checkoutCode}`, '#ORDER'))?.gsi1pk).toBeUndefined();

    // Done is done.
    await sweepDeliveryMail(later);
    await runJob('mail-sweep');
    expect(await shipmentsTo(order.contact.email)).toHaveLength(1);
  });
});

describe('the overdue check', () => {
  it('counts paid orders waiting more than 7 business days, across weekends, from the job and the admin', async () => {
    // Paid Friday 2026-11-06, 10:00 in Vancouver; checked on Tuesday 17 and Wednesday 18 November
    // (Remembrance Day, Wednesday 11, is a BC holiday): 6 and 7 business days — not yet overdue;
    // Thursday 19: 8, overdue.
    const friday = Date.parse('2026-11-06T18:00:00Z');
    const old = await paidOrder(direct[5] as ProductEntity, friday);
    const codes = (r: { orders: { checkoutCode: string }[] }) => r.orders.map((o) => o.checkoutCode);

    expect(codes(await countOverdueOrders(Date.parse('2026-11-17T20:00:00Z')))).not.toContain(
      old.checkoutCode,
    );
    expect(codes(await countOverdueOrders(Date.parse('2026-11-18T20:00:00Z')))).not.toContain(
      old.checkoutCode,
    );
    const thursday = await countOverdueOrders(Date.parse('2026-11-19T20:00:00Z'));
    expect(thursday.orders.find((o) => o.checkoutCode === old.checkoutCode)).toMatchObject({
      businessDays: 8,
    });
    expect(thursday.overdue).toBe(thursday.orders.length);
    expect(thursday.waiting).toBeGreaterThanOrEqual(thursday.overdue);

    // Today (well after): overdue in the admin's list and in the check the admin runs.
    const list = await adminApi<{ list: { id: string; businessDays?: number; overdue?: boolean }[] }>(
      admin,
      '/orders?filter=waiting&pageSize=100',
    );
    expect(list.body.list.find((o) => o.id === old.checkoutCode)).toMatchObject({ overdue: true });
    // The list's overdue filter (the admin home's count) applies the same rule: only overdue ones.
    const overdueList = await adminApi<{ list: { id: string; overdue?: boolean }[] }>(
      admin,
      '/orders?filter=overdue&pageSize=100',
    );
    expect(overdueList.status).toBe(200);
    expect(overdueList.body.list.find((o) => o.id === old.checkoutCode)).toMatchObject({ overdue: true });
    expect(overdueList.body.list.filter((o) => !o.overdue)).toEqual([]);
    const check = await adminApi<{ overdue: number; waiting: number; orders: { checkoutCode: string }[] }>(
      admin,
      '/overdue-orders',
      { method: 'POST' },
    );
    expect(check.status).toBe(200);
    expect(check.body.overdue).toBeGreaterThanOrEqual(1);
    expect(codes(check.body)).toContain(old.checkoutCode);
    // Shipped orders are never overdue.
    expect(codes(check.body)).not.toContain(await orderOf(bought));

    // The local stack runs the same job (`npm run job overdue-orders`).
    const job = (await (await runJob('overdue-orders')).json()) as {
      result: { orders: { checkoutCode: string }[] };
    };
    expect(codes(job.result)).toContain(old.checkoutCode);

    // Shipped: no longer waiting, no longer overdue.
    await ship(admin, old.checkoutCode, { carrier: 'dhl', trackingNumber: 'JD0146000099' });
    expect(codes(await countOverdueOrders())).not.toContain(old.checkoutCode);
  });
});
