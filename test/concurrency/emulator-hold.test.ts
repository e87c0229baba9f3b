import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PaymentsEmulator, startPaymentsEmulator } from '../../infra/local/payments/emulator.ts';

/**
 * The emulator's scoped hold, which the concurrency suite uses to delay only its own checkouts'
 * webhooks while other test files share the same emulator: on its own emulator and receiver.
 */

let emulator: PaymentsEmulator;
let receiver: Server;
const received: string[] = [];

beforeAll(async () => {
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      const event = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { id: string };
      received.push(event.id);
      response.writeHead(200).end('{}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', () => resolve()));
  const port = (receiver.address() as { port: number }).port;
  emulator = await startPaymentsEmulator({
    port: 0,
    stripeWebhookSecret: 'whsec_hold_test',
    stripeWebhookUrl: `http://127.0.0.1:${port}/webhooks/stripe`,
    paypalWebhookId: 'WHHOLDTEST',
    stripeEnabledEvents: ['payment_intent.created'],
  });
});

afterAll(async () => {
  await emulator.stop();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

async function control(path: string, body: unknown = {}): Promise<Response> {
  return fetch(`${emulator.url}/__emulator/stripe${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/** A payment intent for this checkout code: its payment_intent.created event carries the code. */
async function intentFor(code: string): Promise<string> {
  const answer = await fetch(`${emulator.url}/v1/payment_intents`, {
    method: 'POST',
    headers: {
      authorization: 'Bearer sk_test_hold',
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({ amount: '1000', currency: 'usd', 'metadata[checkoutCode]': code }),
  });
  expect(answer.status).toBe(200);
  const created = emulator.stripe.events().at(-1);
  if (!created) throw new Error('no event');
  return created.id;
}

const settle = () => emulator.stripe.idle();

describe('a scoped webhook hold', () => {
  it('holds only the matching events, survives a global resume, and lets deliver and release send them', async () => {
    const mine = randomUUID();
    const other = randomUUID();
    expect((await control('/hold', { match: mine })).status).toBe(200);

    const first = await intentFor(mine);
    const unrelated = await intentFor(other);
    const second = await intentFor(mine);
    const third = await intentFor(mine);
    await settle();
    expect(received).toContain(unrelated);
    expect(received).not.toContain(first);
    expect(emulator.stripe.event(first)?.state).toBe('pending');

    // Another test's pause and resume does not let the scoped hold go.
    expect((await control('/pause')).status).toBe(200);
    expect((await control('/resume')).status).toBe(200);
    await settle();
    expect(received.filter((id) => [first, second, third].includes(id))).toEqual([]);

    // Taken out of the hold, in the order asked for.
    expect((await control('/deliver', { ids: [second] })).status).toBe(200);
    expect(received.at(-1)).toBe(second);

    // The end of the hold sends the rest in the order they happened, and nothing twice.
    expect((await control('/release', { match: mine })).status).toBe(200);
    await settle();
    expect(received.filter((id) => [first, second, third].includes(id))).toEqual([second, first, third]);

    // Once released, new events of that checkout go out at once.
    const after = await intentFor(mine);
    await settle();
    expect(received).toContain(after);
  });

  it('drops what it held when asked, and refuses a hold without a match', async () => {
    const mine = randomUUID();
    await control('/hold', { match: mine });
    const held = await intentFor(mine);
    await control('/release', { match: mine, drop: true });
    await settle();
    expect(emulator.stripe.event(held)?.state).toBe('dropped');
    expect(received).not.toContain(held);
    expect((await control('/hold', {})).status).toBe(400);
    expect((await control('/release', { match: '' })).status).toBe(400);
  });
});
