import { sendMail } from '#platform/mail.ts';
import { releaseTestContract } from '#shared/contracts/releases.ts';
import { defineAdminHandler } from '#staff/index.ts';
import { getMember } from '../../entities/member.ts';
import { unsubscribeHeaders, unsubscribeLinks } from '../../members.ts';
import { releaseContent } from '../../releases.ts';
import { releaseMailData } from '../../rules/release-mail.ts';

/**
 * POST /release-test { draft, to }: sends the release mail to one address staff give (their
 * own), exactly as members will get it: the same template and headers, the
 * unsubscribe link of that address (bound to its subscription when it is a member).
 */
export const handler = defineAdminHandler(releaseTestContract, async ({ body }) => {
  const { to: _to, ...draft } = body;
  const content = await releaseContent(draft);
  const links = unsubscribeLinks((await getMember(body.to)) ?? { email: body.to }, new Date());
  await sendMail(
    {
      to: body.to,
      template: 'member-release',
      data: releaseMailData(content, links.page),
    },
    unsubscribeHeaders(links.oneClick),
  );
  return { status: 200 as const, to: body.to };
});
