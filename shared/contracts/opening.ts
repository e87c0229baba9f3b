import * as z from '#shared/zod.ts';
import type { Contract } from './contract.ts';

/**
 * What is still missing before the shop can open (issue 45): each thing staff or the operator
 * must do once, in the order of the README's after-deploy steps. `to` is the admin screen that
 * fixes it, or `href` the outside page (the SES console) where it is fixed; a deployment setting
 * has neither: `how` says what to change and deploy.
 */
export const OPENING_ITEMS = [
  'terms',
  'films',
  'contact-addresses',
  'sister-sites',
  'mail-identity',
] as const;
export type OpeningItem = (typeof OPENING_ITEMS)[number];

export const openingMissingSchema = z.object({
  item: z.enum(OPENING_ITEMS),
  /** What is missing, in staff's words. */
  what: z.string(),
  /** What to do about it. */
  how: z.string(),
  to: z.optional(z.string()),
  href: z.optional(z.string()),
  /** The link's words. */
  label: z.optional(z.string()),
});
export type OpeningMissing = z.output<typeof openingMissingSchema>;

/** GET /opening (added, staff): the list of what is missing; empty once the shop may open. */
export const openingChecklistContract = {
  response: z.object({
    status: z.literal(200),
    ready: z.boolean(),
    missing: z.array(openingMissingSchema),
  }),
} satisfies Contract;
