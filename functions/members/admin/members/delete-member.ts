import { notFound } from '#platform/http-error.ts';
import { deleteMemberContract } from '#shared/contracts/members.ts';
import { defineAdminHandler } from '#staff/index.ts';
import { deleteMember, getMember } from '../../entities/member.ts';

/** DELETE /member { email } (001 §7): removes one member, audited with the member as it was. */
export const handler = defineAdminHandler(deleteMemberContract, async ({ body }, event) => {
  const member = await getMember(body.email);
  if (!member) throw notFound('member');
  await deleteMember(member, event.admin);
  return { status: 200 as const, email: member.email };
});
