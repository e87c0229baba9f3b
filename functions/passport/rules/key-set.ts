import { fromBase64 } from '#shared/passport/bytes.ts';
import { jwkFromSpki } from '#shared/passport/der.ts';
import type { KeySet, PassportKey } from '#shared/passport/keys.ts';
import type { LogKeyEntity, SigningKeyEntity } from '../entities/signing-keys.ts';

/** The published form of the key set (docs/passport.md, Keys): every key, rotated ones too, oldest first. */
export async function publicKeyOf(key: SigningKeyEntity): Promise<PassportKey> {
  const spki = fromBase64(key.spki);
  if (!spki) throw new Error(`the passport key ${key.kid} holds no SPKI`);
  return {
    kid: key.kid,
    jwk: await jwkFromSpki(spki),
    from: key.from,
    ...(key.until ? { until: key.until } : {}),
  };
}

/** With the log's checkpoint keys and the witness policy, once the signer recorded one (docs/passport.md, Keys). */
export async function keySetOf(
  issuer: string,
  keys: SigningKeyEntity[],
  logKeys: LogKeyEntity[] = [],
  witnessPolicy?: string,
): Promise<KeySet> {
  return {
    issuer,
    keys: await Promise.all(keys.map(publicKeyOf)),
    ...(logKeys.length > 0 ? { logKeys: logKeys.map(({ vkey, from }) => ({ vkey, from })) } : {}),
    ...(witnessPolicy ? { witnessPolicy } : {}),
  };
}
