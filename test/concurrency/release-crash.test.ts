import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { MemberEntity } from '#members/entities/member.ts';
import { memberKeys } from '#members/entities/member.ts';
import { sendReleases } from '#members/jobs/send-releases.ts';
import { LOCAL_SECRETS } from '../../infra/local/stack.ts';
import { adminApi, loggedInAdmin, type TestAdmin } from '../support/admin.ts';
import { getRaw, putItems } from '../support/db.ts';
import { store, typeEntity, uniqueId } from '../support/fixtures.ts';
import { localShopEnvironment, pointAtLocalStack } from '../support/stack-env.ts';
import { type FaultAction, faultProxy, runInChild, sesOperation } from './faults.ts';

/**
 * The release sender killed mid-batch (issue 17). The sender runs in a child process whose SES
 * endpoint goes through a fault proxy; at the 5th mail of the release the proxy stops answering
 * (after SES stored the mail, or before it reached SES), the test kills the process with
 * SIGKILL, and a new run resumes the release. Nobody may be mailed twice; every other member
 * gets the release exactly once; the one mail in flight is reported as interrupted (at most
 * once: it may have left, it is never sent again). Figures: docs/robustness-concurrency.md.
 */
let admin: TestAdmin;
const type = typeEntity({ name: `Crash ${uniqueId('c')}` });
const MEMBERS = 20;
const KILL_AT = 5;

interface StoredMail {
  destination: { to: string[] };
  subject: string;
}

async function mailsWithSubject(subject: string): Promise<StoredMail[]> {
  const all = (await (await fetch(`${inject('sesUrl')}/store`)).json()) as { emails: StoredMail[] };
  return all.emails.filter((m) => m.subject === subject);
}

beforeAll(async () => {
  pointAtLocalStack();
  Object.assign(process.env, { SHOP_URL: inject('baseUrl'), MEMBER_LINK_KEY: LOCAL_SECRETS.MEMBER_LINK_KEY });
  admin = await loggedInAdmin();
  await store({ type });
});

const proxies: { close(): Promise<void> }[] = [];
afterAll(async () => {
  for (const p of proxies) await p.close();
});

async function crashAndResume(action: Exclude<FaultAction, 'forward'>) {
  // Members confirmed a minute ago: this release goes to them (and to any other confirmed member).
  const at = new Date(Date.now() - 60_000).toISOString();
  const members: MemberEntity[] = Array.from({ length: MEMBERS }, (_, i) => ({
    kind: 'member',
    email: `crash-${action}-${i}-${uniqueId('m')}@example.com`,
    createdAt: at,
    status: 'confirmed',
    confirmedAt: at,
  }));
  await putItems(members.map((m) => ({ ...memberKeys(m), ...m })));
  const subject = `Crash ${action} ${uniqueId('s')}`;
  const created = await adminApi<{ id: string }>(admin, '/releases', {
    method: 'POST',
    json: { typeId: type.id, subject, text: 'one of one' },
  });
  expect(created.status).toBe(200);
  const releaseId = created.body.id;

  const proxy = await faultProxy(inject('sesUrl'), sesOperation, (r) =>
    r.kind === 'SendEmail' && r.n === KILL_AT ? action : 'forward',
  );
  proxies.push(proxy);
  const run = runInChild('release-sender-child.ts', [releaseId, '50'], {
    PATH: process.env.PATH ?? '',
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'S3RVER',
    AWS_SECRET_ACCESS_KEY: 'S3RVER',
    AWS_ENDPOINT_URL_DYNAMODB: inject('dynamoDbUrl'),
    AWS_ENDPOINT_URL_SESV2: proxy.url,
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    TABLE_NAME: inject('tableName'),
    ...localShopEnvironment(),
    SHOP_URL: inject('baseUrl'),
    MEMBER_LINK_KEY: LOCAL_SECRETS.MEMBER_LINK_KEY,
    AWS_LAMBDA_LOG_LEVEL: 'ERROR',
  });
  const stopped = await Promise.race([
    proxy.stopped,
    run.exited.then(() => {
      throw new Error(`the sender ended before the fault: ${run.output()}`);
    }),
  ]);
  expect(stopped.n).toBe(KILL_AT);
  // The instant of the crash: four recipients sent, the fifth claimed, nobody else touched.
  const before = await mailsWithSubject(subject);
  run.child.kill('SIGKILL');
  expect((await run.exited).signal).toBe('SIGKILL');
  const mine = await getRaw(`RELEASE#${releaseId}`, '#RELEASE');
  expect(mine).toMatchObject({ status: 'sending', sent: KILL_AT - 1 });

  // The next scheduled run resumes it (a lease of 0 s: the test does not wait out the 2 minutes).
  const resumed = await sendReleases({ releaseId, ratePerSecond: 500, runSeconds: 30, claimLeaseSeconds: 0 });
  const release = await getRaw(`RELEASE#${releaseId}`, '#RELEASE');
  const mails = await mailsWithSubject(subject);
  const perAddress = new Map<string, number>();
  for (const m of mails) for (const to of m.destination.to) perAddress.set(to, (perAddress.get(to) ?? 0) + 1);
  const twice = [...perAddress].filter(([, n]) => n > 1);
  return { release, resumed, before: before.length, mails: mails.length, perAddress, twice, members };
}

describe('the release sender killed mid-batch', () => {
  it.each(['hang-after', 'hang-before'] as const)(
    'resumes after a SIGKILL (%s SES): nobody mailed twice, the rest exactly once, the one in flight interrupted',
    async (action) => {
      const r = await crashAndResume(action);
      expect(r.twice).toEqual([]);
      expect(r.release).toMatchObject({ status: 'done', interrupted: 1, failed: 0 });
      const total = Number(r.release?.total);
      expect(total).toBeGreaterThanOrEqual(MEMBERS);
      expect(Number(r.release?.sent) + Number(r.release?.suppressed) + Number(r.release?.interrupted)).toBe(
        total,
      );
      // The mail in flight reached SES (hang-after) or not (hang-before): never sent again.
      expect(r.mails).toBe(Number(r.release?.sent) + (action === 'hang-after' ? 1 : 0));
      expect(r.before).toBe(action === 'hang-after' ? KILL_AT : KILL_AT - 1);
      for (const m of r.members) expect(r.perAddress.get(m.email) ?? 0, m.email).toBeLessThanOrEqual(1);
      console.log(
        `[release crash ${action}] recipients ${total}, mailed before the kill ${r.before}, ` +
          `after the resume ${r.mails} (sent ${r.release?.sent}, suppressed ${r.release?.suppressed}, ` +
          `interrupted ${r.release?.interrupted}), addresses mailed twice ${r.twice.length}`,
      );
    },
    120_000,
  );
});
