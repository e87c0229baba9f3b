import { expect, inject } from 'vitest';
import type { ProductEntity } from '#catalog/entities/product.ts';
import { memberKeys } from '#members/entities/member.ts';
import {
  askEntryLink,
  type Entrant,
  type EntryAttempt,
  enter,
  enterWithCard,
  enterWithPaypal,
  linkInMail,
  newEntrant,
} from '../load/entrants.ts';
import type { Answer } from '../load/shoppers.ts';
import { adminApi, type TestAdmin } from './admin.ts';
import { until } from './api.ts';
import { putItems } from './db.ts';
import { productEntity, store, typeEntity } from './fixtures.ts';
import { runJob } from './jobs.ts';
import { mailTo } from './stack-env.ts';

/** The release draws' suites' common steps, over HTTP against the local stack. */

export const base = () => inject('baseUrl');
export const iso = (ms: number) => new Date(ms).toISOString();

/** A piece of its own, in a collection of its own (a draw holds its piece). */
export async function ownPiece(): Promise<ProductEntity> {
  const type = typeEntity();
  // Its own steel card's number: the winner's sale makes the card's authenticity record.
  const cardNumber = Array.from({ length: 16 }, () => Math.floor(Math.random() * 10)).join('');
  const piece = productEntity(type, { cardNumber });
  await store({ type, products: [piece] });
  return piece;
}

/** New entrants whose e-mails are confirmed members. */
export async function memberEntrants(count: number, tag: string): Promise<Entrant[]> {
  const at = new Date(Date.now() - 60_000).toISOString();
  const entrants = Array.from({ length: count }, () => newEntrant(tag));
  await putItems(
    entrants.map((e) => ({
      ...memberKeys({ email: e.email, createdAt: at }),
      kind: 'member',
      email: e.email,
      createdAt: at,
      status: 'confirmed',
      confirmedAt: at,
    })),
  );
  return entrants;
}

/** The links of a draw mailed to an address, oldest first. */
export async function mailedLinks(drawId: string, email: string): Promise<string[]> {
  return (await mailTo(email))
    .filter((m) => m.subject.startsWith('Your link to enter the draw'))
    .flatMap((m) => linkInMail(m.body.text ?? '', drawId) ?? []);
}

/**
 * The entrant with a new link of the draw, as a member gets one: asked for on the draw's page,
 * read from the mail the SES stand-in received.
 */
export async function linked(drawId: string, entrant: Entrant): Promise<Entrant> {
  const before = (await mailedLinks(drawId, entrant.email)).length;
  const asked = await askEntryLink(base(), drawId, entrant);
  expect(asked.status, JSON.stringify(asked.body)).toBe(202);
  let links: string[] = [];
  await until(async () => {
    links = await mailedLinks(drawId, entrant.email);
    return links.length > before;
  }, `the entry link mailed to ${entrant.email}`);
  return { ...entrant, link: links[links.length - 1] as string };
}

/** A new entry through a new mailed link (POST …/entries only). */
export async function enterLinked(
  drawId: string,
  entrant: Entrant,
  piece: { id: string; typeId: string },
  paymentType: '1' | '2' = '1',
): Promise<Answer> {
  return enter(base(), drawId, await linked(drawId, entrant), piece, paymentType);
}

/** A whole card entry through a new mailed link. */
export async function enterWithCardLinked(
  drawId: string,
  entrant: Entrant,
  piece: { id: string; typeId: string },
): Promise<EntryAttempt> {
  return enterWithCard(base(), drawId, await linked(drawId, entrant), piece);
}

/** A whole PayPal entry through a new mailed link. */
export async function enterWithPaypalLinked(
  drawId: string,
  entrant: Entrant,
  piece: { id: string; typeId: string },
  account: string,
): Promise<EntryAttempt> {
  return enterWithPaypal(
    base(),
    inject('paymentsUrl'),
    drawId,
    await linked(drawId, entrant),
    piece,
    account,
  );
}

/** Staff make a draw of the piece open from now for `openMs`; answers its id. */
export async function staffDraw(admin: TestAdmin, pid: string, openMs: number): Promise<string> {
  const now = Date.now();
  const made = await adminApi<{ draws: { drawId: string }[] }>(admin, '/draws', {
    method: 'POST',
    json: { pid, opensAt: iso(now - 1000), closesAt: iso(now + openMs) },
  });
  expect(made.status, made.text).toBe(200);
  return made.body.draws[0]?.drawId as string;
}

export interface PublicDraw {
  state: string;
  beaconState?: string;
  waitingSince?: string;
  closesAt: string;
  winner?: string;
  /** The beacon round its list names, from the close; the round drawn with, once witnessed. */
  round?: number;
  roundDrawn?: number;
  entries?: number;
  files: { entries: string; result: string };
}

export async function publicDraw(drawId: string): Promise<PublicDraw> {
  const answer = await fetch(`${base()}/api/draws/${drawId}`);
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { draw: PublicDraw }).draw;
}

/**
 * The job is run until the draw is settled: before its window closes a run leaves it open, then
 * it closes, waits for its beacon round and is drawn and settled (a minute past the close at most).
 */
export async function settleAfterClose(drawId: string): Promise<PublicDraw> {
  const { closesAt } = await publicDraw(drawId);
  await expect
    .poll(
      async () => {
        const run = await runJob('run-draws');
        expect(run.status, await run.clone().text()).toBe(200);
        return (await publicDraw(drawId)).state;
      },
      { timeout: Math.max(0, Date.parse(closesAt) - Date.now()) + 60_000, interval: 1000 },
    )
    .toBe('settled');
  return publicDraw(drawId);
}

/** A PaymentIntent as the Stripe stand-in holds it (read with the stack's secret key). */
export async function intentOf(answer: Answer): Promise<{ status: string; amount_received: number }> {
  const id = String(answer.body.client_secret ?? '').split('_secret_')[0];
  const read = await fetch(`${inject('paymentsUrl')}/v1/payment_intents/${id}`, {
    headers: { authorization: 'Bearer sk_test_local_boutique' },
  });
  expect(read.status).toBe(200);
  return (await read.json()) as { status: string; amount_received: number };
}
