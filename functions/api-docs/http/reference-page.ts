import { pageHtml } from '#api-reference-page';
import { defineHandler, respond } from '#platform/handler.ts';
import { referencePageContract } from '#shared/contracts/api-docs.ts';

/**
 * GET /docs: the public API's reference page (HTML, not JSON), drawn from GET /openapi.json. It
 * is the web app's build of web/api-docs.html (its script and styles are the web bucket's
 * /assets/, as the app's are), bundled here because CloudFront sends all of /api to the API.
 */
export const handler = defineHandler(referencePageContract, async () =>
  respond(200, pageHtml, { headers: { 'content-type': 'text/html; charset=utf-8' }, raw: true }),
);
