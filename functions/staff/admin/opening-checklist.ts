import { listFilms } from '#catalog/index.ts';
import { currentTerms } from '#members/index.ts';
import { mailIdentityOf } from '#platform/mail-identity.ts';
import { shopAddresses } from '#platform/shop-settings.ts';
import { openingChecklistContract } from '#shared/contracts/opening.ts';
import { FILM_SLOTS } from '#shared/films.ts';
import { defineAdminHandler } from '../admin-handler.ts';
import { openingChecklist } from '../rules/opening-checklist.ts';

/**
 * GET /opening (added): what is still missing before the shop can open (the admin home lists
 * it), from the table, the deployment's settings and SES.
 */
export const handler = defineAdminHandler(openingChecklistContract, async () => {
  const settings = shopAddresses();
  const [terms, films, mailIdentity] = await Promise.all([
    currentTerms(),
    listFilms(),
    mailIdentityOf(settings.mailFrom),
  ]);
  const missing = openingChecklist({
    termsPublished: terms !== undefined,
    filmSlots: FILM_SLOTS,
    filledSlots: new Set(films.map((film) => film.slot)),
    settings,
    mailIdentity: { ...mailIdentity, region: process.env.AWS_REGION ?? 'us-east-1' },
  });
  return { status: 200 as const, ready: missing.length === 0, missing };
});
