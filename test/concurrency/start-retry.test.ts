import { beforeAll, describe, expect, inject, it } from 'vitest';
import { checkoutCodeFor } from '#checkout/rules/new-order.ts';
import { LOCAL_THREE_D_SECURE_ABOVE_CENTS } from '../../infra/local/stack.ts';
import { api } from '../support/api.ts';
import { store } from '../support/fixtures.ts';
import { checkoutBody } from '../support/purchase.ts';
import { pointAtLocalStack } from '../support/stack-env.ts';
import { dynamoOperation, faultProxy, runHandlerInChild } from './faults.ts';
import { catalogue, confirmCard, intentOf, newBuyer, readOrder, readProduct, until } from './shop.ts';

/**
 * A checkout start retried by the same shopper: twins sent at once, and a retry after the start's
 * Lambda was killed between taking the hold and recording its payment. Either way: one hold,
 * one order, one payment, and the shopper pays it.
 */
const { type, pieces } = catalogue('Start retry', 2);
beforeAll(async () => {
  pointAtLocalStack();
  await store({ type, products: pieces });
});

interface Intent {
  id: string;
  status: string;
  metadata?: Record<string, string>;
}

async function intentsOf(code: string): Promise<Intent[]> {
  const answer = await fetch(`${inject('paymentsUrl')}/__emulator/stripe/payment_intents`);
  const { data } = (await answer.json()) as { data: Intent[] };
  return data.filter((i) => i.metadata?.checkoutCode === code);
}

const form = (piece: (typeof pieces)[number], checkoutKey: string, email: string) =>
  checkoutBody(piece, checkoutKey, { email });

type StartAnswer = { checkoutCode: string; client_secret: string; publishableKey: string; holdUntil: number };

describe('the same checkout key, retried', () => {
  it('after the start was killed between its hold and its payment: one hold, one order, one payment, paid once', {
    timeout: 120_000,
  }, async () => {
    const piece = pieces[0] as (typeof pieces)[number];
    const buyer = newBuyer('card', 'killed-start');
    const body = form(piece, buyer.checkoutKey, buyer.email);
    // The start's DynamoDB goes through a proxy that never answers the write after the hold:
    // the PaymentIntent exists at Stripe, its reference is not recorded, and the process dies.
    let held = false;
    const proxy = await faultProxy(inject('dynamoDbUrl'), dynamoOperation, (r) => {
      if (r.kind === 'TransactWriteItems') held = true;
      else if (held && r.kind === 'UpdateItem') return 'hang-before';
      return 'forward';
    });
    const run = runHandlerInChild(
      'checkout/http/secret',
      { path: '/secret', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
      {
        AWS_REGION: 'us-east-1',
        AWS_ACCESS_KEY_ID: 'S3RVER',
        AWS_SECRET_ACCESS_KEY: 'S3RVER',
        AWS_ENDPOINT_URL_DYNAMODB: proxy.url,
        AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
        TABLE_NAME: inject('tableName'),
        STRIPE_SECRET_KEY: 'sk_test_local_boutique',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_local_boutique',
        STRIPE_API_BASE: inject('paymentsUrl'),
        // As the stack's functions have it: the retry's PaymentIntent must carry the same parameters.
        THREE_D_SECURE_ABOVE_CENTS: LOCAL_THREE_D_SECURE_ABOVE_CENTS,
        AWS_LAMBDA_LOG_LEVEL: 'ERROR',
      },
    );
    try {
      await Promise.race([
        proxy.stopped,
        run.exited.then(() => {
          throw new Error(`the start ended before the fault: ${run.output()}`);
        }),
      ]);
    } finally {
      run.child.kill('SIGKILL');
      await run.exited;
      await proxy.close();
    }
    const product = await readProduct(piece.id);
    expect(product.holdUntil).toBeGreaterThan(Date.now());
    const code = checkoutCodeFor(piece.id, buyer.checkoutKey);
    const killed = await readOrder(code);
    expect(killed).toMatchObject({ status: 'pending', holdId: product.holdId });
    expect(killed?.paymentRef).toBeUndefined();
    const [made] = await intentsOf(code);
    expect(made).toBeDefined();

    // The shopper's page retries with its key — twice at once, as a double click would.
    const answers = await Promise.all(
      [1, 2].map(() => api<StartAnswer>('/secret', { method: 'POST', json: body, from: buyer.from })),
    );
    for (const a of answers) expect(a.status, a.text).toBe(200);
    const [first, second] = answers.map((a) => a.body) as [StartAnswer, StartAnswer];
    expect(second.checkoutCode).toBe(first.checkoutCode);
    expect(second.client_secret).toBe(first.client_secret);
    expect(first.holdUntil).toBe(product.holdUntil);
    expect(first.checkoutCode).toBe(code);
    expect(await readOrder(code)).toMatchObject({
      status: 'pending',
      paymentRef: intentOf(first.client_secret),
    });
    // One PaymentIntent for the order: the killed start's, answered again by Stripe's idempotency.
    expect((await intentsOf(code)).map((i) => i.id)).toEqual([made?.id]);
    expect(intentOf(first.client_secret)).toBe(made?.id);

    expect(
      await confirmCard({
        status: 200,
        clientSecret: first.client_secret,
        publishableKey: first.publishableKey,
      }),
    ).toBe(200);
    await until('the order to be paid', async () => (await readOrder(code))?.status === 'paid');
    expect(await readProduct(piece.id)).toMatchObject({ status: 0, soldOrder: code });
  });
});
