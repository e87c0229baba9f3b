import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, describe, expect, it } from 'vitest';
import { collectionKeys, productKeys } from '#catalog/entities/keys.ts';
import { DRAND_ENVIRONMENT, type DrandEnvironment } from '#draws/adapters/beacon.ts';
import { beaconProblem } from '#shared/drand.ts';
import { type LocalStack, startLocalStack } from '../../infra/local/stack.ts';
import { newCheckoutKey } from '../support/api.ts';
import { productEntity, typeEntity, uniqueId } from '../support/fixtures.ts';
import { checkoutBody } from '../support/purchase.ts';

/**
 * `npm start` after Ctrl-C resumes where it was: a stack of this file's own, stopped and started
 * again on the same ports and data folder, keeps the table, the payments stand-in's objects (a
 * pending checkout can still be paid), the mail already sent and the beacon's chain.
 */
const dir = mkdtempSync(join(tmpdir(), 'boutique-restart-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const type = typeEntity({ name: 'Restart test', shippingPrices: { CA: 25 } });
const [sold, pending] = [1, 2].map((n) =>
  productEntity(type, {
    id: uniqueId(`p-restart-${n}`),
    priceUs: 1100,
    cardNumber: `54${String(Date.now()).slice(-10)}000${n}`,
  }),
) as [ReturnType<typeof productEntity>, ReturnType<typeof productEntity>];

async function start(ports?: Record<string, number>): Promise<LocalStack> {
  return startLocalStack({
    port: ports?.port ?? 0,
    dynamoDbPort: ports?.dynamoDbPort ?? 0,
    s3Port: ports?.s3Port ?? 0,
    sesPort: ports?.sesPort ?? 0,
    paymentsPort: ports?.paymentsPort ?? 0,
    drandPort: ports?.drandPort ?? 0,
    dataDir: dir,
    seed: false,
  });
}

const portOf = (url: string) => Number(new URL(url).port);
const pinned = (chain: DrandEnvironment) => ({
  chainHash: chain.DRAND_CHAIN_HASH,
  publicKey: chain.DRAND_PUBLIC_KEY,
  genesis: Number(chain.DRAND_GENESIS),
  period: Number(chain.DRAND_PERIOD),
});

async function call<T>(
  stack: LocalStack,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const answer = await fetch(`${stack.url}/api${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', origin: stack.url },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: answer.status, body: (await answer.json()) as T };
}

async function payAtStandIn(stack: LocalStack, clientSecret: string) {
  const intent = clientSecret.split('_secret_')[0];
  const answer = await fetch(`${stack.paymentsUrl}/__emulator/stripe/payment_intents/${intent}/confirm`, {
    method: 'POST',
    body: JSON.stringify({ card: '4242424242424242' }),
  });
  return (await answer.json()) as { status: string };
}

async function mails(stack: LocalStack, to: string): Promise<string[]> {
  const store = (await (await fetch(`${stack.sesUrl}/store`)).json()) as {
    emails: { destination: { to: string[] }; subject: string }[];
  };
  return store.emails.filter((m) => m.destination.to.includes(to)).map((m) => m.subject);
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 15_000;
  let value = await read();
  while (!done(value) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 100));
    value = await read();
  }
  return value;
}

describe('the local stack restarted', () => {
  it('keeps a pending checkout payable, the mail already sent and the beacon chain', {
    timeout: 180_000,
  }, async () => {
    let stack = await start();
    try {
      const db = () =>
        DynamoDBDocumentClient.from(
          new DynamoDBClient({
            endpoint: stack.dynamoDbUrl,
            region: 'us-east-1',
            credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
          }),
        );
      for (const Item of [
        { ...collectionKeys(type), ...type },
        { ...productKeys(sold), ...sold },
        { ...productKeys(pending), ...pending },
      ])
        await db().send(new PutCommand({ TableName: stack.tableName, Item }));

      // Before: one piece bought and mailed, another's checkout started and left unpaid.
      const buyer = `${uniqueId('before')}@example.com`;
      const first = await call<{ client_secret: string; checkoutCode: string }>(
        stack,
        '/secret',
        checkoutBody(sold, newCheckoutKey(), { email: buyer }),
      );
      expect(first.status).toBe(200);
      expect(await payAtStandIn(stack, first.body.client_secret)).toMatchObject({ status: 'succeeded' });
      expect(
        await until(
          () => mails(stack, buyer),
          (m) => m.length === 2,
        ),
      ).toHaveLength(2);
      const later = `${uniqueId('after')}@example.com`;
      const second = await call<{ client_secret: string; checkoutCode: string }>(
        stack,
        '/secret',
        checkoutBody(pending, newCheckoutKey(), { email: later }),
      );
      expect(second.status).toBe(200);

      // The beacon's chain, as the functions are given it (this process's environment is theirs).
      const chain = stack.drand;
      const given = () => Object.fromEntries(DRAND_ENVIRONMENT.map((name) => [name, process.env[name]]));
      expect(given()).toEqual(chain);
      const ports = {
        port: portOf(stack.url),
        dynamoDbPort: portOf(stack.dynamoDbUrl),
        s3Port: portOf(stack.s3Url),
        sesPort: portOf(stack.sesUrl),
        paymentsPort: portOf(stack.paymentsUrl),
        drandPort: portOf(stack.drandUrl),
      };
      await stack.stop();
      stack = await start(ports);

      expect(stack.drand).toEqual(chain);
      expect(given()).toEqual(chain);
      const round = await (await fetch(`${stack.drandUrl}/${chain.DRAND_CHAIN_HASH}/public/1`)).json();
      expect(beaconProblem(pinned(chain), round)).toBeUndefined();

      // After: the mail sent before is still there; the pending checkout is paid and sells its piece.
      expect((await mails(stack, buyer)).sort()).toEqual([
        'Your authenticity portal password',
        `Your order: ${sold.name}`,
      ]);
      expect(await payAtStandIn(stack, second.body.client_secret)).toMatchObject({ status: 'succeeded' });
      const order = await until(
        () => call<{ order: { status: string } }>(stack, `/orders/${second.body.checkoutCode}`),
        (o) => o.body.order?.status === 'paid',
      );
      expect(order).toMatchObject({ status: 200, body: { order: { status: 'paid' } } });
      expect(
        await until(
          () => mails(stack, later),
          (m) => m.length === 2,
        ),
      ).toHaveLength(2);
      const piece = await db().send(
        new GetCommand({ TableName: stack.tableName, Key: { pk: `PRODUCT#${pending.id}`, sk: '#PRODUCT' } }),
      );
      expect(piece.Item).toMatchObject({ status: 0, soldOrder: second.body.checkoutCode });
    } finally {
      await stack.stop();
    }
  });
});
