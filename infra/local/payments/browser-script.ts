import type { EmulatorResponse } from './http.ts';

const bundles = new Map<string, Promise<string>>();

/**
 * A stand-in of a provider's browser script (Stripe.js, PayPal's core script), bundled by esbuild
 * once per emulator process as the provider serves its own, with `define` baked in (the first
 * request's values); a failed build is tried again on the next request.
 */
export function bundledScript(entry: string, define: Record<string, string> = {}): Promise<string> {
  let bundle = bundles.get(entry);
  if (!bundle) {
    bundle = import('esbuild')
      .then(({ build }) =>
        build({
          entryPoints: [entry],
          bundle: true,
          write: false,
          format: 'iife',
          target: 'es2022',
          minify: false,
          legalComments: 'none',
          logLevel: 'silent',
          define,
        }),
      )
      .then((result) => result.outputFiles[0]?.text ?? '');
    bundle.catch(() => bundles.delete(entry));
    bundles.set(entry, bundle);
  }
  return bundle;
}

/** The script as a browser is served it: JavaScript, asked again on every load. */
export async function scriptResponse(script: Promise<string>): Promise<EmulatorResponse> {
  return {
    status: 200,
    body: await script,
    headers: { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-cache' },
  };
}
