/**
 * The shop's words, declared once for the functions, the web and the infrastructure alike.
 * On the wire a collection is a "type" (the spec's `type`, `typeId`, `/view-types`); in code
 * that is not wire it is a collection (see docs/architecture.md).
 */

/** Gender codes of the spec: 0 women, 1 men, 2 both (unisex). */
export const GENDER = { women: 0, men: 1, unisex: 2 } as const;
export type Gender = (typeof GENDER)[keyof typeof GENDER];
export const GENDERS = [GENDER.women, GENDER.men, GENDER.unisex] as const;

/** Where an order is in its life: held and waiting for payment, paid, failed, or refunded. */
export const ORDER_STATUSES = ['pending', 'paid', 'failed', 'refunded'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** The four pillars (000 §1); `joy` is shown as "entertainment". */
export const PILLARS = [
  { id: 'mind', label: 'mind' },
  { id: 'body', label: 'body' },
  { id: 'knowledge', label: 'knowledge' },
  { id: 'joy', label: 'entertainment' },
] as const;
export type PillarId = (typeof PILLARS)[number]['id'];
export const PILLAR_IDS: readonly string[] = PILLARS.map((pillar) => pillar.id);

/** The shop's contact addresses, shown to shoppers and owners and written into the demo catalogue. */
export const CONTACT = {
  /** Where shoppers and owners write for help (000 §2 questions, §2 /more contact). */
  supportEmail: 'support@oneofone.example',
} as const;
