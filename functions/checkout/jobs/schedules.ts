/**
 * How often EventBridge runs the scheduled jobs (infra/stack.ts), and locally `npm start`.
 * The mail sweep: every 5 minutes, its sender's lease is 30 s. The reconciliation: every minute,
 * EventBridge's finest rate, so a lost webhook costs a sale at most a couple of minutes (with the
 * 2-minute grace it leaves the webhook), well inside the 15-minute hold, before the piece can go
 * to anyone else.
 */
export const MAIL_SWEEP_EVERY_MINUTES = 5;
export const RECONCILE_EVERY_MINUTES = 1;
/** The overdue check (paid orders waiting to ship longer than 7 business days): once a day. */
export const OVERDUE_CHECK_EVERY_DAYS = 1;
