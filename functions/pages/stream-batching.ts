/**
 * How the table's stream is handed to the render-on-change function (issue 47), the same in AWS
 * (infra/constructs/page-rendering.ts, the event source mapping) and on the local stack
 * (infra/local/table-stream.ts):
 *
 * - A batch waits at most BATCHING_WINDOW_SECONDS after its first change for more. The promise
 *   is "a sold piece's page says sold within 60 s": the window (10 s), plus the batch before it
 *   still rendering (one batch at a time per shard), plus its own render, leaves tens of seconds
 *   for the renderer. The window is what coalesces: 1,000 changes of 50 pieces in a minute come
 *   as about six batches, so about 300 page renders instead of 1,000, and a burst of edits to
 *   one piece (a form saved five times) as one.
 * - BATCH_SIZE (1,000 of DynamoDB's 10,000) bounds one call: a staff edit of a large collection
 *   (every piece's page) is one batch, and a batch's renders fit the function's timeout.
 * - A failing batch is retried RETRY_ATTEMPTS times (bisected in AWS), then handed to the
 *   on-failure queue, which alarms; the stream goes on, and the daily full re-render repairs.
 */
export const BATCHING_WINDOW_SECONDS = 10;
export const BATCH_SIZE = 1000;
export const RETRY_ATTEMPTS = 3;
/** A change older than this is not retried any more but handed on (it is the full re-render's). */
export const MAX_RECORD_AGE_HOURS = 6;
