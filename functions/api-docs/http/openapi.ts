import { defineHandler } from '#platform/handler.ts';
import document from '#shared/api/openapi.json' with { type: 'json' };
import { publicDocumentContract } from '#shared/contracts/api-docs.ts';
import type { Answer } from '#shared/contracts/contract.ts';

/**
 * GET /openapi.json: this document, the public API in OpenAPI 3.1. The storefront, checkout, the
 * owners' portal, the passport, the draws, the providers' webhooks and the public files, generated
 * from the route table and its contracts and bundled as committed (shared/api/).
 */
export const handler = defineHandler(
  publicDocumentContract,
  // The committed JSON's types are wider than the contract's (its '3.1.0' reads as a string).
  async () => document as Answer<typeof publicDocumentContract>,
);
