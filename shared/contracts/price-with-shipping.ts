import { idSchema } from '#shared/schemas.ts';
import * as z from '#shared/zod.ts';
import type { Contract } from './contract.ts';

/**
 * In a file of its own, not in catalog.ts: esbuild keeps every zod schema of a file a bundle
 * imports (they are calls it cannot prove pure), and this read's bundle is the storefront's
 * largest.
 */

/** GET /price-with-shipping?id&tid: a piece's US price and the shipping price per country. */
export const priceWithShippingContract = {
  query: z.object({ id: idSchema, tid: idSchema }),
  response: z.object({
    status: z.literal(200),
    priceUs: z.number(),
    productName: z.string(),
    /** By country name; 0 everywhere for a piece without shipment charge. */
    shippingArr: z.array(z.object({ countryId: z.string(), country: z.string(), price: z.number() })),
  }),
  cache: 'catalogue',
} satisfies Contract;
