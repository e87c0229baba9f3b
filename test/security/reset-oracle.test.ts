import { beforeAll, describe, expect, it } from 'vitest';
import type { ProductEntity } from '#catalog/entities/product.ts';
import { PORTAL_MESSAGES } from '#shared/portal.ts';
import { type ApiAnswer, api, freshClientAddress } from '../support/api.ts';
import { productEntity, store, typeEntity, uniqueId } from '../support/fixtures.ts';
import { buyWithCard } from '../support/purchase.ts';
import { mailTo } from '../support/stack-env.ts';

/**
 * No oracle in the password reset (issue 36, point 5): a stranger who sends an e-mail and a
 * card number learns nothing from the answer about whether they belong together. Before, a
 * right pair cost 5 DynamoDB requests and a wrong one 3 (x-ddb-requests), and in production
 * the right pair wrote a token and sent a mail before answering (its time). Now every accepted
 * request does the same work before its answer and the rest after it.
 */
const RESET_LINK_SUBJECT = 'Reset your authenticity portal password';
const type = typeEntity({ name: `Oracle ${uniqueId('o')}` });
let serial = 0;
const cardNumber = () => `78${Date.now().toString().slice(-9)}${String(serial++).padStart(5, '0')}`;
const pieces = Array.from({ length: 2 }, () =>
  productEntity(type, { cardNumber: cardNumber(), priceUs: 900, name: 'Oracle ring' }),
);
const owner = (p: ProductEntity) => `oracle-${p.id}@example.com`;

beforeAll(async () => {
  await store({ type, products: pieces });
  for (const p of pieces) await buyWithCard(p, owner(p));
}, 120_000);

const reset = (email: string, card: string) =>
  api('/reset-pwd', { method: 'POST', json: { email, cardNumber: card }, from: freshClientAddress() });

/** What an observer compares: status, every header but the date and request ids, the body. */
function observable(answer: ApiAnswer) {
  const headers = Object.fromEntries(
    Object.entries(answer.headers).filter(([name]) => name !== 'date' && !/request-?id/i.test(name)),
  );
  return { status: answer.status, headers, text: answer.text };
}

async function resetMails(email: string, wanted: number): Promise<number> {
  const deadline = Date.now() + 15_000;
  let count = 0;
  while (Date.now() < deadline) {
    count = (await mailTo(email)).filter((m) => m.subject === RESET_LINK_SUBJECT).length;
    if (count >= wanted) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return count;
}

describe('POST /reset-pwd answers a right and a wrong pair alike', () => {
  it('byte for byte (status, headers, body) and with the same DynamoDB requests; the mail still reaches the owner', async () => {
    const [p, other] = pieces as [ProductEntity, ProductEntity];
    const card = p.cardNumber as string;
    const right = await reset(owner(p), card);
    const wrongEmail = await reset(`someone-${uniqueId('x')}@example.com`, card);
    const otherOwnersEmail = await reset(owner(other), card);
    const unknownCard = await reset(owner(p), cardNumber());

    expect(right).toMatchObject({
      status: 200,
      body: { status: 200, message: PORTAL_MESSAGES.resetLinkSent },
    });
    expect(Number.isFinite(right.ddbRequests)).toBe(true);
    for (const wrong of [wrongEmail, otherOwnersEmail, unknownCard]) {
      expect(observable(wrong)).toEqual(observable(right));
      expect(wrong.ddbRequests).toBe(right.ddbRequests);
    }
    // The right pair's work happens after its answer: the link arrives.
    expect(await resetMails(owner(p), 1)).toBe(1);
    // No other address got a link, and the other owner none for a card not theirs.
    expect(await resetMails(owner(other), 1)).toBe(0);
  });

  it('the owner’s one link a day: a second right pair answers the same again, and no second mail goes', async () => {
    const p = pieces[1] as ProductEntity;
    const card = p.cardNumber as string;
    const first = await reset(owner(p), card);
    expect(await resetMails(owner(p), 1)).toBe(1);
    const second = await reset(owner(p), card);
    const wrong = await reset(`someone-${uniqueId('y')}@example.com`, card);
    expect(observable(second)).toEqual(observable(first));
    expect(observable(wrong)).toEqual(observable(first));
    expect(second.ddbRequests).toBe(first.ddbRequests);
    await new Promise((r) => setTimeout(r, 1500));
    expect(await resetMails(owner(p), 2)).toBe(1);
  });
});

/**
 * The same for the one-time login link (issue 44): a right pair was answered measurably slower
 * (median 10 against 4 ms), its token stored and its mail sent before the answer, with 3 more
 * DynamoDB requests. Now the pair goes to the portal's link job after the same work for all.
 */
describe('POST /authenticationcard/login-link answers a right and a wrong pair alike', () => {
  const ask = (email: string, card: string) =>
    api('/authenticationcard/login-link', {
      method: 'POST',
      json: { email, cardNumber: card },
      from: freshClientAddress(),
    });
  const loginLinks = async (email: string) =>
    (await mailTo(email)).filter((m) => m.subject.startsWith('Your one-time login link')).length;

  it('byte for byte and with the same DynamoDB requests; the link still reaches the owner, and only the owner', async () => {
    const [p, other] = pieces as [ProductEntity, ProductEntity];
    const card = p.cardNumber as string;
    const right = await ask(owner(p), card);
    expect(right).toMatchObject({
      status: 200,
      body: { status: 200, message: PORTAL_MESSAGES.loginLinkSent },
    });
    expect(Number.isFinite(right.ddbRequests)).toBe(true);
    for (const wrong of [
      await ask(`someone-${uniqueId('l')}@example.com`, card),
      await ask(owner(other), card),
      await ask(owner(p), cardNumber()),
    ]) {
      expect(observable(wrong)).toEqual(observable(right));
      expect(wrong.ddbRequests).toBe(right.ddbRequests);
    }
    await expect.poll(() => loginLinks(owner(p)), { timeout: 30_000 }).toBe(1);
    expect(await loginLinks(owner(other))).toBe(0);
  });
});
