import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { fromBase64 } from '#shared/passport/bytes.ts';
import { parseCode } from '#shared/passport/code.ts';
import {
  checkConsistency,
  verifyCertificate,
  verifyFragment,
  verifyHistory,
  verifyServedCertificate,
  verifyStatusList,
} from '#shared/passport/verify.ts';
import {
  checkTwoCheckpoints,
  verifyCertificateText,
  verifyFragmentText,
  verifyHistoryItems,
  verifyServedText,
  verifyStatusListText,
} from './independent-verifier.ts';
import { makeVectors, type Vector, writeVectors } from './vectors.ts';

/**
 * The export's promise (docs/passport.md, The export): on every test vector the page's verifier
 * (shared/passport/verify.ts) and a verifier written from the doc alone give the expected verdict.
 */
async function byThePage(vector: Vector): Promise<unknown> {
  switch (vector.type) {
    case 'fragment':
      return verifyFragment(vector.fragment, vector.keys, {
        now: new Date(vector.now),
        voided: vector.voided ?? false,
      });
    case 'certificate':
      return verifyCertificate(
        vector.certificate,
        vector.keys,
        vector.code ? parseCode(vector.code) : undefined,
      );
    case 'history':
      return verifyHistory(vector.items, vector.checkpoint, vector.keys, {
        pieceId: vector.pieceId,
        map: vector.map,
      });
    case 'served': {
      const code = await verifyFragment(vector.code, vector.keys);
      if (!code.ok || code.kind !== 'code') return code;
      const history = await verifyHistory(vector.items, vector.checkpoint, vector.keys, {
        pieceId: vector.pieceId,
        map: vector.map,
      });
      return verifyServedCertificate(vector.certificate, vector.keys, code, history);
    }
    case 'status': {
      const certificate = await verifyCertificate(vector.certificate, vector.keys);
      if (!certificate.ok) return certificate;
      const entry = certificate.payload.credentialStatus;
      return entry
        ? verifyStatusList(vector.list, vector.keys, entry)
        : { ok: false, reason: 'no-status-entry' };
    }
    case 'consistency':
      return checkConsistency(
        vector.kept,
        vector.latest,
        vector.proof.map((hash) => fromBase64(hash) as Uint8Array),
        vector.keys,
      );
  }
}

function independently(vector: Vector): unknown {
  switch (vector.type) {
    case 'fragment':
      return verifyFragmentText(vector.fragment, vector.keys, new Date(vector.now), vector.voided ?? false);
    case 'certificate':
      return verifyCertificateText(
        vector.certificate,
        vector.keys,
        vector.code ? verifyFragmentText(vector.code, vector.keys, new Date()) : undefined,
      );
    case 'history':
      return verifyHistoryItems(vector.items, vector.checkpoint, vector.keys, vector.pieceId, vector.map);
    case 'served':
      return verifyServedText(
        vector.certificate,
        vector.keys,
        verifyFragmentText(vector.code, vector.keys, new Date()),
        vector.items,
        vector.checkpoint,
        vector.pieceId,
        vector.map,
      );
    case 'status':
      return verifyStatusListText(vector.list, vector.keys, vector.certificate);
    case 'consistency':
      return checkTwoCheckpoints(vector.kept, vector.latest, vector.proof, vector.keys);
  }
}

let vectors: Vector[];
beforeAll(async () => {
  vectors = await makeVectors();
});

describe('the test vectors', () => {
  it('are at least 150, of every kind the doc names and each edge case of a MUST rule', () => {
    expect(vectors.length).toBeGreaterThanOrEqual(150);
    expect(vectors.filter((vector) => vector.name.startsWith('edge, ')).length).toBeGreaterThanOrEqual(50);
    const names = vectors.map((vector) => vector.name).join('\n');
    for (const kind of ['valid', 'tampered', 'expired', 'wrong key', 'rotated key', 'forked', 'voided']) {
      expect(names).toContain(kind);
    }
    expect(new Set(vectors.map((vector) => vector.name)).size).toBe(vectors.length);
    expect(vectors.filter((vector) => vector.expected.ok).length).toBeGreaterThan(10);
    expect(vectors.filter((vector) => !vector.expected.ok).length).toBeGreaterThan(30);
  });

  it('get their expected verdict from the page’s verifier', async () => {
    for (const vector of vectors) expect(await byThePage(vector), vector.name).toMatchObject(vector.expected);
  });

  it('get their expected verdict from the independent verifier, which shares no code with the page', () => {
    for (const vector of vectors) expect(independently(vector), vector.name).toMatchObject(vector.expected);
    const source = readFileSync(join(import.meta.dirname, 'independent-verifier.ts'), 'utf8');
    const imports = [...source.matchAll(/^import .* from '([^']+)';$/gm)].map((line) => line[1]);
    expect(imports).toEqual([
      'node:zlib',
      '@noble/curves/ed25519.js',
      '@noble/curves/nist.js',
      '@noble/hashes/sha2.js',
    ]);
  });

  it('are written, all of them, into the export’s JSON file (`node test/passport/vectors.ts <file>`)', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'passport-vectors-')), 'vectors.json');
    expect(await writeVectors(file)).toBe(vectors.length);
    const written = JSON.parse(readFileSync(file, 'utf8'));
    expect(written.vectors.map((vector: Vector) => vector.name)).toEqual(
      vectors.map((vector) => vector.name),
    );
  });
});
