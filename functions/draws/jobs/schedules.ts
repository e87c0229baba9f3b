/**
 * How often the draws' job runs (EventBridge in AWS, infra/stack.ts; locally `npm start`): every
 * minute, closing the draws whose window closed and drawing those whose beacon round is out.
 */
export const RUN_DRAWS_EVERY_MINUTES = 1;
