import { closeSync, existsSync, openSync, readdirSync, readFileSync, readSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readCloudAssembly } from '../infra/local/cloud-assembly.ts';

/**
 * The picture sets' function as `cdk synth` ships it (cdk.out, made by `npm run synth` before
 * vitest runs): sharp is installed beside the bundle in its Lambda build, linux-arm64 with
 * glibc, whatever machine synthesized, and only there.
 */
const cdkOut = resolve(import.meta.dirname, '..', 'cdk.out');
const synthesized = existsSync(join(cdkOut, 'manifest.json'));
const assembly = synthesized ? readCloudAssembly(cdkOut) : undefined;
const pictureFunction = assembly?.functions.find((fn) =>
  fn.description.startsWith('On upload: makes the responsive picture set'),
);
const assetDir = pictureFunction?.assetDir ?? '';

/** ELF e_machine values (the ELF header's bytes 18–19, little-endian). */
const EM_AARCH64 = 0xb7;
const EM_X86_64 = 0x3e;

/** The machine an ELF file is built for, or undefined when the file is not ELF. */
function elfMachine(file: string): number | undefined {
  const header = Buffer.alloc(20);
  const fd = openSync(file, 'r');
  try {
    if (readSync(fd, header, 0, 20, 0) < 20) return undefined;
  } finally {
    closeSync(fd);
  }
  if (header.readUInt32BE(0) !== 0x7f454c46) return undefined; // \x7fELF
  // 64-bit (EI_CLASS 2), little-endian (EI_DATA 1): how Lambda's arm64 binaries are built.
  expect([header[4], header[5]], file).toEqual([2, 1]);
  return header.readUInt16LE(18);
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

describe('the picture sets’ bundle in cdk.out', () => {
  it('is there (`npm run synth` makes cdk.out)', () => {
    expect(synthesized, 'cdk.out is made by `npm run synth`').toBe(true);
    expect(pictureFunction, 'the picture sets’ function in cdk.out').toBeDefined();
    expect(pictureFunction).toMatchObject({
      runtime: 'nodejs24.x',
      handler: 'index.handler',
      memorySize: 2048,
    });
  });

  it.skipIf(!pictureFunction)(
    'carries sharp’s native binary and libvips for linux-arm64 (aarch64 ELF)',
    () => {
      const sharpBinaries = readdirSync(join(assetDir, 'node_modules/@img/sharp-linux-arm64/lib')).filter(
        (f) => f.endsWith('.node'),
      );
      // sharp 0.35 names it sharp-linux-arm64-<version>.node; its index.cjs loads it.
      expect(sharpBinaries).toHaveLength(1);
      expect(sharpBinaries[0]).toMatch(/^sharp-linux-arm64(-[\d.]+)?\.node$/);
      const binary = join(assetDir, 'node_modules/@img/sharp-linux-arm64/lib', sharpBinaries[0] as string);
      expect(elfMachine(binary)).toBe(EM_AARCH64);
      const libvips = readdirSync(join(assetDir, 'node_modules/@img/sharp-libvips-linux-arm64/lib')).filter(
        (f) => /^libvips-cpp\.so/.test(f),
      );
      expect(libvips).toHaveLength(1);
      expect(
        elfMachine(join(assetDir, 'node_modules/@img/sharp-libvips-linux-arm64/lib', libvips[0] as string)),
      ).toBe(EM_AARCH64);
      // What sharp's loader asks for on Linux arm64 with glibc resolves inside the asset.
      const required = createRequire(join(assetDir, 'node_modules/sharp/package.json'));
      expect(required.resolve('@img/sharp-linux-arm64/sharp.node')).toBe(
        join(assetDir, 'node_modules/@img/sharp-linux-arm64/index.cjs'),
      );
    },
  );

  it.skipIf(!pictureFunction)('carries no binary of another platform, and no install settings', () => {
    const platforms = readdirSync(join(assetDir, 'node_modules/@img')).filter((name) =>
      name.startsWith('sharp-'),
    );
    expect(platforms.sort()).toEqual(['sharp-libvips-linux-arm64', 'sharp-linux-arm64']);
    const machines = new Map<string, number>();
    for (const file of filesUnder(join(assetDir, 'node_modules'))) {
      const machine = elfMachine(file);
      if (machine !== undefined) machines.set(relative(assetDir, file), machine);
    }
    expect(machines.size).toBeGreaterThanOrEqual(2);
    expect([...machines].filter(([, machine]) => machine === EM_X86_64)).toEqual([]);
    expect([...machines].filter(([, machine]) => machine !== EM_AARCH64)).toEqual([]);
    expect(existsSync(join(assetDir, '.npmrc')), 'the .npmrc was only for the install').toBe(false);
  });

  it.skipIf(!pictureFunction)(
    'imports sharp from beside the bundle, in the version the tests ran with',
    () => {
      const bundle = readFileSync(join(assetDir, 'index.mjs'), 'utf8');
      expect(bundle).toMatch(/import\(\s*"sharp"\s*\)|from\s*"sharp"/);
      expect(bundle).not.toContain('sharp-linux-x64');
      const version = (dir: string) =>
        (
          JSON.parse(readFileSync(join(dir, 'node_modules/sharp/package.json'), 'utf8')) as {
            version: string;
          }
        ).version;
      expect(version(assetDir)).toBe(version(resolve(import.meta.dirname, '..')));
    },
  );

  it.skipIf(!pictureFunction)(
    'is carried by every function whose bundle imports it, and by no other (the picture makers: infra/build-functions.ts)',
    () => {
      // The shop's own bundles (CDK's custom resources ship code of another shape).
      const functions = (assembly?.functions ?? []).filter((fn) =>
        existsSync(join(fn.assetDir, 'index.mjs')),
      );
      expect(functions.length).toBeGreaterThan(100);
      const importsSharp = (fn: (typeof functions)[number]) =>
        /import\(\s*"sharp"\s*\)|from\s*"sharp"/.test(readFileSync(join(fn.assetDir, 'index.mjs'), 'utf8'));
      const carries = (fn: (typeof functions)[number]) => existsSync(join(fn.assetDir, 'node_modules/sharp'));
      const importing = functions.filter(importsSharp);
      // A bundle that imports sharp without it beside would fail at its first picture, in Lambda only.
      expect(importing.filter((fn) => !carries(fn)).map((fn) => fn.description)).toEqual([]);
      expect(functions.filter((fn) => carries(fn) && !importsSharp(fn)).map((fn) => fn.description)).toEqual(
        [],
      );
      // The picture sets' and the three that issue certificates (their photographs' published copies).
      const names = importing.map((fn) => fn.description);
      expect(names).toHaveLength(4);
      expect(names).toEqual(
        expect.arrayContaining([
          pictureFunction?.description,
          'POST /api/passport/certificates',
          'POST /api/products',
          expect.stringMatching(/^Every five minutes: issues the passport certificate/),
        ]),
      );
      for (const fn of importing)
        expect(
          readdirSync(join(fn.assetDir, 'node_modules/@img'))
            .filter((name) => name.startsWith('sharp-'))
            .sort(),
          fn.description,
        ).toEqual(['sharp-libvips-linux-arm64', 'sharp-linux-arm64']);
    },
  );
});
