import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type Audience, apiDocument } from './document.ts';

/** Where the documents are kept: committed, so a change to the API shows in review (test/api checks they are current). */
export const DOCUMENTS_DIR = path.resolve(import.meta.dirname, '../../shared/api');
export const documentFile = (audience: Audience) =>
  path.join(DOCUMENTS_DIR, audience === 'admin' ? 'openapi-admin.json' : 'openapi.json');
export const documentText = (audience: Audience) => `${JSON.stringify(apiDocument(audience), null, 2)}\n`;

if (import.meta.main) {
  mkdirSync(DOCUMENTS_DIR, { recursive: true });
  for (const audience of ['public', 'admin'] as const) {
    writeFileSync(documentFile(audience), documentText(audience));
    console.log(`wrote ${path.relative(process.cwd(), documentFile(audience))}`);
  }
}
