/**
 * The keys of the shop's secret (one JSON secret in Secrets Manager). The functions that need
 * them read them at cold start (functions/lib/secrets.ts); docs/deploying.md explains how to fill them in.
 */
export const SHOP_SECRET_NAMES = [
  'STRIPE_SECRET_KEY',
  'STRIPE_PUBLISHABLE_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'PAYPAL_CLIENT_ID',
  'PAYPAL_CLIENT_SECRET',
  'PAYPAL_WEBHOOK_ID',
  // Signs the links mailed to members (confirm, unsubscribe): any random string of 32+ characters.
  'MEMBER_LINK_KEY',
] as const;
