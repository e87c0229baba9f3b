import document from '#shared/api/openapi-admin.json' with { type: 'json' };
import { adminDocumentContract } from '#shared/contracts/api-docs.ts';
import type { Answer } from '#shared/contracts/contract.ts';
import { defineAdminHandler } from '#staff/index.ts';

/**
 * GET /openapi-admin.json: the staff's API described in OpenAPI 3.1 (catalogue, orders, members,
 * releases, draws, authenticity), for staff only: 401 without a live staff session.
 */
export const handler = defineAdminHandler(
  adminDocumentContract,
  // The committed JSON's types are wider than the contract's (its '3.1.0' reads as a string).
  async () => document as Answer<typeof adminDocumentContract>,
);
