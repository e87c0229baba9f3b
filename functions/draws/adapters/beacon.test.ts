import { createServer, type Server } from 'node:http';
import { afterEach, describe, expect, inject, it, vi } from 'vitest';
import { DRAND_QUICKNET } from '../../../infra/drand-chain.ts';
import { type DrandStandIn, startDrand } from '../../../infra/local/drand.ts';
import { BEACON_TIMEOUT_MS, beaconRound, type DrandEnvironment, roundAtTime, timeOfRound } from './beacon.ts';

const pin = (environment: DrandEnvironment) => {
  for (const [name, value] of Object.entries(environment)) vi.stubEnv(name, value);
};
const environmentOf = (drand: DrandStandIn): DrandEnvironment => ({
  DRAND_URL: drand.url,
  DRAND_CHAIN_HASH: drand.info.hash,
  DRAND_PUBLIC_KEY: drand.info.public_key,
  DRAND_GENESIS: String(drand.info.genesis_time),
  DRAND_PERIOD: String(drand.info.period),
});

const closing: (() => Promise<void>)[] = [];
afterEach(async () => {
  vi.unstubAllEnvs();
  for (const close of closing.splice(0)) await close();
});

/** A stand-in of this test's own, so its faults touch no other suite's beacon. */
async function ownBeacon() {
  const drand = await startDrand(0);
  closing.push(() => drand.stop());
  pin(environmentOf(drand));
  return drand;
}

/** A server answering every request with `answer` (or never, without one). */
async function relay(answer?: { status: number; body: string }): Promise<string> {
  const server: Server = createServer((_req, res) => {
    if (!answer) return;
    res.writeHead(answer.status, { 'content-type': 'application/json' });
    res.end(answer.body);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', () => done()));
  closing.push(
    () =>
      new Promise((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  );
  return `http://127.0.0.1:${(server.address() as { port: number }).port}`;
}

describe('the beacon adapter, against the local stack', () => {
  it("reads the stack's beacon with the pinned chain the stack gives its functions", async () => {
    pin(inject('drand'));
    const info = await (await fetch(`${inject('drand').DRAND_URL}/info`)).json();
    expect(inject('drand')).toMatchObject({
      DRAND_CHAIN_HASH: info.hash,
      DRAND_PUBLIC_KEY: info.public_key,
      DRAND_GENESIS: String(info.genesis_time),
      DRAND_PERIOD: String(info.period),
    });
    const round = roundAtTime(Date.now() / 1000);
    expect(timeOfRound(round)).toBeLessThanOrEqual(Date.now() / 1000);
    const answer = await beaconRound(round);
    expect(answer).toEqual({
      round,
      randomness: expect.stringMatching(/^[0-9a-f]{64}$/),
      signature: expect.stringMatching(/^[0-9a-f]{96}$/),
    });
  });

  it('answers not-yet for a round whose time has not come, without asking', async () => {
    pin({ ...inject('drand'), DRAND_URL: await relay({ status: 200, body: '{}' }) });
    await expect(beaconRound(roundAtTime(Date.now() / 1000) + 3)).resolves.toEqual({ state: 'not-yet' });
  });
});

describe('the beacon adapter', () => {
  it("answers not-yet when the relay's clock says the round is not emitted (425 Too Early)", async () => {
    await ownBeacon();
    const ahead = roundAtTime(Date.now() / 1000) + 20;
    // this clock a minute ahead of the beacon's: the adapter asks, the relay refuses
    await expect(beaconRound(ahead, Date.now() + 60_000)).resolves.toEqual({ state: 'not-yet' });
    // relays of drand's older HTTP server answer a future round 404
    vi.stubEnv('DRAND_URL', await relay({ status: 404, body: '' }));
    await expect(beaconRound(1)).resolves.toEqual({ state: 'not-yet' });
  });

  it('answers unreachable for a beacon that answers 503, refuses connections, or does not answer in time', async () => {
    const drand = await ownBeacon();
    drand.setFault('unreachable');
    await expect(beaconRound(1)).resolves.toEqual({ state: 'unreachable' });
    drand.setFault(null);
    await expect(beaconRound(1)).resolves.toMatchObject({ round: 1 });
    await drand.stop();
    await expect(beaconRound(1)).resolves.toEqual({ state: 'unreachable' });
    vi.stubEnv('DRAND_URL', await relay());
    const started = Date.now();
    await expect(beaconRound(1)).resolves.toEqual({ state: 'unreachable' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(BEACON_TIMEOUT_MS - 100);
    expect(Date.now() - started).toBeLessThan(BEACON_TIMEOUT_MS + 2_000);
  });

  it("throws for a round whose signature does not verify, whose randomness is not its signature's, or that is another round", async () => {
    const drand = await ownBeacon();
    drand.setFault('wrong-signature');
    await expect(beaconRound(1)).rejects.toThrow(/does not verify/);
    drand.setFault('wrong-randomness');
    await expect(beaconRound(1)).rejects.toThrow(/randomness/);
    drand.setFault(null);
    const round2 = await (await fetch(`${drand.url}/public/2`)).text();
    vi.stubEnv('DRAND_URL', await relay({ status: 200, body: round2 }));
    await expect(beaconRound(1)).rejects.toThrow(/not 1/);
    vi.stubEnv('DRAND_URL', await relay({ status: 200, body: '<html>' }));
    await expect(beaconRound(1)).rejects.toThrow(/not a drand round/);
  });

  it("verifies a round of the real quicknet chain with quicknet's pinned key, and refuses it with another", async () => {
    const published = {
      round: 657413,
      randomness: 'fc1873a13f3545aeade8401532ef5519920652eee6b0d2b19ca12643b87b3587',
      signature:
        'b713718a38ae728dfd477991af2822e08d2f305e47718cef9f7848ce4050e7be41076862b98fad56e91a6b85b89cd97b',
    };
    const quicknetRelay = await relay({ status: 200, body: JSON.stringify(published) });
    pin({ ...DRAND_QUICKNET, DRAND_URL: quicknetRelay });
    await expect(beaconRound(657413)).resolves.toEqual(published);
    pin({ ...DRAND_QUICKNET, DRAND_PUBLIC_KEY: inject('drand').DRAND_PUBLIC_KEY, DRAND_URL: quicknetRelay });
    await expect(beaconRound(657413)).rejects.toThrow(/does not verify/);
  });

  it('refuses to run without a pinned chain', async () => {
    pin({ ...DRAND_QUICKNET, DRAND_PUBLIC_KEY: 'abc' });
    await expect(beaconRound(1)).rejects.toThrow(/DRAND_PUBLIC_KEY is malformed/);
    vi.stubEnv('DRAND_CHAIN_HASH', '');
    await expect(beaconRound(1)).rejects.toThrow(/DRAND_CHAIN_HASH is not set/);
  });
});
