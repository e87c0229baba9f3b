/**
 * How often the release sender runs (EventBridge in AWS, infra/stack.ts; locally `npm start`):
 * every minute, each run sending for at most 50 s at the set rate (send-releases.ts).
 */
export const RELEASES_EVERY_MINUTES = 1;
