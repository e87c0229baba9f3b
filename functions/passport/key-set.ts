import type { KeySet, PassportKey } from '#shared/passport/keys.ts';
import { deploymentKeyId, publicKeyOf } from './adapters/kms-signer.ts';
import { currentKey, listLogKeys, listSigningKeys } from './entities/signing-keys.ts';
import { issuer } from './issuer.ts';
import { keySetOf } from './rules/key-set.ts';
import { witnessPolicyText } from './witness-config.ts';

/**
 * The key set as the handlers read it (docs/passport.md, Keys): the table's keys, which the
 * signer alone writes. The handlers never sign; they name the key that signs now in what they
 * ask the signer to sign, and check what it answers against the published keys.
 */

/** Every key, rotated ones too (what `/.well-known/passport-keys.json` lists). */
export async function publicKeys(): Promise<PassportKey[]> {
  return (await keySet()).keys;
}

export async function keySet(): Promise<KeySet> {
  const [keys, logKeys] = await Promise.all([listSigningKeys(), listLogKeys()]);
  return keySetOf(issuer(), keys, logKeys, witnessPolicyText());
}

/**
 * The id of the key that signs now. Before the signer first ran (no key recorded yet), the
 * deployment's key, which it records then.
 */
export async function signingKid(): Promise<string> {
  const current = currentKey(await listSigningKeys());
  return current?.kid ?? (await publicKeyOf(deploymentKeyId())).kid;
}
