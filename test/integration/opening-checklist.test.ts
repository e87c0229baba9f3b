import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { OpeningMissing } from '#shared/contracts/opening.ts';
import { FILM_SLOTS } from '#shared/films.ts';
import { LOCAL_SHOP_SETTINGS } from '../../infra/local/shop-settings.ts';
import { adminApi, loggedInAdmin, type TestAdmin } from '../support/admin.ts';
import { api } from '../support/api.ts';
import { itemsWithPrefix, putItems } from '../support/db.ts';
import { uniqueId } from '../support/fixtures.ts';

/**
 * GET /opening (issue 45): what is still missing before the shop can open, computed from the
 * table, the deployment's settings and SES (the local stand-in answers GetEmailIdentity as SES
 * does); each thing fixed leaves the list.
 */
let admin: TestAdmin;
beforeAll(async () => {
  admin = await loggedInAdmin();
});

const MAIL_DOMAIN = LOCAL_SHOP_SETTINGS.mailFrom.split('@')[1] as string;

async function missing(): Promise<OpeningMissing[]> {
  const answer = await adminApi<{ ready: boolean; missing: OpeningMissing[] }>(admin, '/opening');
  expect(answer.status, answer.text).toBe(200);
  expect(answer.body.ready).toBe(answer.body.missing.length === 0);
  return answer.body.missing;
}
const itemOf = async (item: OpeningMissing['item']) => (await missing()).find((m) => m.item === item);

/** The SES stand-in's stand-in for DNS: SES verifies the identity, or takes it back. */
async function setVerified(identity: string, verified: boolean) {
  const answer = await fetch(`${inject('sesUrl')}/__control/identities/${identity}/verification`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ verified }),
  });
  expect(answer.status, await answer.text()).toBe(200);
}
const ses = (path: string, init: RequestInit = {}) =>
  fetch(`${inject('sesUrl')}/v2/email/identities${path}`, init);

describe('GET /opening', () => {
  it('is for staff only: without a session 401', async () => {
    const answer = await api('/opening');
    expect(answer.status).toBe(401);
    expect(answer.body).toHaveProperty('message');
  });

  it('lists the first terms version until one is published, linking /terms-versions', async () => {
    const listed = await itemOf('terms');
    // Other files publish versions too: listed exactly while the table has none.
    if ((await itemsWithPrefix('TERMS#')).length === 0) {
      expect(listed).toMatchObject({ item: 'terms', to: '/terms-versions' });
      // A version published long ago: never the current one of another file's test, no notice.
      const version = uniqueId('open');
      await putItems([
        {
          pk: `TERMS#${version}`,
          sk: '#TERMS',
          gsi2pk: 'TERMS',
          gsi2sk: `2000-01-01T00:00:00.000Z#${version}`,
          kind: 'terms',
          version,
          effectiveDate: '2000-01-01',
          summary: 'the first terms',
          publishedAt: '2000-01-01T00:00:00.000Z',
          publishedBy: admin.username,
          noticeId: uniqueId('notice'),
        },
      ]);
    }
    expect(await itemOf('terms')).toBeUndefined();
  });

  it('counts the empty film slots, naming them, linking /view-films; filled, they leave the list', async () => {
    const slot = FILM_SLOTS.find((s) => s.id === 'collection-17');
    const cleared = await adminApi(admin, `/films?slot=${slot?.id}`, { method: 'DELETE' });
    expect([200, 404]).toContain(cleared.status);
    const films = await itemOf('films');
    expect(films).toMatchObject({ item: 'films', to: '/view-films' });
    expect(films?.what).toMatch(/^\d+ of 27 film slots are empty, each showing "this film is coming soon": /);
    expect(films?.what).toContain(slot?.label);
    // Every empty slot filled (another file may clear its own meanwhile: filled again).
    await expect
      .poll(
        async () => {
          const filled = new Set((await itemsWithPrefix('FILMS')).map((f) => f.slot));
          for (const empty of FILM_SLOTS.filter((s) => !filled.has(s.id))) {
            const set = await adminApi(admin, '/films', {
              method: 'POST',
              json: {
                slot: empty.id,
                title: empty.label,
                film: { source: 'embed', provider: 'vimeo', id: '76979871' },
              },
            });
            expect(set.status, set.text).toBe(200);
          }
          return itemOf('films');
        },
        { timeout: 20_000 },
      )
      .toBeUndefined();
  });

  it('lists the local placeholder addresses and sister sites (.localhost), with what to set and no screen', async () => {
    const addresses = await itemOf('contact-addresses');
    expect(addresses?.what).toContain(
      `support address (shop.supportEmail) is ${LOCAL_SHOP_SETTINGS.supportEmail}`,
    );
    expect(addresses?.what).toContain(
      `orders address (shop.ordersEmail) is ${LOCAL_SHOP_SETTINGS.ordersEmail}`,
    );
    expect(addresses?.how).toContain('cdk.json context.shop');
    const sites = await itemOf('sister-sites');
    expect(sites?.what).toContain('One of One Art (https://art.oneofone.localhost/)');
    expect(sites?.to).toBeUndefined();
  });

  it('lists the mail identity until SES verifies it, linking the SES console', async () => {
    // The local stack made the sender's domain and verified it.
    expect(await itemOf('mail-identity')).toBeUndefined();
    try {
      await setVerified(MAIL_DOMAIN, false);
      expect(await itemOf('mail-identity')).toMatchObject({
        item: 'mail-identity',
        what: `the mail identity ${MAIL_DOMAIN} is not verified in SES yet: no mail can be sent`,
        href: `https://us-east-1.console.aws.amazon.com/ses/home?region=us-east-1#/identities/${MAIL_DOMAIN}`,
      });
      // Gone from SES: SES answers 404 NotFoundException, as it does for any unknown identity.
      expect((await ses(`/${MAIL_DOMAIN}`, { method: 'DELETE' })).status).toBe(200);
      const unknown = await ses(`/${MAIL_DOMAIN}`);
      expect(unknown.status).toBe(404);
      expect(unknown.headers.get('x-amzn-errortype')).toBe('NotFoundException');
      expect((await itemOf('mail-identity'))?.what).toBe(
        `the mail identity ${MAIL_DOMAIN} does not exist in SES: no mail can be sent`,
      );
      // Made again (CreateEmailIdentity: not verified yet), then verified: off the list.
      const made = await ses('', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ EmailIdentity: MAIL_DOMAIN }),
      });
      expect(await made.json()).toMatchObject({ IdentityType: 'DOMAIN', VerifiedForSendingStatus: false });
      expect((await itemOf('mail-identity'))?.what).toContain('is not verified');
      await setVerified(MAIL_DOMAIN, true);
      expect(await itemOf('mail-identity')).toBeUndefined();
    } finally {
      await ses('', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ EmailIdentity: MAIL_DOMAIN }),
      });
      await setVerified(MAIL_DOMAIN, true);
    }
  });

  it('refuses a web page that would verify an identity through the stand-in', async () => {
    const answer = await fetch(`${inject('sesUrl')}/__control/identities/${MAIL_DOMAIN}/verification`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: inject('sesUrl') },
      body: JSON.stringify({ verified: false }),
    });
    expect(answer.status).toBe(403);
    expect(await itemOf('mail-identity')).toBeUndefined();
  });
});
