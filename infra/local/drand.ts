import { createHash } from 'node:crypto';
import { chmodSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { bls12_381 } from '@noble/curves/bls12-381.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import {
  chainHashOf,
  DRAND_SCHEME,
  type DrandBeacon,
  type DrandInfo,
  roundAtTime,
  roundPoint,
  timeOfRound,
} from '#shared/drand.ts';
import { controlRefusal } from './payments/emulator.ts';
import { snapshotFile } from './snapshot-file.ts';
import type { StandIn } from './stand-ins.ts';

/**
 * A stand-in for a drand HTTP relay (the randomness beacon of issue 35's draw), speaking the
 * relay's v1 API as drand/http-relay serves it at api.drand.sh: `GET /info`, `/chains`,
 * `/public/latest`, `/public/<round>`, and the same under `/<chainHash>/`. One chain of its own:
 * scheme bls-unchained-g1-rfc9380 (quicknet's), a BLS12-381 key made at the first start, genesis
 * at the first start, a period of 3 s unless told; key and chain are kept in `stateFile` (under
 * .local/data/) so a restart keeps the chain. A round is signed only once its time has come: as
 * the relay, a request for the round about to be emitted waits for it, and one for a later round
 * is answered 425 Too Early. drand's chain hash needs a group hash, which comes of its nodes; this
 * single signer has none, so its group hash is SHA-256 of its public key (documented stand-in).
 *
 * Faults for tests, in process (`setFault`) or over `POST /__control/fault` `{ "fault": … }`
 * (refused to another origin, as the payments emulator's control API): `unreachable` (every
 * beacon route answers 503), `wrong-signature` (rounds carry another round's signature, with its
 * randomness), `wrong-randomness` (the round's signature with other randomness); `null` clears.
 */
export type DrandFault = 'unreachable' | 'wrong-signature' | 'wrong-randomness';
const FAULTS: readonly DrandFault[] = ['unreachable', 'wrong-signature', 'wrong-randomness'];
/** The stand-in's beacon id (the chain hash includes it, as drand's for ids other than `default`). */
export const LOCAL_BEACON_ID = 'boutique-local';

interface State {
  /** The BLS secret key, hex (a local one, but secret). */
  secretKey: string;
  genesis: number;
  period: number;
}

export interface DrandStandIn extends StandIn {
  info: DrandInfo;
  setFault(fault: DrandFault | null): void;
}

export interface DrandOptions {
  stateFile?: string;
  /** Seconds between rounds, for a chain made at this start (a kept chain keeps its own). */
  period?: number;
  host?: string;
}

const bls = bls12_381.shortSignatures;

export async function startDrand(port: number, options: DrandOptions = {}): Promise<DrandStandIn> {
  const host = options.host ?? '127.0.0.1';
  let state: State | undefined;
  const file = options.stateFile
    ? snapshotFile<State>(options.stateFile, () => state as State, 0)
    : undefined;
  state = file?.load();
  if (!state) {
    state = {
      secretKey: bytesToHex(bls.keygen().secretKey),
      genesis: Math.floor(Date.now() / 1000),
      period: options.period ?? 3,
    };
    if (file && options.stateFile) {
      file.flush();
      chmodSync(options.stateFile, 0o600);
    }
  }
  const secretKey = hexToBytes(state.secretKey);
  const chain = { genesis: state.genesis, period: state.period };
  const publicKey = bls.getPublicKey(secretKey).toHex(true);
  const unhashed = {
    public_key: publicKey,
    period: chain.period,
    genesis_time: chain.genesis,
    groupHash: createHash('sha256').update(hexToBytes(publicKey)).digest('hex'),
    metadata: { beaconID: LOCAL_BEACON_ID },
  };
  const info: DrandInfo = {
    public_key: unhashed.public_key,
    period: unhashed.period,
    genesis_time: unhashed.genesis_time,
    hash: chainHashOf(unhashed),
    groupHash: unhashed.groupHash,
    schemeID: DRAND_SCHEME,
    metadata: unhashed.metadata,
  };
  let fault: DrandFault | null = null;

  const signed = (round: number): DrandBeacon => {
    const signatureOf = (r: number) => bls.Signature.toHex(bls.sign(roundPoint(r), secretKey));
    const randomnessOf = (signature: string) =>
      createHash('sha256').update(hexToBytes(signature)).digest('hex');
    const signature = signatureOf(round);
    if (fault === 'wrong-signature') {
      const other = signatureOf(round + 1);
      return { round, randomness: randomnessOf(other), signature: other };
    }
    const randomness =
      fault === 'wrong-randomness' ? randomnessOf(signatureOf(round + 1)) : randomnessOf(signature);
    return { round, randomness, signature };
  };
  const nowSeconds = () => Date.now() / 1000;
  const secondsToNext = () =>
    Math.max(0, Math.ceil(timeOfRound(chain, roundAtTime(chain, nowSeconds()) + 1) - nowSeconds()));

  const text = (res: ServerResponse, status: number, body: string, cache = 'no-cache') => {
    res.writeHead(status, {
      'content-type': 'text/plain; charset=utf-8',
      'x-content-type-options': 'nosniff',
      'cache-control': cache,
      'access-control-allow-origin': '*',
    });
    res.end(`${body}\n`);
  };
  const json = (res: ServerResponse, body: unknown, cache: string) => {
    res.writeHead(200, {
      'content-type': 'application/json',
      'cache-control': cache,
      'access-control-allow-origin': '*',
    });
    res.end(JSON.stringify(body));
  };

  const beacon = async (req: IncomingMessage, res: ServerResponse, which: string) => {
    const latest = which === 'latest';
    if (!latest && !/^[0-9]{1,20}$/.test(which))
      return text(res, 400, `Failed to parse round. Err: invalid round ${JSON.stringify(which)}`);
    let round = latest ? 0 : Number(which);
    const current = roundAtTime(chain, nowSeconds());
    if (round > current + 1 || !Number.isSafeInteger(round))
      return text(res, 425, 'Requested future beacon', `must-revalidate, public, max-age=${secondsToNext()}`);
    if (round === current + 1) {
      // The round about to be emitted: the relay holds the request until it is.
      const wait = timeOfRound(chain, round) * 1000 - Date.now();
      await new Promise((done) => setTimeout(done, Math.max(0, wait)));
      if (req.destroyed) return;
    }
    if (round === 0) round = Math.max(1, roundAtTime(chain, nowSeconds()));
    if (fault === 'unreachable') return text(res, 503, 'Service Unavailable');
    return json(
      res,
      signed(round),
      latest || which === '0'
        ? `public, must-revalidate, max-age=${secondsToNext()}`
        : 'public, max-age=604800, immutable',
    );
  };

  const control = (req: IncomingMessage, res: ServerResponse, ownUrl: string) => {
    const refused = controlRefusal(req.headers, ownUrl);
    if (refused) return text(res, 403, refused);
    if (req.method === 'GET') return json(res, { fault }, 'no-cache');
    if (req.method !== 'POST') return text(res, 405, 'Method Not Allowed');
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      let asked: unknown;
      try {
        asked = (JSON.parse(Buffer.concat(chunks).toString('utf8')) as { fault?: unknown }).fault;
      } catch {
        return text(res, 400, 'the body is not JSON');
      }
      if (asked !== null && !FAULTS.includes(asked as DrandFault))
        return text(res, 400, `fault must be null or one of ${FAULTS.join(', ')}`);
      fault = asked as DrandFault | null;
      return json(res, { fault }, 'no-cache');
    });
  };

  let url = '';
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://drand.local').pathname;
    if (path === '/__control/fault') return control(req, res, url);
    if (req.method !== 'GET' && req.method !== 'HEAD') return text(res, 405, 'Method Not Allowed');
    const match = path.match(/^(?:\/([0-9a-f]{64}))?\/(info|chains|health|public\/([^/]+))$/);
    if (!match) return text(res, 404, '404 page not found');
    const [, hash, route, which] = match;
    if (fault === 'unreachable') return text(res, 503, 'Service Unavailable');
    if (hash !== undefined && hash !== info.hash)
      return text(res, 500, route === 'info' ? 'Failed to get ChainInfo' : 'Failed to get beacon');
    if (route === 'chains') return json(res, [info.hash], 'no-cache');
    if (route === 'info') return json(res, info, 'public, max-age=604800, immutable');
    if (route === 'health') {
      const current = roundAtTime(chain, nowSeconds());
      return json(res, { current, expected: current }, 'no-cache');
    }
    void beacon(req, res, which as string);
  });
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(port, host, () => done());
  });
  const { port: bound } = server.address() as { port: number };
  url = `http://${host}:${bound}`;
  return {
    url,
    info,
    setFault(next) {
      fault = next;
    },
    stop: () =>
      new Promise((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
