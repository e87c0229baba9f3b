import { readFileSync } from 'node:fs';
import vm from 'node:vm';

/**
 * The web behaviour's viewer-request function (spa-fallback.js) as CloudFront takes it, and the
 * same code run for the local gateway, so both map a path to the same file.
 */
export const SPA_FALLBACK_CODE = readFileSync(new URL('./spa-fallback.js', import.meta.url), 'utf8');

/** The file a viewer's path is served from: itself, index.html (a client route) or verify.html. */
export function loadSpaFallback(): (uri: string) => string {
  const context = vm.createContext({});
  vm.runInContext(SPA_FALLBACK_CODE, context);
  return context.pageOf as (uri: string) => string;
}
