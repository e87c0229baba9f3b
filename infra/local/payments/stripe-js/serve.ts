import { fileURLToPath } from 'node:url';
import type { Route } from '../http.ts';

const entry = fileURLToPath(new URL('./stand-in.ts', import.meta.url));
let bundle: Promise<string> | undefined;

/** The stand-in bundled once per process, as the browser script js.stripe.com/v3 is. */
export function standInScript(): Promise<string> {
  bundle ??= (async () => {
    const { build } = await import('esbuild');
    const result = await build({
      entryPoints: [entry],
      bundle: true,
      write: false,
      format: 'iife',
      target: 'es2022',
      minify: false,
      legalComments: 'none',
    });
    return result.outputFiles[0]?.text ?? '';
  })();
  bundle.catch(() => {
    bundle = undefined;
  });
  return bundle;
}

/** GET /v3/stripe.js: the stand-in for https://js.stripe.com/v3 (stand-in.ts). */
export function stripeJsRoutes(): Route[] {
  return [
    {
      method: 'GET',
      pattern: /^\/v3\/stripe\.js$/,
      handler: async () => ({
        status: 200,
        body: await standInScript(),
        headers: { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-cache' },
      }),
    },
  ];
}
