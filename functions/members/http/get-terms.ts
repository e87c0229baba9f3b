import { defineHandler } from '#platform/handler.ts';
import { currentTermsContract } from '#shared/contracts/terms.ts';
import { currentTerms } from '../entities/terms.ts';

/** GET /terms: the current version of the terms and its date (the terms page and the checkout show it). */
export const handler = defineHandler(currentTermsContract, async () => {
  const current = await currentTerms();
  return {
    status: 200 as const,
    current: current ? { version: current.version, effectiveDate: current.effectiveDate } : null,
  };
});
