/** What other modules use of members: the only door into it. */

export { getSuppression, isConfirmedMember, undeliverable } from './entities/member.ts';
export { currentTerms, isPublishedTerms } from './entities/terms.ts';
