import { CHECKOUT_MESSAGES } from '#shared/checkout-messages.ts';
import { COUNTRY_CODES } from '#shared/countries.ts';
import { idSchema } from '#shared/schemas.ts';
import { TERMS_MESSAGES, TERMS_VERSION } from '#shared/terms.ts';
import * as z from '#shared/zod.ts';

export { CHECKOUT_MESSAGES };

/** Countries where a province or state is required (and tax is computed). */
export const COUNTRIES_WITH_REGIONS = ['CA', 'US'] as const;

const text = (max: number) => z.string().check(z.trim(), z.maxLength(max));

/** The longest each address field may be (after trimming). */
const ADDRESS_FIELD_LENGTHS = {
  name: 120,
  phone: 40,
  email: 254,
  address: 200,
  address1: 200,
  address2: 200,
  country: 2,
  unit: 40,
  city: 120,
  postalCode: 20,
  state: 60,
} as const;
type AddressField = keyof typeof ADDRESS_FIELD_LENGTHS;

type AddressInput = { [K in AddressField]?: string };

/** One address's optional text fields, each name with `suffix` (the billing address's `…Billing`). */
function addressFields<S extends string>(suffix: S) {
  return Object.fromEntries(
    Object.entries(ADDRESS_FIELD_LENGTHS).map(([field, max]) => [`${field}${suffix}`, z.optional(text(max))]),
  ) as { [K in AddressField as `${K}${S}`]: z.ZodMiniOptional<ReturnType<typeof text>> };
}

/** The required fields of one address: country, full name, phone, e-mail, address line 1, city; a region in CA/US. */
export function addressComplete(a: AddressInput): boolean {
  const filled = (v: string | undefined) => typeof v === 'string' && v.trim() !== '';
  const base = [a.country, a.name, a.phone, a.email, a.address1, a.city].every(filled);
  const needsRegion = (COUNTRIES_WITH_REGIONS as readonly string[]).includes(a.country ?? '');
  return base && (!needsRegion || filled(a.state));
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The checkout key's form: 22 to 64 base64url characters (22 random ones are 132 bits). */
export const CHECKOUT_KEY_FORM = /^[A-Za-z0-9_-]{22,64}$/;
const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
/** The least number of different values each of a key's three sequences must show (see below). */
export const CHECKOUT_KEY_MIN_DISTINCT = 8;
/** The longest run of characters at one step (a repeat is a step of 0) a key may hold. */
export const CHECKOUT_KEY_MAX_RUN = 7;

/**
 * Whether a checkout key of the right form looks random: the key is the only secret of a
 * shopper's checkout (the same key resumes or releases its order), so one a client makes by a
 * pattern could be guessed. Read as positions in the base64url alphabet, the characters, the
 * steps between neighbours and the changes of step (mod 64) must each show at least
 * CHECKOUT_KEY_MIN_DISTINCT different values. That refuses repeats ("aaaa…", "abab…",
 * "abcabc…"), runs in alphabet order ("ABCD…", "0123…", "acegi…") and runs of growing steps
 * ("ABDGK…"); and no more than CHECKOUT_KEY_MAX_RUN characters in a row may be at one step
 * ("…1234567890…", "…aaaaaaaa…" inside a longer key). For random characters the steps are again
 * uniform and independent: a random key of 22 to 64 characters fails the first rules with a
 * probability under 1e-12 and the run rule under 1e-9 (the web then makes another).
 */
export function isRandomLookingCheckoutKey(key: string): boolean {
  if (!CHECKOUT_KEY_FORM.test(key)) return false;
  const distinct = (values: number[]) => new Set(values).size >= CHECKOUT_KEY_MIN_DISTINCT;
  const steps = (values: number[]) => values.slice(1).map((v, i) => (v - (values[i] as number) + 64) % 64);
  const positions = [...key].map((c) => BASE64URL.indexOf(c));
  const firstSteps = steps(positions);
  let run = 2;
  let longest = 2;
  for (let i = 1; i < firstSteps.length; i++) {
    run = firstSteps[i] === firstSteps[i - 1] ? run + 1 : 2;
    longest = Math.max(longest, run);
  }
  return (
    distinct(positions) &&
    distinct(firstSteps) &&
    distinct(steps(firstSteps)) &&
    longest <= CHECKOUT_KEY_MAX_RUN
  );
}

/**
 * A random key the browser makes for one checkout of one piece and keeps for this tab
 * (sessionStorage): every start with the same key is the same order and the same hold. It must
 * look random (isRandomLookingCheckoutKey): a key of the right form that does not is refused
 * with its own message.
 */
export const checkoutKeySchema = z
  .string({ error: CHECKOUT_MESSAGES.reloadPage })
  .check(
    z.regex(CHECKOUT_KEY_FORM, { error: CHECKOUT_MESSAGES.reloadPage, abort: true }),
    z.refine(isRandomLookingCheckoutKey, { error: CHECKOUT_MESSAGES.weakCheckoutKey }),
  );

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
    paymentType: z.pipe(z._default(z.enum(['1', '2']), '1'), z.transform(Number)),
    ...addressFields(''),
    hasBilling: z.pipe(
      z._default(z.enum(['true', 'false', '1', '0']), 'false'),
      z.transform((v) => v === 'true' || v === '1'),
    ),
    ...addressFields('Billing'),
    discountCode: z.optional(text(60)),
    /**
     * The version of the terms the page showed before paying (GET /terms); the start checks it
     * was published and the order records it (issue 20). Absent while no version is published.
     */
    termsVersion: z.optional(
      z
        .string({ error: TERMS_MESSAGES.unknownVersion })
        .check(z.regex(TERMS_VERSION, { error: TERMS_MESSAGES.unknownVersion })),
    ),
    /** Sent by the spec's client; ignored: the server computes every amount itself. */
    discountAmount: z.optional(z.string().check(z.maxLength(20))),
  })
  .check(
    z.superRefine((form, ctx) => {
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
    }),
  );

export type CheckoutRequest = z.output<typeof checkoutRequestSchema>;

/** The header that carries the checkout key to GET /orders/{code} (never in a URL: it is a secret). */
export const CHECKOUT_KEY_HEADER = 'x-checkout-key';
