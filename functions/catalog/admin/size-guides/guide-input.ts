/**
 * The size guide requests are declared with their routes in
 * shared/contracts/catalog-admin-sizes.ts; functions/catalog/rules/guide-rules.ts still reads
 * the create schema's type from here.
 */
export { createGuideSchema } from '#shared/contracts/catalog-admin-sizes.ts';

/** Guide entries per size: a size and all its entries are deleted in one transaction. */
export const MAX_GUIDES_PER_SIZE = 50;
