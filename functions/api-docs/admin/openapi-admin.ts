import document from '#shared/api/openapi-admin.json' with { type: 'json' };
import { adminDocumentContract } from '#shared/contracts/api-docs.ts';
import type { Answer } from '#shared/contracts/contract.ts';
import { defineAdminHandler } from '#staff/index.ts';

/**
 * GET /openapi-admin.json: this document, the staff's API in OpenAPI 3.1. The catalogue, orders,
 * members, releases, draws and authenticity records, for staff only: 401 without a live staff
 * session. Generated like the public one and bundled as committed (shared/api/).
 */
export const handler = defineAdminHandler(
  adminDocumentContract,
  // The committed JSON's types are wider than the contract's (its '3.1.0' reads as a string).
  async () => document as Answer<typeof adminDocumentContract>,
);
