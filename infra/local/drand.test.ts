import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bls12_381 } from '@noble/curves/bls12-381.js';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { type DrandStandIn, LOCAL_BEACON_ID, startDrand } from './drand.ts';

const dir = mkdtempSync(join(tmpdir(), 'drand-stand-in-'));
const running: DrandStandIn[] = [];
const start = async (options: Parameters<typeof startDrand>[1] = {}) => {
  const drand = await startDrand(0, options);
  running.push(drand);
  return drand;
};
afterEach(async () => {
  for (const drand of running.splice(0)) await drand.stop();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest();

/** An independent check of a quicknet-scheme round: noble's short signatures, drand's message and DST. */
function verifies(publicKey: string, beacon: { round: number; signature: string; randomness: string }) {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(beacon.round));
  const bls = bls12_381.shortSignatures;
  const point = bls.hash(sha256(message), 'BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_NUL_');
  const signature = Buffer.from(beacon.signature, 'hex');
  return (
    bls.verify(signature, point, Buffer.from(publicKey, 'hex')) &&
    beacon.randomness === sha256(signature).toString('hex')
  );
}

const get = async (url: string) => {
  const answer = await fetch(url);
  return { status: answer.status, headers: answer.headers, body: await answer.text() };
};
const currentRound = (info: { genesis_time: number; period: number }) =>
  Math.floor((Date.now() / 1000 - info.genesis_time) / info.period) + 1;

describe('the drand stand-in', () => {
  it("answers drand's chain info, its hash computed as drand computes it", async () => {
    const drand = await start();
    const info = JSON.parse((await get(`${drand.url}/info`)).body);
    expect(info).toEqual(drand.info);
    expect(info).toMatchObject({
      period: 3,
      schemeID: 'bls-unchained-g1-rfc9380',
      metadata: { beaconID: LOCAL_BEACON_ID },
    });
    expect(info.public_key).toMatch(/^[0-9a-f]{192}$/);
    expect(Math.abs(info.genesis_time - Date.now() / 1000)).toBeLessThan(5);
    const head = Buffer.alloc(12);
    head.writeUInt32BE(info.period, 0);
    head.writeBigInt64BE(BigInt(info.genesis_time), 4);
    const expected = sha256(
      Buffer.concat([
        head,
        Buffer.from(info.public_key, 'hex'),
        Buffer.from(info.groupHash, 'hex'),
        Buffer.from(LOCAL_BEACON_ID),
      ]),
    ).toString('hex');
    expect(info.hash).toBe(expected);
    expect(JSON.parse((await get(`${drand.url}/${info.hash}/info`)).body)).toEqual(info);
    expect(JSON.parse((await get(`${drand.url}/chains`)).body)).toEqual([info.hash]);
    expect((await get(`${drand.url}/${'0'.repeat(64)}/info`)).status).toBe(500);
  });

  it('signs every emitted round so that it verifies, latest and by number, with or without the chain hash', async () => {
    const drand = await start();
    const { info } = drand;
    const latest = JSON.parse((await get(`${drand.url}/public/latest`)).body);
    expect(latest.round).toBe(currentRound(info));
    expect(verifies(info.public_key, latest)).toBe(true);
    const byHash = await get(`${drand.url}/${info.hash}/public/${latest.round}`);
    expect(byHash.status).toBe(200);
    expect(byHash.headers.get('content-type')).toBe('application/json');
    expect(byHash.headers.get('cache-control')).toContain('immutable');
    expect(JSON.parse(byHash.body)).toEqual(latest);
    expect(JSON.parse((await get(`${drand.url}/public/${latest.round}`)).body)).toEqual(latest);
    expect(JSON.parse((await get(`${drand.url}/${info.hash}/public/latest`)).body).round).toBe(latest.round);
    // another key's rounds do not verify against this chain's key
    const other = await start();
    const foreign = JSON.parse((await get(`${other.url}/public/1`)).body);
    expect(verifies(info.public_key, foreign)).toBe(false);
    expect(verifies(other.info.public_key, foreign)).toBe(true);
    expect((await get(`${drand.url}/public/first`)).status).toBe(400);
  });

  it('refuses a round whose time has not come with 425 Too Early, and holds the next one until it is emitted', async () => {
    const drand = await start({ period: 2 });
    const { info } = drand;
    const current = currentRound(info);
    for (const round of [current + 2, current + 1000, 2 ** 60]) {
      const early = await get(`${drand.url}/${info.hash}/public/${round}`);
      expect(early.status).toBe(425);
      expect(early.body).not.toMatch(/signature/);
      expect(early.headers.get('cache-control')).toMatch(/must-revalidate, public, max-age=[0-2]$/);
    }
    const next = current + 1;
    const answer = await get(`${drand.url}/public/${next}`);
    expect(Date.now() / 1000).toBeGreaterThanOrEqual(info.genesis_time + (next - 1) * info.period);
    const beacon = JSON.parse(answer.body);
    expect(beacon.round).toBe(next);
    expect(verifies(info.public_key, beacon)).toBe(true);
  });

  it('keeps its key and chain across a restart with its state file (owner-only), and makes a new one without', async () => {
    const stateFile = join(dir, 'drand.json');
    const first = await start({ stateFile });
    const round = JSON.parse((await get(`${first.url}/public/1`)).body);
    await first.stop();
    running.splice(running.indexOf(first), 1);
    expect(statSync(stateFile).mode & 0o777).toBe(0o600);
    const again = await start({ stateFile, period: 5 });
    expect(again.info).toEqual(first.info);
    expect(JSON.parse((await get(`${again.url}/public/1`)).body)).toEqual(round);
    const fresh = await start();
    expect(fresh.info.public_key).not.toBe(first.info.public_key);
  });

  it('answers 503 while unreachable and comes back, switched in process or over its control route', async () => {
    const drand = await start();
    drand.setFault('unreachable');
    expect((await get(`${drand.url}/public/latest`)).status).toBe(503);
    expect((await get(`${drand.url}/${drand.info.hash}/public/1`)).status).toBe(503);
    expect((await get(`${drand.url}/info`)).status).toBe(503);
    drand.setFault(null);
    expect((await get(`${drand.url}/public/1`)).status).toBe(200);
    const control = (fault: unknown, headers: Record<string, string> = {}) =>
      fetch(`${drand.url}/__control/fault`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ fault }),
      });
    expect((await control('unreachable')).status).toBe(200);
    expect((await get(`${drand.url}/public/1`)).status).toBe(503);
    expect(JSON.parse((await get(`${drand.url}/__control/fault`)).body)).toEqual({ fault: 'unreachable' });
    expect((await control(null, { origin: 'https://elsewhere.example' })).status).toBe(403);
    expect((await get(`${drand.url}/public/1`)).status).toBe(503);
    expect((await control('sometimes')).status).toBe(400);
    expect((await control(null)).status).toBe(200);
    expect((await get(`${drand.url}/public/1`)).status).toBe(200);
  });

  it('lies when told to: another round’s signature, or randomness that is not its signature’s', async () => {
    const drand = await start();
    drand.setFault('wrong-signature');
    const forged = JSON.parse((await get(`${drand.url}/public/1`)).body);
    expect(forged.round).toBe(1);
    expect(verifies(drand.info.public_key, forged)).toBe(false);
    expect(verifies(drand.info.public_key, { ...forged, round: 2 })).toBe(true);
    drand.setFault('wrong-randomness');
    const skewed = JSON.parse((await get(`${drand.url}/public/1`)).body);
    expect(verifies(drand.info.public_key, skewed)).toBe(false);
    drand.setFault(null);
    expect(verifies(drand.info.public_key, JSON.parse((await get(`${drand.url}/public/1`)).body))).toBe(true);
  });
});
