import { STATUS_LIST_FILE } from '#shared/passport/status-list.ts';

/**
 * The passport log's sequencer in AWS (issue 37; infra/stack.ts builds it as a ScheduledJob):
 * the functions that append a log entry and start it at once, and where it writes.
 */

/** The handlers whose writes append an entry (functions/passport/start-sequencer.ts sequenceSoon). */
export const SEQUENCER_STARTERS = [
  // A sale: every way a payment completes (checkout/adapters/completion-ports.ts completionPorts).
  'checkout/webhooks/stripe',
  'checkout/webhooks/paypal',
  'checkout/http/paypal-capture',
  'checkout/http/get-order',
  // A piece saved as sold on another platform, or given its record by staff.
  'authenticity/admin/post-product-auth',
  'catalog/admin/products/create-product',
  'catalog/admin/products/update-product',
  // A certificate issued by staff (an issue entry).
  'passport/admin/issue-certificate',
  // The owner's transfer, reset and lost/found.
  'authenticity/http/transfer',
  'authenticity/http/confirm-reset',
  'passport/http/report-lost',
] as const;

/** The sequencer's objects in the public bucket: tiles, entry bundles, the checkpoint. */
export const LOG_OBJECTS = 'passport/log/*';

/** The lost-or-stolen status list it republishes after each run (functions/passport/status-list-publisher.ts). */
export const STATUS_LIST_OBJECTS = STATUS_LIST_FILE;

/** The authenticity photographs a certificate names, published by whatever issues it. */
export const PASSPORT_PHOTO_OBJECTS = 'passport/photos/*';
