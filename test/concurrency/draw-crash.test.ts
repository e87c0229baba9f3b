import type { IncomingHttpHeaders } from 'node:http';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { DrawResult } from '#shared/draw/result.ts';
import { type EntryAttempt, entryCall } from '../load/entrants.ts';
import { call } from '../load/shoppers.ts';
import { loggedInAdmin, type TestAdmin } from '../support/admin.ts';
import {
  base,
  enterWithCardLinked,
  intentOf,
  memberEntrants,
  ownPiece,
  publicDraw,
  settleAfterClose,
  staffDraw,
} from '../support/draws.ts';
import { pointAtLocalStack } from '../support/stack-env.ts';
import { dynamoOperation, type FaultProxy, faultProxy, runInChild } from './faults.ts';

/**
 * The shop killed during a release draw (issue 35): the draw's job runs in a child process whose
 * Stripe, S3 or DynamoDB sits behind a proxy that keeps the answer of a chosen request, the work
 * done but never heard of (the way a Lambda killed right then never hears); the test kills the
 * process there (SIGKILL), then the scheduled job runs again. Whatever the point, the winner is
 * the one the published result names first, one card is charged once, and every other
 * authorisation is cancelled.
 */
let admin: TestAdmin;
beforeAll(async () => {
  pointAtLocalStack();
  Object.assign(process.env, {
    AWS_ENDPOINT_URL_S3: inject('s3Url'),
    S3_FORCE_PATH_STYLE: 'true',
    MEDIA_BUCKET: inject('mediaBucket'),
  });
  admin = await loggedInAdmin();
});
const proxies: FaultProxy[] = [];
afterAll(async () => {
  for (const proxy of proxies) await proxy.close();
});

const stripeOperation = (r: { method: string; path: string }) =>
  /\/v1\/payment_intents\/[^/]+\/(capture|cancel)$/.exec(r.path)?.[1] ?? 'other';
const s3Operation = (r: { method: string; path: string }) =>
  r.method === 'PUT' && /\/draws\/[^/]+\/result\.json(\?|$)/.test(r.path) ? 'PutResult' : 'other';

interface KillPoint {
  name: string;
  service: 'stripe' | 's3' | 'dynamodb';
  kind: string;
  n: number;
}

const POINTS: KillPoint[] = [
  { name: 'result.json stored, the draw not yet moved', service: 's3', kind: 'PutResult', n: 1 },
  { name: "the winner's card captured, the shop not told", service: 'stripe', kind: 'capture', n: 1 },
  {
    name: "the sale's transaction written, not answered",
    service: 'dynamodb',
    kind: 'TransactWriteItems',
    n: 2,
  },
  { name: 'the second other hold cancelled, not answered', service: 'stripe', kind: 'cancel', n: 2 },
];

const kindOf =
  (service: KillPoint['service']) => (r: { method: string; path: string; headers: IncomingHttpHeaders }) =>
    service === 'stripe' ? stripeOperation(r) : service === 's3' ? s3Operation(r) : dynamoOperation(r);

const upstream = (service: KillPoint['service']) =>
  service === 'stripe' ? inject('paymentsUrl') : service === 's3' ? inject('s3Url') : inject('dynamoDbUrl');

const endpointSetting = (service: KillPoint['service']) =>
  service === 'stripe'
    ? 'STRIPE_API_BASE'
    : service === 's3'
      ? 'AWS_ENDPOINT_URL_S3'
      : 'AWS_ENDPOINT_URL_DYNAMODB';

async function killAt(point: KillPoint, drawId: string): Promise<string> {
  const proxy = await faultProxy(upstream(point.service), kindOf(point.service), (r) =>
    r.kind === point.kind && r.n === point.n ? 'hang-after' : 'forward',
  );
  proxies.push(proxy);
  const run = runInChild('draw-settler-child.ts', [drawId], {
    ...process.env,
    [endpointSetting(point.service)]: proxy.url,
    AWS_LAMBDA_LOG_LEVEL: 'ERROR',
  });
  await Promise.race([
    proxy.stopped,
    run.exited.then(() => {
      throw new Error(`the draw's job ended before the fault: ${run.output()}`);
    }),
  ]);
  run.child.kill('SIGKILL');
  expect((await run.exited).signal).toBe('SIGKILL');
  return run.output();
}

describe('a release draw whose job is killed', () => {
  for (const point of POINTS) {
    it(`${point.name}: the same winner, one card charged once, every other hold cancelled`, async () => {
      const piece = await ownPiece();
      // Members first: on a loaded machine their sign-ups alone outlasted the window.
      const entrants = await memberEntrants(4, 'crash');
      const drawId = await staffDraw(admin, piece.id, 25_000);
      const attempts: EntryAttempt[] = [];
      for (const entrant of entrants) attempts.push(await enterWithCardLinked(drawId, entrant, piece));
      for (const attempt of attempts) expect(attempt.confirmed?.status).toBe(200);
      const { closesAt } = await publicDraw(drawId);
      await new Promise((done) => setTimeout(done, Math.max(0, Date.parse(closesAt) - Date.now() + 50)));

      await killAt(point, drawId);
      const draw = await settleAfterClose(drawId);

      const result = (await (await fetch(`${base()}${draw.files.result}`)).json()) as DrawResult;
      expect(draw.winner).toBe(result.order[0]);
      const intents = await Promise.all(attempts.map((a) => intentOf(a.entered)));
      expect(intents.filter((i) => i.status === 'succeeded')).toHaveLength(1);
      expect(intents.filter((i) => i.status === 'canceled')).toHaveLength(3);
      const winnerAt = attempts.findIndex((a) => a.entered.body.commitment === result.order[0]);
      const winner = entrants[winnerAt];
      const won = attempts[winnerAt];
      if (!winner || !won) throw new Error('the winner is one of the entries');
      expect(intents[winnerAt]).toMatchObject({ status: 'succeeded', amount_received: expect.any(Number) });
      const status = await entryCall(base(), drawId, winner, String(won.entered.body.entryId), 'status');
      expect(status.body.entry).toMatchObject({ outcome: 'won', checkoutCode: expect.any(String) });
      const order = await call(
        base(),
        `/api/orders/${(status.body.entry as { checkoutCode: string }).checkoutCode}`,
      );
      expect(order.status).toBe(200);
      expect((await call(base(), `/api/is-sold?id=${piece.id}`)).body).toMatchObject({ sold: true });
    }, 120_000);
  }
});
