import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ProductEntity } from '#catalog/entities/product.ts';
import type { OrderEntity } from '#checkout/entities/order.ts';
import { orderKeys } from '#checkout/entities/order.ts';
import { ORDER_DELETE_REFUSALS } from '#checkout/rules/delete-rules.ts';
import { adminApi, loggedInAdmin, type TestAdmin } from '../support/admin.ts';
import { api, newCheckoutKey, until } from '../support/api.ts';
import { getRaw, itemsWithPrefix, putItems } from '../support/db.ts';
import { productEntity, store, typeEntity, uniqueId } from '../support/fixtures.ts';
import { buyWithCard, payWithTestCard } from '../support/purchase.ts';

/**
 * The admin's orders (001 §2, §3, §7): the list of real purchases, one order with every field,
 * and the deletion rules — a token from the order view, the money trail kept, tombstones.
 */
const type = typeEntity({
  name: 'Orders Atelier',
  discount: true,
  discountCode: 'STAFF10',
  discountAmount: 10,
  shippingPrices: { CA: 40, US: 45, FR: 80 },
});
let serial = 0;
const piece = (extra: Partial<ProductEntity> = {}) =>
  productEntity(type, {
    cardNumber: `73${Date.now().toString().slice(-9)}${String(serial++).padStart(5, '0')}`,
    priceUs: 1000,
    size: 'M',
    colors: ['noir', 'ivoire'],
    ...extra,
  });

const bought = [piece({ name: 'First Sale Gown' }), piece({ name: 'Second Sale Gown' })];
const detailed = piece({ name: 'Every Field Cape' });
let admin: TestAdmin;

interface ListAnswer {
  pageCount: number;
  total: number;
  list: {
    id: string;
    checkoutTime: string;
    productName: string;
    name: string;
    email: string;
    finalPrice: number;
    status: string;
    paid: boolean;
    paymentType: number;
    deletedAt?: string;
  }[];
}

interface DetailsAnswer {
  order: Record<string, unknown>;
  deletable: boolean;
  deleteToken?: string;
  deleteTokenValidUntil?: string;
  deleteRefusal?: string;
}

/** The checkout code of the order a purchase of this product made. */
async function orderOf(product: ProductEntity): Promise<string> {
  const orders = await itemsWithPrefix('ORDER#');
  const order = orders.find((o) => o.productId === product.id);
  if (!order) throw new Error(`no order for ${product.id}`);
  return order.checkoutCode as string;
}

/** A real card purchase with every checkout field: billing elsewhere, a discount code, a US city's tax. */
async function buyWithEverything(product: ProductEntity, email: string): Promise<string> {
  const form = {
    checkoutKey: newCheckoutKey(),
    id: product.id,
    typeId: product.typeId,
    name: 'Grace Hopper',
    phone: '+1 213 555 0199',
    email,
    address1: '600 Wilshire Blvd',
    address2: 'Suite 12',
    unit: '12B',
    city: 'Los Angeles',
    state: 'CA',
    country: 'US',
    postalCode: '90017',
    hasBilling: 'true',
    nameBilling: 'Hopper Holdings',
    phoneBilling: '+33 1 55 55 01 99',
    emailBilling: 'billing@example.com',
    address1Billing: '8 Rue de la Paix',
    address2Billing: 'Escalier B',
    unitBilling: '3',
    cityBilling: 'Paris',
    stateBilling: 'Ile-de-France',
    countryBilling: 'FR',
    postalCodeBilling: '75002',
    discountCode: 'staff10',
  };
  const code = await payWithTestCard(form);
  await until(async () => (await getRaw(`ORDER#${code}`, '#ORDER'))?.status === 'paid', 'the sale');
  return code;
}

/** An order written straight into the table, in a state a real checkout leaves it in. */
function orderEntity(product: ProductEntity, overrides: Partial<OrderEntity> = {}): OrderEntity {
  const now = Date.now();
  return {
    kind: 'order',
    checkoutCode: randomUUID(),
    productId: product.id,
    typeId: product.typeId,
    productName: product.name,
    typeName: product.typeName,
    size: product.size,
    gender: product.gender,
    colors: product.colors,
    contact: {
      name: 'Abandoned Cart',
      phone: '+1 604 555 0111',
      email: `${uniqueId('cart')}@example.com`,
      address: '2 Side Street',
      address1: '2 Side Street',
      country: 'CA',
      city: 'Vancouver',
      state: 'BC',
    },
    hasBilling: false,
    paymentType: 1,
    currency: 'USD',
    productPrice: 1000,
    discountAmount: 0,
    productPriceAfterDiscount: 1000,
    shippingFee: 40,
    tax: 120,
    duty: 0,
    finalPrice: 1160,
    status: 'failed',
    holdId: randomUUID(),
    holdUntil: now - 60 * 60_000,
    checkoutTime: new Date(now - 2 * 60 * 60_000).toISOString(),
    ...overrides,
  };
}

async function storeOrders(...orders: OrderEntity[]): Promise<void> {
  await putItems(orders.map((o) => ({ ...orderKeys(o), ...o })));
}

const rawOrder = (code: string) => getRaw(`ORDER#${code}`, '#ORDER');
const details = (code: string, who = admin) => adminApi<DetailsAnswer>(who, `/order-details?id=${code}`);
const remove = (body: unknown, who = admin) =>
  adminApi<{ message?: string; status?: number; deletedAt?: string }>(who, '/orders', {
    method: 'DELETE',
    json: body,
  });
const tokenPk = (token: string) => `ORDERDELETE#${createHash('sha256').update(token).digest('base64url')}`;

/** Every page of the list, in order, with the page sizes seen. */
/** Every page of the list, read while no order was added: other suites share the table and buy meanwhile. */
async function allPages(): Promise<{ sizes: number[]; rows: ListAnswer['list']; first: ListAnswer }> {
  for (let attempt = 1; ; attempt++) {
    const first = (await adminApi<ListAnswer>(admin, '/orders?offset=0&pageSize=10')).body;
    const rows = [...first.list];
    const sizes = [first.list.length];
    let last = first;
    for (let page = 1; page < first.pageCount; page++) {
      last = (await adminApi<ListAnswer>(admin, `/orders?offset=${page * 10}&pageSize=10`)).body;
      sizes.push(last.list.length);
      rows.push(...last.list);
    }
    // The same total at the last page as at the first: a list of one moment, else read it again.
    if (last.total === first.total || attempt === 5) return { sizes, rows, first };
  }
}

async function auditEntriesFor(entityId: string): Promise<Record<string, unknown>[]> {
  return (await itemsWithPrefix('AUDIT#')).filter((e) => e.entityId === entityId);
}

beforeAll(async () => {
  await store({ type, products: [...bought, detailed] });
  admin = await loggedInAdmin();
  // Older failed checkouts, so the list spans pages below the real purchases.
  const filler = Array.from({ length: 11 }, (_, i) =>
    orderEntity(bought[0] as ProductEntity, {
      checkoutTime: new Date(Date.now() - (3 + i) * 60 * 60_000).toISOString(),
    }),
  );
  await storeOrders(...filler);
  for (const p of bought) await buyWithCard(p, `${uniqueId('buyer')}@example.com`);
}, 120_000);

describe('GET /orders', () => {
  it('lists real purchases newest first, 10 a page, with what the list screen shows', async () => {
    const codes = [await orderOf(bought[0] as ProductEntity), await orderOf(bought[1] as ProductEntity)];
    const { sizes, rows, first } = await allPages();
    expect(first.total).toBeGreaterThanOrEqual(13);
    expect(first.pageCount).toBe(Math.ceil(first.total / 10));
    expect(sizes.slice(0, -1).every((n) => n === 10)).toBe(true);
    expect(rows).toHaveLength(first.total);
    expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length);
    const times = rows.map((r) => r.checkoutTime);
    expect(times).toEqual([...times].sort().reverse());
    // The second purchase came after the first, and both after every failed filler checkout.
    const at = codes.map((c) => rows.findIndex((r) => r.id === c));
    expect(at[1]).toBeGreaterThanOrEqual(0);
    expect(at[1]).toBeLessThan(at[0] as number);
    const second = rows[at[1] as number];
    expect(second).toMatchObject({
      productName: 'Second Sale Gown',
      name: 'Ada Buyer',
      status: 'paid',
      paid: true,
      paymentType: 1,
      currency: 'USD',
    });
    expect(second?.finalPrice).toBeGreaterThan(1000);
    expect(second?.email).toMatch(/@example\.com$/);
  });

  it('refuses a bad page query with 400', async () => {
    expect((await adminApi(admin, '/orders?offset=-1')).status).toBe(400);
    expect((await adminApi(admin, '/orders?pageSize=1000')).status).toBe(400);
  });
});

describe('GET /order-details', () => {
  let code: string;
  beforeAll(async () => {
    code = await buyWithEverything(detailed, `${uniqueId('grace')}@example.com`);
  }, 60_000);

  it('shows every field of the order (001 §3), billing twins and amounts included', async () => {
    const answer = await details(code);
    expect(answer.status).toBe(200);
    const order = answer.body.order;
    expect(order).toMatchObject({
      checkoutCode: code,
      id: detailed.id,
      typeId: type.id,
      name: 'Grace Hopper',
      phone: '+1 213 555 0199',
      address: '600 Wilshire Blvd',
      address1: '600 Wilshire Blvd',
      address2: 'Suite 12',
      country: 'United States',
      countryId: 'US',
      unit: '12B',
      city: 'Los Angeles',
      postalCode: '90017',
      state: 'CA',
      cardName: null,
      hasBilling: true,
      nameBilling: 'Hopper Holdings',
      phoneBilling: '+33 1 55 55 01 99',
      emailBilling: 'billing@example.com',
      addressBilling: '8 Rue de la Paix',
      address1Billing: '8 Rue de la Paix',
      address2Billing: 'Escalier B',
      countryBilling: 'France',
      countryIdBilling: 'FR',
      unitBilling: '3',
      cityBilling: 'Paris',
      postalCodeBilling: '75002',
      stateBilling: 'Ile-de-France',
      productName: 'Every Field Cape',
      typeName: type.name,
      cardNumber: detailed.cardNumber,
      size: 'M',
      gender: 0,
      colors: ['noir', 'ivoire'],
      currency: 'USD',
      productPrice: 1000,
      discountCode: 'STAFF10',
      discountAmount: 100,
      productPriceAfterDiscount: 900,
      shippingFee: 45,
      duty: 0,
      paymentType: 1,
      status: 'paid',
      paid: true,
    });
    expect(String(order.email)).toMatch(/^grace-.*@example\.com$/);
    expect(order.tax).toBeGreaterThan(0);
    expect(order.finalPrice).toBeCloseTo(900 + 45 + (order.tax as number), 2);
    expect(order.amount).toBe(order.finalPrice);
    expect(Date.parse(String(order.checkoutTime))).toBeLessThanOrEqual(Date.parse(String(order.paidAt)));
    expect(String(order.paymentRef)).toMatch(/^pi_/);
  });

  it('hands out no delete token for a paid order, and says why', async () => {
    const answer = await details(code);
    expect(answer.body).toMatchObject({ deletable: false, deleteRefusal: ORDER_DELETE_REFUSALS.moneyMoved });
    expect(answer.body.deleteToken).toBeUndefined();
  });

  it('leaves the public GET /orders/{id} as minimal as the success page needs', async () => {
    const pub = await api<{ order: Record<string, unknown> }>(`/orders/${code}`);
    // The piece's picture when it has one; the buyer's name, mail and address only with the
    // checkout's key (test/integration/order-confirmation.test.ts), never to the code alone.
    expect(
      Object.keys(pub.body.order)
        .filter((key) => key !== 'picture')
        .sort(),
    ).toEqual(
      ['checkoutCode', 'currency', 'finalPrice', 'holdUntil', 'paymentType', 'productName', 'status'].sort(),
    );
  });

  it('answers 404 for an unknown order and 400 for a malformed id', async () => {
    expect((await details(randomUUID())).status).toBe(404);
    expect((await details('not-a-code')).status).toBe(400);
  });
});

describe('DELETE /orders', () => {
  const product = piece({ name: 'Abandoned Piece' });
  beforeAll(() => store({ type, products: [product] }));

  it('deletes a failed order only with the token of its view: missing, malformed, wrong, foreign, expired and reused tokens change nothing', async () => {
    const failed = orderEntity(product);
    const other = orderEntity(product);
    await storeOrders(failed, other);
    const seen = await details(failed.checkoutCode);
    expect(seen.body).toMatchObject({ deletable: true });
    const token = seen.body.deleteToken as string;
    expect(token).toMatch(/^[\w-]{43}$/);
    const validUntil = Date.parse(seen.body.deleteTokenValidUntil as string);
    expect(validUntil - Date.now()).toBeGreaterThan(9 * 60_000);
    expect(validUntil - Date.now()).toBeLessThanOrEqual(10 * 60_000);
    // The table holds the token's hash only.
    const stored = await getRaw(tokenPk(token), '#ORDERDELETE');
    expect(stored).toMatchObject({ checkoutCode: failed.checkoutCode, admin: admin.username });
    expect(JSON.stringify(stored)).not.toContain(token);

    const otherToken = (await details(other.checkoutCode)).body.deleteToken as string;
    const stranger = await loggedInAdmin();
    const strangersToken = (await details(failed.checkoutCode, stranger)).body.deleteToken as string;
    const expiring = (await details(failed.checkoutCode)).body.deleteToken as string;
    const expiringItem = await getRaw(tokenPk(expiring), '#ORDERDELETE');
    await putItems([{ ...expiringItem, validUntil: Date.now() - 1 }]);

    const refusals: [unknown, number][] = [
      [{ id: failed.checkoutCode }, 400],
      [{ id: failed.checkoutCode, token: 'short' }, 400],
      [{ id: 'not-a-code', token }, 400],
      [{ id: failed.checkoutCode, token: randomBytes(32).toString('base64url') }, 403],
      [{ id: failed.checkoutCode, token: otherToken }, 403],
      [{ id: other.checkoutCode, token }, 403],
      [{ id: failed.checkoutCode, token: strangersToken }, 403],
      [{ id: failed.checkoutCode, token: expiring }, 403],
    ];
    const auditBefore = (await auditEntriesFor(failed.checkoutCode)).length;
    for (const [body, status] of refusals) {
      const answer = await remove(body);
      expect(answer.status, JSON.stringify(body)).toBe(status);
      expect(answer.body.message).toBeTruthy();
    }
    expect((await remove({ id: failed.checkoutCode, token: otherToken })).body.message).toBe(
      ORDER_DELETE_REFUSALS.token,
    );
    expect(await rawOrder(failed.checkoutCode)).not.toHaveProperty('deletedAt');
    expect(await rawOrder(other.checkoutCode)).not.toHaveProperty('deletedAt');
    expect(await auditEntriesFor(failed.checkoutCode)).toHaveLength(auditBefore);

    const done = await remove({ id: failed.checkoutCode, token });
    expect(done).toMatchObject({ status: 200, body: { status: 200 } });
    // A tombstone: the item stays, marked; the token is used up.
    expect(await rawOrder(failed.checkoutCode)).toMatchObject({
      status: 'failed',
      deletedBy: admin.username,
      deletedAt: done.body.deletedAt,
    });
    expect(await getRaw(tokenPk(token), '#ORDERDELETE')).toBeUndefined();
    const reused = await remove({ id: failed.checkoutCode, token });
    expect(reused.status).toBe(403);

    const again = await details(failed.checkoutCode);
    expect(again.body).toMatchObject({ deletable: false, deleteRefusal: ORDER_DELETE_REFUSALS.deleted });
    const { rows } = await allPages();
    expect(rows.map((r) => r.id)).not.toContain(failed.checkoutCode);
    expect(rows.map((r) => r.id)).toContain(other.checkoutCode);
  });

  it('writes the delete to the audit log with the order as it was, in Vancouver-readable ISO time', async () => {
    const failed = orderEntity(product);
    await storeOrders(failed);
    const token = (await details(failed.checkoutCode)).body.deleteToken as string;
    expect((await remove({ id: failed.checkoutCode, token })).status).toBe(200);
    const [entry] = await auditEntriesFor(failed.checkoutCode);
    expect(entry).toMatchObject({
      admin: admin.username,
      action: 'delete',
      entity: 'order',
      before: { checkoutCode: failed.checkoutCode, status: 'failed', finalPrice: 1160 },
      after: { deletedBy: admin.username },
    });
    expect(entry?.before).not.toHaveProperty('pk');
    const log = await adminApi<{ list: { entityId: string; action: string }[] }>(
      admin,
      '/audit-log?offset=0&pageSize=100',
    );
    expect(log.body.list.find((e) => e.entityId === failed.checkoutCode)).toMatchObject({ action: 'delete' });
  });

  it('keeps a checkout in progress (no token) and lets an abandoned one go once its hold has ended', async () => {
    const live = orderEntity(product, { status: 'pending', holdUntil: Date.now() + 10 * 60_000 });
    const abandoned = orderEntity(product, { status: 'pending', holdUntil: Date.now() - 1 });
    await storeOrders(live, abandoned);
    const liveView = await details(live.checkoutCode);
    expect(liveView.body).toMatchObject({
      deletable: false,
      deleteRefusal: ORDER_DELETE_REFUSALS.inProgress,
    });
    const token = (await details(abandoned.checkoutCode)).body.deleteToken as string;
    expect((await remove({ id: abandoned.checkoutCode, token })).status).toBe(200);
    expect(await rawOrder(live.checkoutCode)).not.toHaveProperty('deletedAt');
  });

  it('refuses with 409, deleting nothing, when the order was paid after its token was handed out', async () => {
    const late = orderEntity(product, { status: 'pending', holdUntil: Date.now() - 1 });
    await storeOrders(late);
    const token = (await details(late.checkoutCode)).body.deleteToken as string;
    await storeOrders({ ...late, status: 'paid', paidAt: new Date().toISOString() });
    const answer = await remove({ id: late.checkoutCode, token });
    expect(answer).toMatchObject({ status: 409, body: { message: ORDER_DELETE_REFUSALS.moneyMoved } });
    expect(await rawOrder(late.checkoutCode)).toMatchObject({ status: 'paid' });
    expect(await rawOrder(late.checkoutCode)).not.toHaveProperty('deletedAt');
    expect(await auditEntriesFor(late.checkoutCode)).toEqual([]);
  });

  it('answers 401 to a delete with no session, before reading the body', async () => {
    const failed = orderEntity(product);
    await storeOrders(failed);
    const token = (await details(failed.checkoutCode)).body.deleteToken as string;
    const answer = await api('/orders', {
      method: 'DELETE',
      json: { id: failed.checkoutCode, token },
      headers: { 'x-boutique-admin': '1' },
    });
    expect(answer).toMatchObject({ status: 401, body: { message: 'please log in.' } });
    expect(await rawOrder(failed.checkoutCode)).not.toHaveProperty('deletedAt');
    expect(await getRaw(tokenPk(token), '#ORDERDELETE')).toBeDefined();
  });

  it('shows a deleted checkout again if it is paid later: no payment is ever hidden', async () => {
    const abandoned = orderEntity(product, { status: 'pending', holdUntil: Date.now() - 1 });
    await storeOrders(abandoned);
    const token = (await details(abandoned.checkoutCode)).body.deleteToken as string;
    expect((await remove({ id: abandoned.checkoutCode, token })).status).toBe(200);
    expect((await allPages()).rows.map((r) => r.id)).not.toContain(abandoned.checkoutCode);
    // The provider's late confirmation finds the tombstone (it is still under its key) and sells.
    const tomb = await rawOrder(abandoned.checkoutCode);
    await putItems([{ ...tomb, status: 'paid', paidAt: new Date().toISOString() }]);
    const row = (await allPages()).rows.find((r) => r.id === abandoned.checkoutCode);
    expect(row).toMatchObject({ status: 'paid', paid: true });
    expect(row?.deletedAt).toBeTruthy();
  });
});
