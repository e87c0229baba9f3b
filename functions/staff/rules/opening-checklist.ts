import type { OpeningMissing } from '#shared/contracts/opening.ts';
import type { FilmSlot } from '#shared/films.ts';
import { isPlaceholderAddress, isPlaceholderSite, type ShopSettings } from '#shared/shop-settings.ts';

/** The mail identity's state in SES: verified for sending, made but not verified, or not made. */
export type MailIdentityState = 'verified' | 'pending' | 'missing';

export interface OpeningFacts {
  /** Whether a version of the terms is published (GET /terms has one to show). */
  termsPublished: boolean;
  /** Every film slot of shared/films.ts, and the ids of those holding a film. */
  filmSlots: readonly FilmSlot[];
  filledSlots: ReadonlySet<string>;
  /** The deployment's shop settings (shared/shop-settings.ts), as the functions are given them. */
  settings: Pick<ShopSettings, 'supportEmail' | 'ordersEmail' | 'mailFrom' | 'sisterSites'>;
  /** The SES identity the mail is sent from, its state, and the region it lives in. */
  mailIdentity: { identity: string; state: MailIdentityState; region: string };
}

/** Empty slots named one by one on the list; the rest are counted. */
const SLOTS_NAMED = 4;

/**
 * What is still missing before the shop can open, in the order of docs/deploying.md's after-deploy
 * steps: the first terms version, the films (each empty slot shows "this film is coming soon"),
 * the contact addresses and the sister sites (still placeholders: names reserved for examples,
 * RFC 2606/6761), and the mail identity's verification (SES sends from nothing else). Empty: the
 * shop is ready to open.
 */
export function openingChecklist(facts: OpeningFacts): OpeningMissing[] {
  const missing: OpeningMissing[] = [];
  if (!facts.termsPublished)
    missing.push({
      item: 'terms',
      what: 'no version of the terms of use is published: the terms page and the checkout have none to show',
      how: 'publish the first version (its number, the date it takes effect, a summary)',
      to: '/terms-versions',
      label: 'terms of use',
    });
  const empty = facts.filmSlots.filter((slot) => !facts.filledSlots.has(slot.id));
  if (empty.length > 0) {
    const named = empty.slice(0, SLOTS_NAMED).map((slot) => slot.label);
    const more = empty.length - named.length;
    missing.push({
      item: 'films',
      what: `${empty.length} of ${facts.filmSlots.length} film slots are empty, each showing "this film is coming soon": ${named.join(', ')}${more > 0 ? ` and ${more} more` : ''}`,
      how: 'put a film (an upload with its poster, or an embed) in each slot',
      to: '/view-films',
      label: 'films',
    });
  }
  const { settings } = facts;
  const addresses = (
    [
      ['support address (shop.supportEmail)', settings.supportEmail],
      ['orders address (shop.ordersEmail)', settings.ordersEmail],
      ['sender (shop.mailFrom)', settings.mailFrom],
    ] as const
  ).filter(([, address]) => isPlaceholderAddress(address));
  if (addresses.length > 0)
    missing.push({
      item: 'contact-addresses',
      what: `the shop's ${addresses.map(([name, address]) => `${name} is ${address}`).join('; ')}: a placeholder, not a real address`,
      how: 'set the real addresses in the deployment settings (cdk.json context.shop, or -c shop.<name>=…) and deploy again',
    });
  const placeholderSites = settings.sisterSites.filter((site) => isPlaceholderSite(site.url));
  if (settings.sisterSites.length === 0 || placeholderSites.length > 0)
    missing.push({
      item: 'sister-sites',
      what:
        settings.sisterSites.length === 0
          ? 'no sister site is set: /home links none'
          : `${placeholderSites.map((site) => `${site.name} (${site.url})`).join(', ')}: a placeholder, not a real site`,
      how: 'set the sister sites in the deployment settings (cdk.json context.shop.sisterSites) and deploy again',
    });
  const { identity, state, region } = facts.mailIdentity;
  if (state !== 'verified')
    missing.push({
      item: 'mail-identity',
      what:
        state === 'missing'
          ? `the mail identity ${identity} does not exist in SES: no mail can be sent`
          : `the mail identity ${identity} is not verified in SES yet: no mail can be sent`,
      how: 'publish its DNS records (SES console, the identity), wait for SES to verify it, and ask AWS to lift the sandbox',
      href: `https://${region}.console.aws.amazon.com/ses/home?region=${region}#/identities/${encodeURIComponent(identity)}`,
      label: 'the identity in SES',
    });
  return missing;
}
