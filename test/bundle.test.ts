import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { routes } from '../functions/routes.ts';
import {
  buildAllFunctions,
  ESM_REQUIRE_BANNER,
  EVENT_MODULES,
  JOB_MODULES,
  NATIVE_MODULES,
  OUT_DIR,
  ROOT_DIR,
} from '../infra/build-functions.ts';

/** Code in a bundle that exercises a capability a route must declare. */
const CAPABILITY_CODE = {
  // The S3 client: presigned uploads, deletes and signed links to private photos.
  media: ['node_modules/@aws-sdk/client-s3/'],
  // The SES client: the shop's templated mail, or the mail identity's verification.
  mail: ['node_modules/@aws-sdk/client-sesv2/'],
  // The code that reads values from the shop secret: provider keys and the origin check.
  secrets: [
    'functions/platform/client-address.ts',
    'functions/platform/signed-links.ts',
    'functions/payments/providers/stripe-client.ts',
    'functions/payments/providers/paypal-client.ts',
  ],
};

function capabilitiesUsed(inputs: Record<string, { bytesInOutput: number }>) {
  const uses = (prefixes: string[]) =>
    Object.entries(inputs).some(
      // `includes`: in a git worktree whose node_modules is a link, esbuild names the real path.
      ([file, input]) => input.bytesInOutput > 0 && prefixes.some((prefix) => file.includes(prefix)),
    );
  return {
    media: uses(CAPABILITY_CODE.media),
    mail: uses(CAPABILITY_CODE.mail),
    secrets: uses(CAPABILITY_CODE.secrets),
  };
}

/** Bundles every built handler in memory, as `npm run build:functions` does on disk. */
describe('handler bundles', () => {
  const modules = [
    ...routes.filter((route) => !route.pending).map((route) => route.handler),
    ...JOB_MODULES,
    ...EVENT_MODULES,
  ];

  it('builds one ESM bundle exporting `handler` for every non-pending route, every job and every event function', {
    timeout: 300_000,
  }, async () => {
    const result = await buildAllFunctions({ write: false, logLevel: 'silent' });
    expect(result.errors).toEqual([]);
    const outputFiles = result.outputFiles ?? [];

    const bundles = new Map(
      outputFiles.filter((file) => file.path.endsWith('.mjs')).map((file) => [file.path, file.text]),
    );
    expect([...bundles.keys()].sort()).toEqual(
      modules.map((module) => path.join(OUT_DIR, `${module}.mjs`)).sort(),
    );
    for (const [file, text] of bundles) {
      expect(text.startsWith(ESM_REQUIRE_BANNER), file).toBe(true);
      expect(text, file).not.toMatch(/\bmodule\.exports\b/);
      expect(text, file).toMatch(/\bexport\s*\{/);
      expect(outputFiles.some((output) => output.path === `${file}.map`)).toBe(true);
    }

    for (const module of modules) {
      const output = result.metafile.outputs[path.relative(ROOT_DIR, path.join(OUT_DIR, `${module}.mjs`))];
      expect(output?.exports, module).toContain('handler');
      // A native binary is built for one platform: it is installed beside the bundle, never in it.
      for (const native of NATIVE_MODULES)
        expect(
          Object.keys(output?.inputs ?? {}).filter((input) => input.includes(`node_modules/${native}/`)),
          module,
        ).toEqual([]);
    }

    // IAM follows the route table's declarations; this proves each declaration matches what the
    // bundle really does: no capability used that its row does not declare, none declared unused.
    for (const route of routes.filter((row) => !row.pending)) {
      const output =
        result.metafile.outputs[path.relative(ROOT_DIR, path.join(OUT_DIR, `${route.handler}.mjs`))];
      const used = capabilitiesUsed(output?.inputs ?? {});
      const declared = {
        media: route.access.media !== undefined || route.access.privateMedia !== undefined,
        mail: route.access.mail === true || route.access.mailIdentity === true,
        secrets: route.access.secrets === true,
      };
      expect(used, `${route.method} ${route.path} (${route.handler})`).toEqual(declared);
    }
  });
});
