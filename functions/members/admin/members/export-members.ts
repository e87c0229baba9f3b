import type { Context } from 'aws-lambda';
import type { ApiEvent, Handler } from '#platform/handler.ts';
import { exportMembersContract } from '#shared/contracts/members.ts';
import { defineAdminHandler } from '#staff/index.ts';
import { listMembers, memberStatus, recordMembersExport } from '../../entities/member.ts';
import { toCsv, vancouverTime } from './csv.ts';

/**
 * GET /members-export → text/csv, every member newest first: email, status (pending, confirmed,
 * unsubscribed), sign-up time in Vancouver and in UTC, the consent's page and client address. Cells are quoted and formula-like cells neutralised (./csv.ts). The export is
 * written to the audit log (who took a copy of the addresses).
 *
 * The shared handler stack answers JSON; this one turns its 200 into the CSV download, and
 * leaves every refusal (401 and the rest) as the usual JSON error.
 */
const json = defineAdminHandler(exportMembersContract, async (_input, event) => {
  const members = await listMembers();
  await recordMembersExport(event.admin, members.length);
  const csv = toCsv([
    ['email', 'status', 'signed up (Vancouver time)', 'signed up (UTC)', 'consent page', 'consent address'],
    ...members.map((m) => [
      m.email,
      memberStatus(m),
      vancouverTime(m.createdAt),
      m.createdAt,
      m.consent?.page,
      m.consent?.address,
    ]),
  ]);
  return { csv };
});

export const handler: Handler = Object.assign(
  async (event: ApiEvent, context: Context) => {
    const result = await json(event, context);
    if (result.statusCode !== 200 || typeof result.body !== 'string') return result;
    const { csv } = JSON.parse(result.body) as { csv: string };
    const day = new Date().toISOString().slice(0, 10);
    return {
      ...result,
      headers: {
        ...result.headers,
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="members-${day}.csv"`,
      },
      body: csv,
    };
  },
  { contract: json.contract },
);
