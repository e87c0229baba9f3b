import { sendMail } from '#platform/mail.ts';
import { releaseTestContract } from '#shared/contracts/releases.ts';
import { defineAdminHandler } from '#staff/index.ts';
import { unsubscribeHeaders, unsubscribeLinks } from '../../members.ts';
import { releaseContent } from '../../releases.ts';
import { releaseMailData } from '../../rules/release-mail.ts';

/**
 * POST /release-test { typeId, subject, text, to }: sends the release mail to one address (the
 * admin's own), exactly as members will get it: the same template and headers, the
 * unsubscribe link of that address.
 */
export const handler = defineAdminHandler(releaseTestContract, async ({ body }) => {
  const content = await releaseContent(body);
  await sendMail(
    {
      to: body.to,
      template: 'member-release',
      data: releaseMailData(content, unsubscribeLinks(body.to).page),
    },
    unsubscribeHeaders(body.to),
  );
  return { status: 200 as const, to: body.to };
});
