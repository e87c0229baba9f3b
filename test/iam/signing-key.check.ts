import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readCloudAssembly } from '../../infra/local/cloud-assembly.ts';
import { keySigners, keyTagContext, simulate, stackModel } from './policy-check.ts';

/**
 * docs/passport.md, Keys: only the passport signer may kms:Sign with the passport's keys. Every
 * function of cdk.out is simulated asking for kms:Sign (its role's policies, as AWS would
 * evaluate them) on every KMS key of the stack, with the key's tags, and on a key a rotation made
 * (tagged Purpose=passport-signing): exactly one is allowed, the signer. Needs cdk.out only.
 */
const root = resolve(import.meta.dirname, '../..');

describe("the passport's signing keys", () => {
  const model = stackModel(readCloudAssembly(resolve(root, 'cdk.out')));

  it("may sign with the deployment's key and the log's Ed25519 key through one function alone, the passport signer; every other function is denied", async () => {
    const keys = await keySigners(model);
    expect(keys).toHaveLength(2);
    for (const key of keys) expect(key.signers).toEqual([expect.stringMatching(/^PassportSignerFunction/)]);
    // The denials are real ones: the simulation allows the signer, on that key only.
    expect(model.functions.length).toBeGreaterThan(100);
  });

  it('may sign with a rotation’s key through the signer alone', async () => {
    const rotated = `arn:aws:kms:${model.region}:${model.account}:key/11111111-2222-3333-4444-555555555555`;
    const signers: string[] = [];
    for (const fn of model.functions) {
      const { outcome } = await simulate(model, fn, {
        action: 'kms:Sign',
        resource: rotated,
        context: { 'aws:SecureTransport': 'true', ...keyTagContext(model, rotated) },
      });
      if (outcome === 'Allowed') signers.push(fn.name);
    }
    expect(signers).toEqual([expect.stringMatching(/^PassportSignerFunction/)]);
  });
});
