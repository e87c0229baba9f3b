import { describe, expect, it } from 'vitest';
import { FILM_SLOTS } from '#shared/films.ts';
import { type OpeningFacts, openingChecklist } from './opening-checklist.ts';

/** A shop ready to open: every fact as it must be. */
const ready: OpeningFacts = {
  termsPublished: true,
  filmSlots: FILM_SLOTS,
  filledSlots: new Set(FILM_SLOTS.map((slot) => slot.id)),
  settings: {
    supportEmail: 'care@oneofoneluxury.com',
    ordersEmail: 'sales@oneofoneluxury.com',
    mailFrom: 'orders@oneofoneluxury.com',
    sisterSites: [{ name: 'One of One Art', url: 'https://art.oneofoneluxury.com/' }],
  },
  mailIdentity: { identity: 'oneofoneluxury.com', state: 'verified', region: 'eu-west-1' },
};
const items = (facts: OpeningFacts) => openingChecklist(facts).map((m) => m.item);

describe('the opening checklist', () => {
  it('is empty when nothing is missing', () => {
    expect(openingChecklist(ready)).toEqual([]);
  });

  it('lists every missing thing, in the order of the after-deploy steps', () => {
    expect(
      items({
        termsPublished: false,
        filmSlots: FILM_SLOTS,
        filledSlots: new Set(),
        settings: {
          supportEmail: 'support@oneofone.example',
          ordersEmail: 'sales@oneofone.example',
          mailFrom: 'orders@oneofone.example',
          sisterSites: [],
        },
        mailIdentity: { identity: 'oneofone.example', state: 'missing', region: 'us-east-1' },
      }),
    ).toEqual(['terms', 'films', 'contact-addresses', 'sister-sites', 'mail-identity']);
  });

  it('links the terms and the films to the admin screens that fix them', () => {
    const [terms, films] = openingChecklist({ ...ready, termsPublished: false, filledSlots: new Set() });
    expect(terms).toMatchObject({ item: 'terms', to: '/terms-versions' });
    expect(films).toMatchObject({ item: 'films', to: '/view-films' });
  });

  it('counts the empty film slots of 27 and names the first ones', () => {
    expect(FILM_SLOTS).toHaveLength(27);
    const filled = new Set(FILM_SLOTS.slice(3).map((slot) => slot.id));
    const [films] = openingChecklist({ ...ready, filledSlots: filled });
    expect(films?.what).toBe(
      '3 of 27 film slots are empty, each showing "this film is coming soon": one of one luxury, mission, meaning',
    );
    const [all] = openingChecklist({ ...ready, filledSlots: new Set() });
    expect(all?.what).toMatch(
      /^27 of 27 film slots are empty.*: one of one luxury, mission, meaning, music video and 23 more$/,
    );
  });

  it('names each placeholder address, and none that is real', () => {
    const [addresses] = openingChecklist({
      ...ready,
      settings: { ...ready.settings, ordersEmail: 'sales@oneofone.localhost' },
    });
    expect(addresses?.item).toBe('contact-addresses');
    expect(addresses?.what).toContain('orders address (shop.ordersEmail) is sales@oneofone.localhost');
    expect(addresses?.what).not.toContain('support address');
    expect(addresses?.to).toBeUndefined();
  });

  it('lists sister sites that are none, or placeholders', () => {
    expect(items({ ...ready, settings: { ...ready.settings, sisterSites: [] } })).toEqual(['sister-sites']);
    const [sites] = openingChecklist({
      ...ready,
      settings: {
        ...ready.settings,
        sisterSites: [...ready.settings.sisterSites, { name: 'Art', url: 'https://art.oneofone.localhost/' }],
      },
    });
    expect(sites?.what).toBe('Art (https://art.oneofone.localhost/): a placeholder, not a real site');
  });

  it('lists a mail identity not verified, or not made, linking it in the SES console', () => {
    for (const state of ['pending', 'missing'] as const) {
      const [identity] = openingChecklist({ ...ready, mailIdentity: { ...ready.mailIdentity, state } });
      expect(identity).toMatchObject({
        item: 'mail-identity',
        href: 'https://eu-west-1.console.aws.amazon.com/ses/home?region=eu-west-1#/identities/oneofoneluxury.com',
      });
      expect(identity?.what).toContain(state === 'missing' ? 'does not exist' : 'is not verified');
    }
  });
});
