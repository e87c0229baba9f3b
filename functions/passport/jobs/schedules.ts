/**
 * How often the passport log's sequencer runs besides its start after each append (EventBridge
 * in AWS, infra/constructs/log-sequencer.ts; locally `npm start`): every minute.
 */
export const SEQUENCE_LOG_EVERY_MINUTES = 1;
