import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { ProductEntity } from '#catalog/entities/product.ts';
import { newProofItem } from '#passport/entities/proof.ts';
import { toBase64url } from '#shared/passport/base64url.ts';
import { ownerCommitment } from '#shared/passport/log.ts';
import { verifyFragment } from '#shared/passport/verify.ts';
import { transact } from '#table/transactions.ts';
import { adminApi, loggedInAdmin } from '../support/admin.ts';
import { type ApiAnswer, api, freshClientAddress } from '../support/api.ts';
import { getRaw } from '../support/db.ts';
import { productEntity, store, typeEntity, uniqueId } from '../support/fixtures.ts';
import { publishedKeySet } from '../support/passport.ts';
import { buyWithCard, mailedPassword } from '../support/purchase.ts';
import { mailTo, pointAtLocalStack } from '../support/stack-env.ts';

/**
 * Resale proofs and the owner's passport over HTTP (docs/passport.md, Resale proof): made by the
 * logged-in owner, signed, verifiable offline; online their status says valid, expired, or voided
 * once the piece is transferred.
 */
const type = typeEntity({ name: 'Proof test' });
let serial = 0;
const cardNumber = () => `73${Date.now().toString().slice(-9)}${String(serial++).padStart(5, '0')}`;
const pieces = Array.from({ length: 4 }, () =>
  productEntity(type, { cardNumber: cardNumber(), priceUs: 900, name: 'Proof gown' }),
);
const buyer = (p: ProductEntity) => `proof-owner-${p.id}@example.com`;
const passwords = new Map<string, string>();

beforeAll(async () => {
  pointAtLocalStack();
  await store({ type, products: pieces });
  for (const p of pieces) passwords.set(p.id, (await buyWithCard(p, buyer(p))).password);
}, 120_000);

const at = (i: number) => pieces[i] as ProductEntity;
async function session(p: ProductEntity, password = passwords.get(p.id) as string) {
  const login = await api('/authenticationcard', {
    method: 'POST',
    json: { cardNumber: p.cardNumber, password },
    from: freshClientAddress(),
  });
  expect(login.status, login.text).toBe(200);
  const set = login.headers['set-cookie'];
  return { cookie: ((Array.isArray(set) ? set[0] : set) ?? '').split(';')[0] as string };
}

interface OwnerProof {
  id: string;
  url: string;
  since: string;
  expires: string;
  state: string;
}
interface Mine {
  piece: string;
  code: string | null;
  verifyUrl: string | null;
  ownerSalt: string;
  commitment: string;
  lost: boolean;
  proofs: OwnerProof[];
}
const makeProof = (headers: Record<string, string>, days: unknown) =>
  api<{ proof: OwnerProof; message?: string }>('/passport/proofs', {
    method: 'POST',
    json: { days },
    headers,
  });
const mine = (headers: Record<string, string>) => api<Mine>('/passport/mine', { headers });
const stateOf = async (id: string) => (await api<{ state: string }>(`/passport/proofs/${id}`)).body.state;
const fragmentOf = (url: string) => url.slice(url.indexOf('#') + 1);

/** The token of the latest reset link mailed to `email`. */
async function mailedResetToken(email: string): Promise<string> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const mails = (await mailTo(email)).filter(
      (m) => m.subject === 'Reset your authenticity portal password',
    );
    const token = mails.at(-1)?.body.text?.match(/\/authenticity\/reset\?token=([A-Za-z0-9_-]{43})/)?.[1];
    if (token) return token;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no reset link mailed to ${email}`);
}

describe('a resale proof', () => {
  it('is made by the owner for 1–30 days: signed, verifiable with the published keys, listed on their passport, valid online', async () => {
    const p = at(0);
    const headers = await session(p);
    const made: ApiAnswer<{ proof: OwnerProof }>[] = [];
    for (const days of [7, 1, 30]) made.push(await makeProof(headers, days));
    for (const answer of made) expect(answer.status, answer.text).toBe(200);
    const [proof] = made.map((answer) => answer.body.proof) as [OwnerProof];
    const today = new Date();
    const expiry = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + 7));
    const record = await getRaw(`AUTH#${p.cardNumber}`, '#AUTH');
    expect(proof).toMatchObject({
      since: String(record?.createdAt).slice(0, 7),
      expires: expiry.toISOString(),
      state: 'valid',
    });
    expect(proof.url.startsWith(`${new URL(inject('baseUrl')).origin}/verify#p1.${p.id}.`)).toBe(true);
    const verdict = await verifyFragment(fragmentOf(proof.url), await publishedKeySet());
    expect(verdict).toMatchObject({ ok: true, kind: 'proof', pieceId: p.id, id: proof.id });
    expect(await stateOf(proof.id)).toBe('valid');

    const passport = await mine(headers);
    expect(passport.status, passport.text).toBe(200);
    expect(passport.body.proofs.map((listed) => listed.id)).toEqual(
      made.map((a) => a.body.proof.id).reverse(),
    );
    expect(passport.body.ownerSalt).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(passport.body.ownerSalt).toBe(record?.ownerSalt);
    expect(passport.body.commitment).toBe(await ownerCommitment(p.id, passport.body.ownerSalt));
    expect(passport.body).toMatchObject({ piece: p.id, lost: false });
    // Nothing personal in what a buyer is given or can look up.
    expect(JSON.stringify([proof.url, await api(`/passport/proofs/${proof.id}`)])).not.toContain(buyer(p));
  });

  it('is voided once the piece is transferred; the new owner has a new salt and none of the old proofs', async () => {
    const p = at(1);
    const headers = await session(p);
    const { proof } = (await makeProof(headers, 10)).body;
    const before = (await mine(headers)).body;
    expect(await stateOf(proof.id)).toBe('valid');
    const next = `${uniqueId('next')}@example.com`;
    const moved = await api('/transfer-auth', {
      method: 'POST',
      json: { cardNumber: p.cardNumber, pid: p.id, email: next, pwd: passwords.get(p.id) },
      headers,
      from: freshClientAddress(),
    });
    expect(moved.status, moved.text).toBe(200);
    expect(await stateOf(proof.id)).toBe('voided');
    const theirs = (
      await mine(await session(p, await mailedPassword(next, 'Proof gown has been transferred to you')))
    ).body;
    expect(theirs.ownerSalt).not.toBe(before.ownerSalt);
    expect(theirs.commitment).not.toBe(before.commitment);
    expect(theirs.proofs).toEqual([]);
  });

  it('still stands after the owner resets their password (the owner is the same)', async () => {
    const p = at(3);
    const { proof } = (await makeProof(await session(p), 5)).body;
    const asked = await api('/reset-pwd', {
      method: 'POST',
      json: { email: buyer(p), cardNumber: p.cardNumber },
      from: freshClientAddress(),
    });
    expect(asked.status, asked.text).toBe(200);
    const token = await mailedResetToken(buyer(p));
    expect((await api('/reset-pwd/confirm', { method: 'POST', json: { token } })).status).toBe(200);
    const fresh = await mailedPassword(buyer(p), 'Your new authenticity portal password');
    expect(await stateOf(proof.id)).toBe('valid');
    expect((await mine(await session(p, fresh))).body.proofs.map((listed) => listed.id)).toEqual([proof.id]);
  });

  it('expires at 00:00 UTC of its day', async () => {
    const p = at(0);
    const record = await getRaw(`AUTH#${p.cardNumber}`, '#AUTH');
    const id = toBase64url(crypto.getRandomValues(new Uint8Array(16)));
    await transact([
      newProofItem({
        kind: 'passportProof',
        id,
        pid: p.id,
        cardNumber: p.cardNumber as string,
        ownerSalt: record?.ownerSalt as string,
        since: '2026-01',
        expires: new Date().toISOString().slice(0, 10),
        text: 'p1.stored-directly',
        createdAt: new Date(Date.now() - 86_400_000).toISOString(),
      }),
    ]);
    expect(await stateOf(id)).toBe('expired');
  });

  it('answers 400 for days 0, 31, "x", 1.5; 401 without a session; 404 for an unknown proof', async () => {
    const headers = await session(at(0));
    for (const days of [0, 31, 'x', 1.5, null]) {
      const answer = await makeProof(headers, days);
      expect(answer, String(days)).toMatchObject({
        status: 400,
        body: { message: expect.stringContaining('days must be a whole number from 1 to 30') },
      });
    }
    expect((await makeProof({}, 7)).status).toBe(401);
    expect((await mine({})).status).toBe(401);
    expect((await api(`/passport/proofs/${toBase64url(new Uint8Array(16))}`)).body).toEqual({
      message: 'no such proof',
    });
    expect((await api('/passport/proofs/not-an-id')).status).toBe(400);
  });

  it('is limited to 10 a card a day: the 11th answers 429 and is not made', async () => {
    const headers = await session(at(2));
    for (let i = 0; i < 10; i++) expect((await makeProof(headers, 3)).status).toBe(200);
    const refused = await makeProof(headers, 3);
    expect(refused).toMatchObject({
      status: 429,
      body: { message: 'you have made 10 resale proofs today. please try again tomorrow.' },
    });
    expect((await mine(headers)).body.proofs).toHaveLength(10);
  });
});

describe("the owner's passport", () => {
  it("gives the piece's latest code and its /verify link once a certificate is issued", async () => {
    const p = at(0);
    const headers = await session(p);
    const admin = await loggedInAdmin();
    const issued = await adminApi<{ certificate: { code: string } }>(admin, '/passport/certificates', {
      method: 'POST',
      json: { pid: p.id },
    });
    expect(issued.status, issued.text).toBe(200);
    const passport = (await mine(headers)).body;
    expect(passport.code).toBe(issued.body.certificate.code);
    expect(passport.verifyUrl).toBe(
      `${new URL(inject('baseUrl')).origin}/verify#${issued.body.certificate.code}`,
    );
    expect(await verifyFragment(passport.code as string, await publishedKeySet())).toMatchObject({
      ok: true,
      pieceId: p.id,
    });
  });
});
