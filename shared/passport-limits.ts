/** Kept apart from the contracts (shared/contracts/passport.ts) so the portal's screens load no zod. */
/** A resale proof lasts from 1 to 30 days, the owner's choice (docs/passport.md, Resale proof). */
export const PROOF_DAYS = { min: 1, max: 30 } as const;
