import * as z from '#shared/zod.ts';
import type { Contract } from './contract.ts';

/**
 * GET /paypal/sdk: what the browser needs to load PayPal's JavaScript SDK (v6) and create its
 * instance: the REST app's public client id, the environment whose core script it loads, and,
 * on the local stack only, the stand-in core script served by the payments emulator (loaded in
 * place of PayPal's own). Nothing secret: the client id is public by PayPal's design.
 */
export const paypalSdkContract = {
  response: z.object({
    status: z.literal(200),
    clientId: z.string(),
    environment: z.enum(['sandbox', 'production']),
    /** Local stack only: the stand-in of https://www.sandbox.paypal.com/web-sdk/v6/core. */
    standInScript: z.optional(z.string()),
  }),
} satisfies Contract;
