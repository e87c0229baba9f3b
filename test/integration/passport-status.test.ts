import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { ProductEntity } from '#catalog/entities/product.ts';
import { keySet } from '#passport/index.ts';
import { parseCertificate } from '#shared/passport/certificate.ts';
import type { CredentialStatus } from '#shared/passport/status-list.ts';
import { verifyStatusList } from '#shared/passport/verify.ts';
import { adminApi, loggedInAdmin, type TestAdmin } from '../support/admin.ts';
import { type ApiAnswer, api, freshClientAddress, until } from '../support/api.ts';
import { productEntity, store, typeEntity } from '../support/fixtures.ts';
import { buyWithCard } from '../support/purchase.ts';
import { pointAtLocalStack } from '../support/stack-env.ts';

/**
 * The lost-or-stolen status list (docs/passport.md, Lost or stolen): each certificate names its
 * piece's bit in the shop's signed W3C Bitstring Status List, and an owner's report reaches the
 * published list within the minute (the report starts the sequencer, which republishes it), where
 * the page's verifier reads it.
 */
const type = typeEntity({ name: 'Passport status test' });
let serial = 0;
const cardNumber = () => `67${Date.now().toString().slice(-9)}${String(serial++).padStart(5, '0')}`;
const pieces = Array.from({ length: 2 }, () =>
  productEntity(type, { cardNumber: cardNumber(), priceUs: 800, name: 'Status coat' }),
);
const [stolen, other] = pieces as [ProductEntity, ProductEntity];
const passwords = new Map<string, string>();
let admin: TestAdmin;

beforeAll(async () => {
  pointAtLocalStack();
  admin = await loggedInAdmin();
  await store({ type, products: pieces });
  for (const p of pieces) passwords.set(p.id, (await buyWithCard(p, `owner-${p.id}@example.com`)).password);
}, 120_000);

async function issued(pid: string): Promise<CredentialStatus> {
  const answer = await adminApi<{ certificate: { certificate: string } }>(admin, '/passport/certificates', {
    method: 'POST',
    json: { pid },
  });
  expect(answer.status, answer.text).toBe(200);
  const status = parseCertificate(answer.body.certificate.certificate)?.payload.credentialStatus;
  if (!status) throw new Error('the certificate names no status entry');
  return status;
}

async function logIn(p: ProductEntity): Promise<Record<string, string>> {
  const answer = await api('/authenticationcard', {
    method: 'POST',
    json: { cardNumber: p.cardNumber, password: passwords.get(p.id) },
    from: freshClientAddress(),
  });
  expect(answer.status, answer.text).toBe(200);
  const set = (answer as ApiAnswer<unknown>).headers['set-cookie'];
  return { cookie: ((Array.isArray(set) ? set[0] : set) ?? '').split(';')[0] as string };
}

/** The published list as the page reads it (through the gateway, as CloudFront serves it), judged by the page's verifier. */
async function pageSays(status: CredentialStatus) {
  const answer = await fetch(`${inject('baseUrl')}/passport/status/list`, { cache: 'no-store' });
  if (!answer.ok) return { ok: false as const, reason: `HTTP ${answer.status}` };
  return verifyStatusList((await answer.text()).trim(), await keySet(), status);
}

describe('the status list', () => {
  it('gives each piece one bit of the shop’s list, named by every certificate of the piece', async () => {
    const first = await issued(stolen.id);
    expect(first).toMatchObject({
      type: 'BitstringStatusListEntry',
      statusPurpose: 'suspension',
      statusListCredential: `${new URL(inject('baseUrl')).origin}/passport/status/list`,
    });
    expect(await issued(stolen.id)).toEqual(first);
    expect((await issued(other.id)).statusListIndex).not.toBe(first.statusListIndex);
  });

  // Three waits of up to a minute each (the sequencer's schedule): the test's bound holds all three.
  it('shows a report of loss once republished, and its clearing once found; the page’s verifier reads both', {
    timeout: 200_000,
  }, async () => {
    const status = await issued(stolen.id);
    const neighbour = await issued(other.id);
    const session = await logIn(stolen);
    const report = (lost: boolean) =>
      api('/passport/lost', { method: 'POST', json: { lost }, headers: session });
    // The page's verdict as last read: each wait ends on it (a read may meet the stand-in mid-write).
    let said: Awaited<ReturnType<typeof pageSays>> | undefined;
    const reported = async (s: CredentialStatus) => {
      said = await pageSays(s);
      return said.ok ? said.reported : undefined;
    };

    expect(await report(true)).toMatchObject({ status: 200, body: { lost: true } });
    await until(
      async () => (await reported(status)) === true,
      'the published list to show the report',
      60_000,
    );
    expect(said).toEqual({ ok: true, index: Number(status.statusListIndex), reported: true });
    await until(
      async () => (await reported(neighbour)) !== undefined,
      'the list read for another piece',
      60_000,
    );
    expect(said).toMatchObject({ ok: true, reported: false });

    expect(await report(false)).toMatchObject({ status: 200, body: { lost: false } });
    await until(
      async () => (await reported(status)) === false,
      'the published list to clear the report',
      60_000,
    );
    expect(said).toMatchObject({ ok: true, reported: false });
  });
});
