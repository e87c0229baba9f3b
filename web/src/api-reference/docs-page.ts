import './docs-page.css';
import { renderReference } from '../lib/api-reference.ts';

/**
 * /api/docs (web/api-docs.html, answered by GET /docs): the public API's reference, drawn from
 * the document the API itself serves (GET /api/openapi.json).
 */
async function start(): Promise<void> {
  const element = document.getElementById('reference');
  const status = document.getElementById('reference-status');
  if (!element || !status) return;
  try {
    const response = await fetch('/api/openapi.json', { credentials: 'omit' });
    if (!response.ok) throw new Error(`the API description answered ${response.status}`);
    const spec = (await response.json()) as object;
    await renderReference(spec, element, { downloadDefinitionUrl: '/api/openapi.json' });
    status.remove();
  } catch (error) {
    status.textContent = `The API reference could not be shown: ${(error as Error).message}.`;
  }
}

void start();
