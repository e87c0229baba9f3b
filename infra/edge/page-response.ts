import { readFileSync } from 'node:fs';
import vm from 'node:vm';

/**
 * The web behaviour's viewer-response function (page-response.js) as CloudFront takes it, and its
 * rule for the local gateway: the status a rendered page's object metadata gives.
 */
export const PAGE_RESPONSE_CODE = readFileSync(new URL('./page-response.js', import.meta.url), 'utf8');

/** The status a page answers with for its `x-amz-meta-status` (undefined: as S3 answered). */
export function loadPageStatus(): (metadata: string | null | undefined) => number | undefined {
  const context = vm.createContext({});
  vm.runInContext(PAGE_RESPONSE_CODE, context);
  const pageStatus = context.pageStatus as (metadata: string) => number | undefined;
  return (metadata) => (metadata ? pageStatus(metadata) : undefined);
}
