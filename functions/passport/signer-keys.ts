import { logger } from '#platform/logger.ts';
import type { PassportKey } from '#shared/passport/keys.ts';
import { NOTE_ED25519, vkeyOf } from '#shared/passport/note-keys.ts';
import { auditItem } from '#table/audit.ts';
import { transact } from '#table/transactions.ts';
import {
  createSigningKey,
  deploymentKeyId,
  logKeyId,
  logPublicKey,
  publicKeyOf,
} from './adapters/kms-signer.ts';
import { publishKeySet } from './adapters/published-files.ts';
import {
  currentKey,
  firstKeyItems,
  listLogKeys,
  listSigningKeys,
  logKeyItem,
  rotationItems,
  type SigningKeyEntity,
  signingKeyEntity,
} from './entities/signing-keys.ts';
import { dayOf, issuer } from './issuer.ts';
import { keySetOf } from './rules/key-set.ts';
import { shopLogOrigin } from './sign-checkpoint.ts';
import { witnessPolicyText } from './witness-config.ts';

/**
 * The key set as the signer keeps it (docs/passport.md, Keys): the deployment's key recorded the
 * first time the signer runs, a new KMS key at each rotation, and `passport/keys.json`
 * rewritten after each change. The signer alone runs these (it alone may make and use keys).
 */
const isCancelled = (error: unknown) => (error as { name?: string }).name === 'TransactionCanceledException';

async function entityOf(keyId: string, from: string): Promise<SigningKeyEntity> {
  const key = await publicKeyOf(keyId);
  return signingKeyEntity({ kid: key.kid, keyId, spki: key.spki, from });
}

async function publish(keys: SigningKeyEntity[]): Promise<PassportKey[]> {
  const set = await keySetOf(issuer(), keys, await listLogKeys(), witnessPolicyText());
  await publishKeySet(set);
  return set.keys;
}

/** The key set, the deployment's key recorded first when the set is empty (once, whoever runs first). */
export async function signerKeys(now = Date.now()): Promise<SigningKeyEntity[]> {
  const keys = await listSigningKeys();
  if (keys.length > 0) return keys;
  const first = await entityOf(deploymentKeyId(), dayOf(now));
  try {
    await transact(firstKeyItems(first));
  } catch (error) {
    // Another run recorded it meanwhile: its record stands.
    if (!isCancelled(error)) throw error;
    return listSigningKeys();
  }
  logger.info('passport signer recorded the deployment key', { kid: first.kid });
  await publish([first]);
  return [first];
}

/** The key that signs now. */
export async function currentSigningKey(now = Date.now()): Promise<SigningKeyEntity> {
  const key = currentKey(await signerKeys(now));
  if (!key) throw new Error('passport signer: no key signs (every recorded key is closed)');
  return key;
}

/**
 * A rotation: a new KMS key that signs from today, the current one closed today, in one
 * transaction (with its audit entry) that holds only while the old key is still the current
 * one; then the published key set. Answers the keys as published.
 */
export async function rotateSigningKey(admin: string, now = Date.now()): Promise<PassportKey[]> {
  const old = await currentSigningKey(now);
  const today = dayOf(now);
  const next = await entityOf(await createSigningKey(), today);
  try {
    await transact([
      ...rotationItems(old, next),
      auditItem(
        {
          admin,
          action: 'rotate',
          entity: 'passport key',
          entityId: next.kid,
          before: { kid: old.kid, from: old.from },
          after: { kid: next.kid, from: next.from, closed: old.kid },
        },
        now,
      ),
    ]);
  } catch (error) {
    if (isCancelled(error)) throw new Error('passport signer: refused, the key was rotated meanwhile');
    throw error;
  }
  logger.info('passport signer rotated its key', { from: old.kid, to: next.kid });
  return publish(await listSigningKeys());
}

/** Whether this container published the key set with the log key and the witness policy it runs with. */
let logKeyPublished = false;

/**
 * The log's checkpoint key (PASSPORT_LOG_KEY_ID): recorded in the key set the first time it
 * signs, and the key set published again by each new container (so a deployment's new witness
 * policy reaches `passport/keys.json` with its first checkpoint).
 */
export async function logSigningKey(now = Date.now()): Promise<{ keyId: string; publicKey: Uint8Array }> {
  const keyId = logKeyId();
  const publicKey = await logPublicKey(keyId);
  if (!logKeyPublished) {
    const vkey = await vkeyOf(shopLogOrigin(), NOTE_ED25519, publicKey);
    try {
      await transact([logKeyItem({ keyId, vkey, from: dayOf(now) })]);
      logger.info('passport signer recorded the log key', { vkey });
    } catch (error) {
      // Recorded before (by this deployment's first checkpoint): the record stands.
      if (!isCancelled(error)) throw error;
    }
    await publish(await signerKeys(now));
    logKeyPublished = true;
  }
  return { keyId, publicKey };
}
