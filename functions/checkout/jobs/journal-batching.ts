/**
 * How the table's stream hands order changes to the journal (issue 49; its event source mapping,
 * infra/constructs/order-journal.ts, and the local stack's reader, infra/local/stack.ts). Orders
 * change a few times each (started, paid, mailed, shipped): small batches, no window, so an
 * order's form is outside the table within a second or two of its write.
 */

/** Records a batch at most: each is one small object written. */
export const JOURNAL_BATCH_SIZE = 25;
/** Retries of a failing batch (bisected) before its records go to the on-failure queue, which alarms. */
export const JOURNAL_RETRY_ATTEMPTS = 10;
/** A change older than this is given up (to the on-failure queue): the stream keeps 24 hours. */
export const JOURNAL_MAX_RECORD_AGE_HOURS = 12;
