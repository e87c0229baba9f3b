/** What other modules' handlers use of checkout: the only door into it. */

export { buyersOfOtherTerms } from './entities/order.ts';
