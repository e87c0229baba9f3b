import { defineHandler } from '#platform/handler.ts';
import { paypalSdkContract } from '#shared/contracts/payments.ts';
import { paypalBrowserSdk } from '../providers/paypal-client.ts';

/**
 * GET /paypal/sdk: the PayPal JavaScript SDK's settings for the browser (its client id and
 * environment; locally, the emulator's stand-in script). Orders are still created, captured and
 * authorised by the server (POST /paypal/orders, /paypal/capture, a draw entry's confirm).
 */
export const handler = defineHandler(paypalSdkContract, async () => ({
  status: 200 as const,
  ...paypalBrowserSdk(),
}));
