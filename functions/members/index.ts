/** What other modules use of members: the only door into it. */

export { getSuppression, isConfirmedMember, undeliverable } from './entities/member.ts';
export { drawOpeningPut } from './entities/release.ts';
export { currentTerms, isPublishedTerms } from './entities/terms.ts';
export { announceOnSale } from './releases.ts';
