import { fileURLToPath } from 'node:url';
import { bundledScript, scriptResponse } from '../browser-script.ts';
import type { Route } from '../http.ts';

const entry = fileURLToPath(new URL('./stand-in.ts', import.meta.url));

/** GET /v3/stripe.js: the stand-in for https://js.stripe.com/v3 (stand-in.ts). */
export function stripeJsRoutes(): Route[] {
  return [
    { method: 'GET', pattern: /^\/v3\/stripe\.js$/, handler: () => scriptResponse(bundledScript(entry)) },
  ];
}
