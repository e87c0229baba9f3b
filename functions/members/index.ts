/** What other modules use of members: the only door into it. */

export { isConfirmedMember } from './entities/member.ts';
export { isPublishedTerms } from './entities/terms.ts';
