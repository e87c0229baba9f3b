import { createRequire } from 'node:module';

/**
 * Node's built-ins for the Lambda bundles, loaded with `require` instead of `import`.
 *
 * Importing a built-in as an ES module makes Node copy every export into the module namespace,
 * which runs lazy getters the code never asked for: `import { STATUS_CODES } from 'node:http'`
 * (in @middy/util) loads Node's whole fetch implementation (undici), about 40 ms of every cold
 * start on Node 24; `node:process` and `node:fs` cost 5–10 ms more the same way. `require` hands
 * back the object as it is, so a getter runs only if the code reads it. The aliases in
 * infra/build-functions.ts send each of these built-ins here; a name a bundle imports that a
 * shim does not export fails the build, not a request.
 */
export const loadBuiltin = createRequire(import.meta.url) as <T>(id: string) => T;
