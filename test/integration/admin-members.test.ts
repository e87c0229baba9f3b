import { beforeAll, describe, expect, it } from 'vitest';
import type { MemberEntity } from '#members/entities/member.ts';
import { memberKeys } from '#members/entities/member.ts';
import { MESSAGES } from '#shared/messages.ts';
import { adminApi, loggedInAdmin, type TestAdmin } from '../support/admin.ts';
import { api, freshClientAddress } from '../support/api.ts';
import { getRaw, itemsWithPrefix, putItems } from '../support/db.ts';
import { uniqueId } from '../support/fixtures.ts';

/** The admin's members (001 §2, §7): the list, the delete, the CSV export. */
interface MembersPage {
  pageCount: number;
  total: number;
  list: { id: string; email: string; createdAt: string }[];
}

let admin: TestAdmin;
const tag = uniqueId('m');
/** Sign-ups as a visitor makes them, including addresses a spreadsheet would run as formulas. */
const signups = [
  `plain-${tag}@example.com`,
  `=hyperlink("http://evil.example")-${tag}@example.com`,
  `+1-${tag}@example.com`,
  `-2-${tag}@example.com`,
];

beforeAll(async () => {
  admin = await loggedInAdmin();
  for (const email of signups) {
    const answer = await api('/member', { method: 'POST', json: { email }, from: freshClientAddress() });
    expect(answer.status, email).toBe(200);
  }
});

const removeMember = (json: unknown) => adminApi(admin, '/member', { method: 'DELETE', json });

async function everyMember(): Promise<MembersPage['list']> {
  const first = (await adminApi<MembersPage>(admin, '/members?offset=0&pageSize=10')).body;
  const rows = [...first.list];
  for (let page = 1; page < first.pageCount; page++) {
    rows.push(...(await adminApi<MembersPage>(admin, `/members?offset=${page * 10}&pageSize=10`)).body.list);
  }
  return rows;
}

describe('GET /members', () => {
  it('lists members newest first, 10 a page', async () => {
    // Enough older members for several pages.
    const older: MemberEntity[] = Array.from({ length: 12 }, (_, i) => ({
      kind: 'member',
      email: `older${i}.${tag}@example.com`,
      createdAt: new Date(Date.now() - (i + 1) * 86_400_000).toISOString(),
    }));
    await putItems(older.map((m) => ({ ...memberKeys(m), ...m })));
    const first = await adminApi<MembersPage>(admin, '/members');
    expect(first.status).toBe(200);
    expect(first.body.list).toHaveLength(10);
    expect(first.body.pageCount).toBe(Math.ceil(first.body.total / 10));
    const rows = await everyMember();
    // Other test files sign members up meanwhile, which can shift a row onto the next page.
    expect(rows.length).toBeGreaterThanOrEqual(first.body.total);
    const times = rows.map((r) => r.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    const mine = [...new Set(rows.filter((r) => r.email.includes(tag)).map((r) => r.email))];
    expect(mine.slice(0, 4)).toEqual([...signups].reverse().map((e) => e.toLowerCase()));
    expect(mine.slice(4)).toEqual(older.map((m) => m.email));
    expect(rows.find((r) => r.email === signups[0])).toMatchObject({ id: signups[0] });
  });
});

describe('DELETE /member', () => {
  it('removes the member, writes the audit entry with the member as it was, and 404s the second time', async () => {
    const email = `leaving-${tag}@example.com`;
    await api('/member', { method: 'POST', json: { email }, from: freshClientAddress() });
    const answer = await removeMember({ email: ` ${email.toUpperCase()} ` });
    expect(answer).toMatchObject({ status: 200, body: { status: 200, email } });
    expect(await getRaw(`MEMBER#${email}`, '#MEMBER')).toBeUndefined();
    expect((await everyMember()).map((r) => r.email)).not.toContain(email);
    const entries = (await itemsWithPrefix('AUDIT#')).filter((e) => e.entityId === email);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      admin: admin.username,
      action: 'delete',
      entity: 'member',
      before: { email, kind: 'member' },
    });
    expect(entries[0]?.before).not.toHaveProperty('gsi2pk');
    const again = await removeMember({ email });
    expect(again.status).toBe(404);
    expect((await itemsWithPrefix('AUDIT#')).filter((e) => e.entityId === email)).toHaveLength(1);
  });

  it('answers 401 to a delete with no session, deleting nothing', async () => {
    const answer = await api('/member', {
      method: 'DELETE',
      json: { email: signups[0] },
      headers: { 'x-boutique-admin': '1' },
    });
    expect(answer).toMatchObject({ status: 401, body: { message: 'please log in.' } });
    expect(await getRaw(`MEMBER#${signups[0]}`, '#MEMBER')).toBeDefined();
  });

  it('refuses a bad email with 400 and the spec message, deleting nothing', async () => {
    // Every member there before is there after (other suites sign members up meanwhile).
    const before = (await everyMember()).map((member) => member.email);
    for (const json of [{ email: 'nope' }, {}, { email: 42 }]) {
      const answer = await removeMember(json);
      expect(answer.status, JSON.stringify(json)).toBe(400);
    }
    expect((await removeMember({ email: 'nope' })).body).toEqual({
      message: MESSAGES.invalidEmail,
    });
    for (const email of before) expect(await getRaw(`MEMBER#${email}`, '#MEMBER'), email).toBeDefined();
  });
});

describe('GET /members-export', () => {
  it('downloads every member as CSV, quoted, with formulas neutralised, and records who took it', async () => {
    // Other suites sign members up and remove theirs meanwhile: the export holds every member
    // there both before and after it, and none that was in neither.
    const emails = async () => new Set((await everyMember()).map((member) => member.email));
    const before = await emails();
    const answer = await adminApi(admin, '/members-export');
    const after = await emails();
    const both = [...before].filter((email) => after.has(email)).length;
    const either = new Set([...before, ...after]).size;
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(String(answer.headers['content-disposition'])).toMatch(
      /^attachment; filename="members-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const text = answer.text;
    expect(
      text.startsWith(
        '\uFEFF"email","status","signed up (Vancouver time)","signed up (UTC)","consent page","consent address"\r\n',
      ),
    ).toBe(true);
    const lines = text.slice(1).trimEnd().split('\r\n');
    expect(lines.length - 1).toBeGreaterThanOrEqual(both);
    expect(lines.length - 1).toBeLessThanOrEqual(either);
    const line = (part: string) => lines.find((l) => l.includes(`${part}-${tag}@`));
    expect(line('plain')).toMatch(
      new RegExp(
        `^"${signups[0]}","pending","\\d{4}-\\d{2}-\\d{2},? \\d{2}:\\d{2}:\\d{2} P[SD]T","\\d{4}-.*Z","unknown","127\\.[\\d.]+"$`,
      ),
    );
    expect(line('evil.example"")')?.split('","')[0]).toBe(
      `"'=hyperlink(""http://evil.example"")-${tag}@example.com`,
    );
    expect(line('+1')?.startsWith(`"'+1-${tag}@example.com"`)).toBe(true);
    expect(line('-2')?.startsWith(`"'-2-${tag}@example.com"`)).toBe(true);
    // No cell a spreadsheet would evaluate.
    for (const l of lines) expect(l).toMatch(/^"[^=+\-@\t\r]/);
    const exports = (await itemsWithPrefix('AUDIT#')).filter(
      (e) => e.entity === 'members' && e.action === 'export' && e.admin === admin.username,
    );
    expect(exports).toHaveLength(1);
    expect(exports[0]?.after).toEqual({ rows: lines.length - 1 });
  });

  it('answers 401 as JSON, not a file, without a session', async () => {
    const answer = await api('/members-export');
    expect(answer.status).toBe(401);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
  });
});
