import { listMembersContract } from '#shared/contracts/members.ts';
import { defineAdminHandler } from '#staff/index.ts';
import { pageOf } from '#table/audit.ts';
import { listMembers, memberStatus } from '../../entities/member.ts';

/**
 * GET /members?offset&pageSize (001 §7) → { pageCount, total, pending, list: [{ id, email, createdAt, status, confirmedAt?, unsubscribedAt?, confirmBy? }] }:
 * newest first, 10 a page. A member is known by its email (001 §3 Member: id, email), so id is the email.
 */
export const handler = defineAdminHandler(listMembersContract, async ({ query }) => {
  const members = await listMembers();
  const page = pageOf(members, query.offset, query.pageSize);
  return {
    ...page,
    pending: members.filter((m) => memberStatus(m) === 'pending').length,
    list: page.list.map((m) => ({
      id: m.email,
      email: m.email,
      createdAt: m.createdAt,
      status: memberStatus(m),
      ...(m.confirmedAt ? { confirmedAt: m.confirmedAt } : {}),
      ...(m.unsubscribedAt ? { unsubscribedAt: m.unsubscribedAt } : {}),
      ...(memberStatus(m) === 'pending' && m.expiresAt
        ? { confirmBy: new Date(m.expiresAt * 1000).toISOString() }
        : {}),
    })),
  };
});
