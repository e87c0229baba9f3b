import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundledScript, scriptResponse } from '../browser-script.ts';
import type { Route } from '../http.ts';

/** Where the emulator serves its stand-in of PayPal's core script (PayPal: /web-sdk/v6/core). */
export const WEB_SDK_PATH = '/web-sdk/v6/core';

const entry = path.join(path.dirname(fileURLToPath(import.meta.url)), 'core.ts');

/** GET /web-sdk/v6/core: the stand-in script (core.ts), as PayPal serves its own, with the emulator's origin in it. */
export function webSdkRoute(): Route {
  return {
    method: 'GET',
    pattern: /^\/web-sdk\/v6\/core$/,
    handler: (request) =>
      scriptResponse(
        bundledScript(entry, { EMULATOR_ORIGIN: JSON.stringify(new URL(request.baseUrl).origin) }),
      ),
  };
}
