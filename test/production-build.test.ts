import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHOP_SETTINGS_META } from '#shared/shop-page.ts';

/**
 * What a production deployment ships holds its own shop settings and no placeholder: the CDK app
 * (infra/app.ts) is run as `cdk synth -c stage=prod` runs it, with the shop's real settings, and
 * every template and staged asset is read, with the built web (web/dist) it uploads.
 */
const root = new URL('..', import.meta.url).pathname;
const cdkJson = JSON.parse(readFileSync(join(root, 'cdk.json'), 'utf8')) as {
  context: Record<string, unknown>;
};
const run = promisify(execFile);

const PROD_SHOP = {
  name: 'One of One Luxury',
  supportEmail: 'care@oneofoneluxury.com',
  ordersEmail: 'sales@oneofoneluxury.com',
  mailFrom: 'orders@oneofoneluxury.com',
  sisterSites: [{ name: 'One of One Art', url: 'https://art.oneofoneluxury.com/' }],
};

/** An address or site on a reserved name (RFC 2606/6761): never a real shop's. */
const PLACEHOLDER =
  /[\w.+-]+@(?:[\w-]+\.)*(?:[\w-]+\.(?:example|invalid|localhost|test)|example\.(?:com|net|org))\b|https?:\/\/(?:[\w-]+\.)*(?:[\w-]+\.(?:example|invalid|localhost)|example\.(?:com|net|org))\b/i;

/** Runs infra/app.ts as the CDK CLI does (context and output folder in the environment). */
function synth(outdir: string, shop: unknown) {
  const context = { ...cdkJson.context, stage: 'prod', shop, 'aws:cdk:bundling-stacks': [] };
  return run(join(root, 'node_modules/.bin/node'), ['infra/app.ts'], {
    cwd: root,
    env: { ...process.env, CDK_CONTEXT_JSON: JSON.stringify(context), CDK_OUTDIR: outdir },
    maxBuffer: 16 * 1024 * 1024,
  });
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** Every placeholder address in the text files under dir, as `file: match`. */
function placeholdersUnder(dir: string): string[] {
  return filesUnder(dir)
    .filter((file) => /\.(json|html|js|mjs|css|txt|svg|webmanifest)$/.test(file))
    .flatMap((file) => {
      const found = readFileSync(file, 'utf8').match(new RegExp(PLACEHOLDER, 'gi')) ?? [];
      return found.map((match) => `${file.slice(dir.length + 1)}: ${match}`);
    });
}

/**
 * A library's own sample values in the built web (and its staged copy), by file: placeholders on purpose, never an
 * address of the shop. Any other placeholder in those files still fails.
 */
const LIBRARY_SAMPLES: { file: RegExp; matches: readonly string[]; why: string }[] = [
  {
    file: /(?:^|\/)assets\/redoc\.standalone-[\w-]+\.js$/,
    matches: ['user@example.com', 'http://example.com'],
    why: "Redoc's request samples of an e-mail or URI field (openapi-sampler) on the API reference (issue 48)",
  },
];
const librarySample = (found: string) => {
  const [file = '', match = ''] = found.split(': ');
  return LIBRARY_SAMPLES.some((sample) => sample.file.test(file) && sample.matches.includes(match));
};

describe('a production build', () => {
  const outdir = mkdtempSync(join(tmpdir(), 'boutique-prod-synth-'));
  beforeAll(() => synth(outdir, PROD_SHOP), 180_000);
  afterAll(() => rmSync(outdir, { recursive: true, force: true }));

  it('ships no placeholder address: not in the built web, not in a template or staged asset', () => {
    expect(placeholdersUnder(join(root, 'web', 'dist')).filter((found) => !librarySample(found))).toEqual([]);
    expect(placeholdersUnder(outdir).filter((found) => !librarySample(found))).toEqual([]);
  });

  it("writes the deployment's settings into the index.html and verify.html it uploads, and gives them to every function", () => {
    for (const name of ['index.html', 'verify.html']) {
      const pages = filesUnder(outdir).filter((file) => file.endsWith(`/${name}`));
      expect(pages, name).toHaveLength(1);
      const html = readFileSync(pages[0] as string, 'utf8');
      const content =
        html.match(new RegExp(`<meta name="${SHOP_SETTINGS_META}" content="([^"]*)"`))?.[1] ?? '';
      expect(JSON.parse(content.replace(/&quot;/g, '"').replace(/&amp;/g, '&')), name).toEqual({
        name: PROD_SHOP.name,
        supportEmail: PROD_SHOP.supportEmail,
        sisterSites: PROD_SHOP.sisterSites,
      });
    }
    const functions = filesUnder(outdir)
      .filter((file) => file.endsWith('.template.json'))
      .flatMap((file) =>
        Object.values(
          (
            JSON.parse(readFileSync(file, 'utf8')) as {
              Resources: Record<string, { Type: string; Properties: never }>;
            }
          ).Resources,
        ).filter((r) => r.Type === 'AWS::Lambda::Function'),
      )
      .map(
        (r) =>
          (r.Properties as { Environment?: { Variables?: Record<string, unknown> } }).Environment?.Variables,
      )
      // Every route's function and every scheduled job (the mail feedback and picture sets send nothing).
      .filter((vars) => vars?.SHOP_URL !== undefined || vars?.MAIL_FROM !== undefined);
    expect(functions.length).toBeGreaterThan(100);
    for (const vars of functions) {
      expect(vars).toMatchObject({ SHOP_NAME: PROD_SHOP.name, SUPPORT_EMAIL: PROD_SHOP.supportEmail });
      if (vars?.MAIL_FROM) expect(vars.MAIL_FROM).toBe(`One of One Luxury <${PROD_SHOP.mailFrom}>`);
      // Every function that sends mail may announce a sale to staff.
      if (vars?.MAIL_FROM) expect(vars.ORDERS_EMAIL).toBe(PROD_SHOP.ordersEmail);
    }
  });

  it('is refused with the placeholder named when the settings are the example ones', async () => {
    const refused = mkdtempSync(join(tmpdir(), 'boutique-prod-refused-'));
    try {
      await expect(synth(refused, cdkJson.context.shop)).rejects.toThrow(
        /a production stage needs real addresses, not placeholders: supportEmail support@oneofone\.example; ordersEmail sales@oneofone\.example/,
      );
    } finally {
      rmSync(refused, { recursive: true, force: true });
    }
  }, 120_000);
});
