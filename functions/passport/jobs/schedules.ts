/**
 * How often the passport log's sequencer runs besides its start after each append (EventBridge
 * in AWS, infra/constructs/log-sequencer.ts; locally `npm start`): every minute.
 */
export const SEQUENCE_LOG_EVERY_MINUTES = 1;

/**
 * How often the passport job issues the certificates of the pieces without one (EventBridge in
 * AWS, infra/stack.ts; locally `npm start`): every five minutes. A registration issues at once;
 * the job heals one whose issuing failed, and a piece waiting for a photograph's upload.
 */
export const ISSUE_MISSING_CERTIFICATES_EVERY_MINUTES = 5;
