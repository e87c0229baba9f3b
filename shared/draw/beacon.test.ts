import { createHash } from 'node:crypto';
import { bls12_381 } from '@noble/curves/bls12-381.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { describe, expect, it } from 'vitest';
import { DRAND_DST, roundMessage, verifyBeaconRound } from './beacon.ts';
import { QUICKNET } from './rounds.ts';

/** quicknet's round 1000, as https://api.drand.sh/<quicknet>/public/1000 answers it. */
const ROUND_1000 = {
  round: 1000,
  randomness: 'fe290beca10872ef2fb164d2aa4442de4566183ec51c56ff3cd603d930e54fdd',
  signature:
    'b44679b9a59af2ec876b1a6b1ad52ea9b1615fc3982b19576350f93447cb1125e342b73a8dd2bacbe47e4b6b63ed5e39',
};

describe('a beacon round', () => {
  it("of drand's quicknet verifies with the chain's key", async () => {
    expect(await verifyBeaconRound(QUICKNET.publicKey, ROUND_1000)).toEqual({ ok: true });
  });

  it('does not verify as another round, with another key, or with randomness not its signature’s hash', async () => {
    expect(await verifyBeaconRound(QUICKNET.publicKey, { ...ROUND_1000, round: 1001 })).toEqual({
      ok: false,
      reason: 'signature-invalid',
    });
    const other = bytesToHex(
      bls12_381.shortSignatures.getPublicKey(bls12_381.utils.randomSecretKey()).toBytes(),
    );
    expect(await verifyBeaconRound(other, ROUND_1000)).toEqual({ ok: false, reason: 'signature-invalid' });
    expect(
      await verifyBeaconRound(QUICKNET.publicKey, { ...ROUND_1000, randomness: 'ab'.repeat(32) }),
    ).toEqual({
      ok: false,
      reason: 'randomness-not-signature-hash',
    });
    for (const signature of ['', 'zz', ROUND_1000.signature.slice(2), `${ROUND_1000.signature}00`])
      expect(await verifyBeaconRound(QUICKNET.publicKey, { ...ROUND_1000, signature })).toMatchObject({
        ok: false,
      });
    expect(await verifyBeaconRound(QUICKNET.publicKey, { ...ROUND_1000, round: -1 })).toMatchObject({
      ok: false,
    });
  });

  it('signed with a key of the same scheme verifies with that key (a stand-in’s)', async () => {
    const bls = bls12_381.shortSignatures;
    const { secretKey, publicKey } = bls.keygen();
    const signature = bls.sign(bls.hash(roundMessage(7), DRAND_DST), secretKey).toBytes();
    const round = {
      round: 7,
      signature: bytesToHex(signature),
      randomness: createHash('sha256').update(signature).digest('hex'),
    };
    expect(await verifyBeaconRound(bytesToHex(publicKey.toBytes()), round)).toEqual({ ok: true });
  });
});
