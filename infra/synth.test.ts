import { describe, expect, it } from 'vitest';
import { isChatter, runSynth } from './synth.ts';
import { bundledModule, reportBundled, SYNTH_PROGRESS_ENV } from './synth-progress.ts';

/** A stand-in for the CDK CLI: what `cdk synth` writes on stderr while the app bundles. */
function fakeCli(lines: string[], exitCode: number): string[] {
  const script = `
    const marker = process.env.${SYNTH_PROGRESS_ENV} === '1';
    for (const line of ${JSON.stringify(lines)}) {
      if (line.includes('boutique-synth') && !marker) continue;
      process.stderr.write(line + '\\n');
    }
    process.exitCode = ${exitCode};`;
  return ['-e', script];
}

async function synth(lines: string[], exitCode = 0) {
  const written: string[] = [];
  const stream = { isTTY: false, write: (s: string) => written.push(s) } as never;
  const code = await runSynth({
    command: process.execPath,
    args: fakeCli(lines, exitCode),
    total: 2,
    progress: { stream, now: () => 0 },
  });
  return { code, written };
}

const BUNDLING = [
  'Bundling asset Boutique-dev/StorefrontRoutes/CatalogHttpGetType/Code/Stage...',
  'boutique-synth: bundled catalog/get-type',
  'Bundling asset Boutique-dev/CheckoutRoutes/CheckoutHttpPostSecret/Code/Stage...',
  'npm warn invalid config loglevel="warning" set in command line options',
  '',
  'added 56 packages in 3s',
  '\x1b[31mboutique-synth: bundled checkout/post-secret\x1b[39m',
];

describe('npm run synth', () => {
  it('shows one progress line for the bundles and passes the other lines on', async () => {
    const { code, written } = await synth([
      ...BUNDLING,
      'WARNING This stack reserves 70 …',
      '   Boutique-dev',
    ]);
    expect(code).toBe(0);
    expect(written).toEqual([
      'synth: 0 of 2 bundles · 0 s\n',
      'WARNING This stack reserves 70 …\n',
      '   Boutique-dev\n',
      'synth: 2 of 2 bundles · 0 s · done\n',
    ]);
  });

  it('prints the hidden lines when the synth fails', async () => {
    const { code, written } = await synth([...BUNDLING.slice(0, 3), 'Error: esbuild failed'], 3);
    expect(code).toBe(3);
    expect(written).toEqual([
      'synth: 0 of 2 bundles · 0 s\n',
      'Error: esbuild failed\n',
      'synth: failed (exit 3) after 0 s, 1 of 2 bundles made\n',
      "The bundling's own lines:\n" +
        '  Bundling asset Boutique-dev/StorefrontRoutes/CatalogHttpGetType/Code/Stage...\n' +
        '  Bundling asset Boutique-dev/CheckoutRoutes/CheckoutHttpPostSecret/Code/Stage...\n',
    ]);
  });

  it('tells chatter from what a reader needs', () => {
    expect(isChatter('\x1b[1mnpm\x1b[22m \x1b[33mwarn\x1b[39m invalid config Must be one of: silent')).toBe(
      true,
    );
    expect(isChatter('Bundling asset Boutique-dev/MailSweep/Function/Code/Stage...')).toBe(true);
    expect(isChatter('npm error code ERESOLVE')).toBe(false);
    expect(isChatter('✘ [ERROR] Could not resolve "zod"')).toBe(false);
  });

  it('has the app say each bundle only when the wrapper asks', () => {
    const said: string[] = [];
    reportBundled('catalog/get-type', {}, (text) => said.push(text));
    reportBundled('catalog/get-type', { [SYNTH_PROGRESS_ENV]: '1' }, (text) => said.push(text));
    expect(said).toEqual(['boutique-synth: bundled catalog/get-type\n']);
    expect(bundledModule(said[0] as string)).toBe('catalog/get-type');
    expect(bundledModule('Bundling asset X/Code/Stage...')).toBeUndefined();
  });
});
