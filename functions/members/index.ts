/** What other modules use of members: the only door into it. */

export { isPublishedTerms } from './entities/terms.ts';
