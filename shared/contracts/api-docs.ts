import * as z from '#shared/zod.ts';
import type { Contract } from './contract.ts';

/**
 * The API's own description (issue 48): the OpenAPI 3.1 documents generated from the route table
 * and these contracts (infra/api/), committed in shared/api/ and answered as they are. Only their
 * frame is checked here; test/api checks they are current.
 */
const openApiDocument = z.looseObject({
  openapi: z.literal('3.1.0'),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.looseObject({})),
});

/** GET /openapi.json: the public document (storefront, checkout, portal, webhooks, public files). */
export const publicDocumentContract = { response: openApiDocument } satisfies Contract;

/** GET /openapi-admin.json: the staff's document, behind the admin session. */
export const adminDocumentContract = { response: openApiDocument } satisfies Contract;

/**
 * GET /docs: the public document's reference page, an HTML page (not JSON) whose scripts and
 * styles are the web app's own /assets/ (web/api-docs.html).
 */
export const referencePageContract = { answerType: 'text/html', response: z.string() } satisfies Contract;
