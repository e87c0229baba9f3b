import { MAIL_TEMPLATES } from '#platform/mail-templates.ts';
import { shopMailData } from '#platform/shop-settings.ts';
import { releasePreviewContract } from '#shared/contracts/releases.ts';
import { defineAdminHandler } from '#staff/index.ts';
import { releaseContent } from '../../releases.ts';
import { releaseMailData, renderTemplate } from '../../rules/release-mail.ts';

/** POST /release-preview { draft }: the release mail (a collection's or an event's) as a member will read it. */
export const handler = defineAdminHandler(releasePreviewContract, async ({ body }) => {
  const content = await releaseContent(body);
  const mail = renderTemplate(MAIL_TEMPLATES['member-release'], {
    ...shopMailData(),
    ...releaseMailData(content, '(the member’s own one-click unsubscribe link)'),
  });
  return {
    ...mail,
    ...(content.collectionName ? { collectionName: content.collectionName } : {}),
    ...(content.pictureLink ? { pictureLink: content.pictureLink } : {}),
  };
});
