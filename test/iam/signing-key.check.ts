import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readCloudAssembly } from '../../infra/local/cloud-assembly.ts';
import { keySigners, stackModel } from './policy-check.ts';

/**
 * docs/passport.md, Keys: only the passport signer may kms:Sign with the passport's key. Every
 * function of cdk.out is simulated asking for kms:Sign on every KMS key of the stack (its role's
 * policies, as AWS would evaluate them): exactly one is allowed, the signer. Needs cdk.out only.
 */
const root = resolve(import.meta.dirname, '../..');

describe("the passport's signing key", () => {
  it('may sign through one function alone, the passport signer; every other function is denied', async () => {
    const model = stackModel(readCloudAssembly(resolve(root, 'cdk.out')));
    const keys = await keySigners(model);
    expect(keys).toHaveLength(1);
    expect(keys[0]?.signers).toEqual([expect.stringMatching(/^PassportSignerFunction/)]);
    // The denials are real ones: the simulation allows the signer, on that key only.
    expect(model.functions.length).toBeGreaterThan(100);
  });
});
