import { readFileSync } from 'node:fs';
import vm from 'node:vm';

/**
 * The CloudFront Function of /passport/* and /.well-known/passport-keys.json (viewer request),
 * as CloudFront takes it; the local gateway runs the very same code.
 */
export const PASSPORT_REQUEST_CODE = readFileSync(new URL('./passport-request.js', import.meta.url), 'utf8');

/** The paths CloudFront sends to it (infra/constructs/web-distribution.ts, infra/local/gateway.ts). */
/**
 * The release draws' lists, their witnessing and results (docs/draw.md) are served under the passport's prefix,
 * /passport/draws/<id>/, from draws/ of the same bucket: CloudFront's 25 behaviours are all taken.
 */
export const PASSPORT_PATHS = { prefix: '/passport/', keys: '/.well-known/passport-keys.json' } as const;

export const isPassportPath = (path: string) =>
  path.startsWith(PASSPORT_PATHS.prefix) || path === PASSPORT_PATHS.keys;

interface CfRequest {
  uri: string;
  querystring: Record<string, unknown>;
}

/** The viewer-request handler: the request for the bucket (its key, with a leading /), or a 404 answer. */
export function loadPassportEdge(): (event: { request: CfRequest }) => CfRequest | { statusCode: number } {
  const context = vm.createContext({});
  vm.runInContext(PASSPORT_REQUEST_CODE, context);
  return context.handler;
}
