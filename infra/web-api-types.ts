import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import openapiTS, { astToString, COMMENT_HEADER, type OpenAPI3 } from 'openapi-typescript';
import { type Audience, apiDocument } from './api/document.ts';

/**
 * The web client's types of the API (web/src/lib/api-schema/{public,admin}.d.ts), made by
 * openapi-typescript from the documents as the contracts and the route table describe them NOW
 * (infra/api/document.ts, in memory: never the committed shared/api/*.json, which may be stale).
 * Not committed (gitignored); `npm run typecheck` makes them first, so a contract change the web
 * does not follow fails the typecheck. Vite and esbuild erase types: the builds do not need them.
 */
export const API_SCHEMA_DIR = path.resolve(import.meta.dirname, '../web/src/lib/api-schema');

/**
 * `defaultNonNullable: false`: a property with a default is optional where the document says so (a
 * request's `paymentType` defaults to card); an answer's always-present ones are `required` in it.
 */
export async function apiTypes(audience: Audience): Promise<string> {
  const ast = await openapiTS(apiDocument(audience) as unknown as OpenAPI3, {
    silent: true,
    defaultNonNullable: false,
  });
  return `${COMMENT_HEADER}${astToString(ast)}`;
}

if (import.meta.main) {
  mkdirSync(API_SCHEMA_DIR, { recursive: true });
  for (const audience of ['public', 'admin'] as const) {
    const file = path.join(API_SCHEMA_DIR, `${audience}.d.ts`);
    writeFileSync(file, await apiTypes(audience));
    console.log(`wrote ${path.relative(process.cwd(), file)}`);
  }
}
