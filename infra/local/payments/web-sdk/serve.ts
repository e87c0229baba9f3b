import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { EmulatorResponse, Route } from '../http.ts';

/** Where the emulator serves its stand-in of PayPal's core script (PayPal: /web-sdk/v6/core). */
export const WEB_SDK_PATH = '/web-sdk/v6/core';

const entry = path.join(path.dirname(fileURLToPath(import.meta.url)), 'core.ts');
let built: Promise<string> | undefined;

/** core.ts bundled for the browser by esbuild, once per emulator process, with the emulator's origin in it. */
async function script(origin: string): Promise<string> {
  built ??= import('esbuild')
    .then(({ build }) =>
      build({
        entryPoints: [entry],
        bundle: true,
        write: false,
        format: 'iife',
        target: 'es2022',
        minify: false,
        define: { EMULATOR_ORIGIN: JSON.stringify(origin) },
        logLevel: 'silent',
      }),
    )
    .then((result) => result.outputFiles[0]?.text ?? '')
    .catch((error: unknown) => {
      built = undefined;
      throw error;
    });
  return built;
}

/** GET /web-sdk/v6/core: the stand-in script, as PayPal serves its own (JavaScript, short cache). */
export function webSdkRoute(): Route {
  return {
    method: 'GET',
    pattern: /^\/web-sdk\/v6\/core$/,
    handler: async (request): Promise<EmulatorResponse> => ({
      status: 200,
      body: await script(new URL(request.baseUrl).origin),
      headers: { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-cache' },
    }),
  };
}
