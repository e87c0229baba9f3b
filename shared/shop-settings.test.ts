import { describe, expect, it } from 'vitest';
import { mailFromHeader, shopSettingsFromContext } from './shop-settings.ts';

const real = {
  name: 'One of One Luxury',
  supportEmail: 'support@oneofoneluxury.com',
  ordersEmail: 'sales@oneofoneluxury.com',
  mailFrom: 'orders@oneofoneluxury.com',
  sisterSites: [{ name: 'Atelier', url: 'https://atelier.oneofoneluxury.com' }],
};
const placeholder = { ...real, supportEmail: 'support@oneofone.example' };
const contextOf =
  (values: Record<string, unknown>) =>
  (name: string): unknown =>
    values[name];

describe('shop settings from CDK context', () => {
  it('reads context.shop, with -c shop.<name> overrides (JSON text for the sister sites)', () => {
    const settings = shopSettingsFromContext(
      'prod',
      contextOf({
        shop: placeholder,
        'shop.supportEmail': 'help@oneofoneluxury.com',
        'shop.sisterSites': JSON.stringify([{ name: 'Maison', url: 'https://maison.oneofoneluxury.com' }]),
      }),
    );
    expect(settings.supportEmail).toBe('help@oneofoneluxury.com');
    expect(settings.sisterSites).toEqual([{ name: 'Maison', url: 'https://maison.oneofoneluxury.com' }]);
    expect(mailFromHeader(settings)).toBe('One of One Luxury <orders@oneofoneluxury.com>');
  });

  it('takes JSON text for the whole object, as `-c shop=…` gives it', () => {
    expect(shopSettingsFromContext('prod', contextOf({ shop: JSON.stringify(real) }))).toEqual(real);
  });

  it('lets a stage that is not production keep placeholder addresses', () => {
    expect(shopSettingsFromContext('dev', contextOf({ shop: placeholder })).supportEmail).toBe(
      'support@oneofone.example',
    );
  });

  it.each([
    [
      'an .example support address',
      { shop: placeholder },
      /production stage needs real addresses.*supportEmail support@oneofone\.example/,
    ],
    [
      'an example.com sender',
      { shop: { ...real, mailFrom: 'orders@example.com' } },
      /mailFrom orders@example\.com/,
    ],
    [
      'a .test sister site',
      { shop: { ...real, sisterSites: [{ name: 'x', url: 'https://x.test' }] } },
      /sisterSites x/,
    ],
    [
      'an .example orders address',
      { shop: { ...real, ordersEmail: 'sales@oneofone.example' } },
      /production stage needs real addresses.*ordersEmail sales@oneofone\.example/,
    ],
    ['a missing orders address', { shop: { ...real, ordersEmail: undefined } }, /ordersEmail/],
    ['no settings at all', {}, /stage "prod".*name/],
    ['a missing support address', { shop: { ...real, supportEmail: undefined } }, /supportEmail/],
    [
      'an address that is none',
      { shop: { ...real, supportEmail: 'support' } },
      /supportEmail must be an e-mail address/,
    ],
    [
      'a sister site over http',
      { shop: { ...real, sisterSites: [{ name: 'x', url: 'http://x.com' }] } },
      /https:\/\//,
    ],
    ['an unknown setting', { shop: { ...real, colour: 'red' } }, /colour|Unrecognized/i],
  ])('refuses %s for a production stage, with a message naming it', (_what, context, message) => {
    expect(() => shopSettingsFromContext('prod', contextOf(context))).toThrow(message);
  });
});
