import * as z from 'zod';
import { CHECKOUT_MESSAGES } from '#shared/checkout-messages.ts';
import { COUNTRY_CODES } from '#shared/countries.ts';
import { idSchema } from '#shared/schemas.ts';

export { CHECKOUT_MESSAGES };

/** Countries where a province or state is required (and tax is computed). */
export const COUNTRIES_WITH_REGIONS = ['CA', 'US'] as const;

const text = (max: number) => z.string().trim().max(max);

interface AddressInput {
  name?: string;
  phone?: string;
  email?: string;
  address?: string;
  address1?: string;
  address2?: string;
  country?: string;
  unit?: string;
  city?: string;
  postalCode?: string;
  state?: string;
}

/** The required fields of one address: country, full name, phone, e-mail, address line 1, city; a region in CA/US. */
export function addressComplete(a: AddressInput): boolean {
  const filled = (v: string | undefined) => typeof v === 'string' && v.trim() !== '';
  const base = [a.country, a.name, a.phone, a.email, a.address1, a.city].every(filled);
  const needsRegion = (COUNTRIES_WITH_REGIONS as readonly string[]).includes(a.country ?? '');
  return base && (!needsRegion || filled(a.state));
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * A random key the browser makes for one checkout of one piece and keeps for this tab
 * (sessionStorage): every start with the same key is the same order and the same hold.
 */
export const checkoutKeySchema = z
  .string({ error: CHECKOUT_MESSAGES.reloadPage })
  .regex(/^[A-Za-z0-9_-]{22,64}$/, { error: CHECKOUT_MESSAGES.reloadPage });

/**
 * The body of POST /secret and POST /paypal/orders: the checkout fields (001 §3 Order), flat, as
 * the spec's client sends them (in a body, never in a URL: they are personal data), and the
 * checkout key.
 */
export const checkoutRequestSchema = z
  .object({
    checkoutKey: checkoutKeySchema,
    id: idSchema,
    typeId: z.optional(idSchema),
    paymentType: z.enum(['1', '2']).default('1').transform(Number),
    name: text(120).optional(),
    phone: text(40).optional(),
    email: text(254).optional(),
    address: text(200).optional(),
    address1: text(200).optional(),
    address2: text(200).optional(),
    country: text(2).optional(),
    unit: text(40).optional(),
    city: text(120).optional(),
    postalCode: text(20).optional(),
    state: text(60).optional(),
    hasBilling: z
      .enum(['true', 'false', '1', '0'])
      .default('false')
      .transform((v) => v === 'true' || v === '1'),
    nameBilling: text(120).optional(),
    phoneBilling: text(40).optional(),
    emailBilling: text(254).optional(),
    addressBilling: text(200).optional(),
    address1Billing: text(200).optional(),
    address2Billing: text(200).optional(),
    countryBilling: text(2).optional(),
    unitBilling: text(40).optional(),
    cityBilling: text(120).optional(),
    postalCodeBilling: text(20).optional(),
    stateBilling: text(60).optional(),
    discountCode: text(60).optional(),
    /** Sent by the spec's client; ignored: the server computes every amount itself. */
    discountAmount: z.string().max(20).optional(),
  })
  .superRefine((form, ctx) => {
    if (!addressComplete(form)) ctx.addIssue({ code: 'custom', message: CHECKOUT_MESSAGES.fillAllFields });
    else if (!EMAIL.test(form.email ?? '') || !COUNTRY_CODES.includes(form.country ?? '')) {
      ctx.addIssue({ code: 'custom', message: CHECKOUT_MESSAGES.fillAllFields });
    }
    if (form.hasBilling) {
      const billing = {
        name: form.nameBilling,
        phone: form.phoneBilling,
        email: form.emailBilling,
        address1: form.address1Billing,
        country: form.countryBilling,
        city: form.cityBilling,
        state: form.stateBilling,
      };
      if (!addressComplete(billing) || !COUNTRY_CODES.includes(form.countryBilling ?? '')) {
        ctx.addIssue({ code: 'custom', message: CHECKOUT_MESSAGES.fillBilling });
      }
    }
  });

export type CheckoutRequest = z.output<typeof checkoutRequestSchema>;
