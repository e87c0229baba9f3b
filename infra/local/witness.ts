import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, sign } from 'node:crypto';
import { chmodSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { fromBase64, toBase64 } from '#shared/passport/bytes.ts';
import { parseCheckpoint, withSignatureLines } from '#shared/passport/checkpoint.ts';
import { cosignedMessage, timestampedSignature } from '#shared/passport/cosignature.ts';
import { verifyConsistency } from '#shared/passport/merkle.ts';
import {
  COSIGNATURE_ED25519,
  ed25519FromSpki,
  NOTE_ED25519,
  noteKeyId,
  verifyEd25519,
  vkeyOf,
} from '#shared/passport/note-keys.ts';
import { snapshotFile } from './snapshot-file.ts';
import type { StandIn } from './stand-ins.ts';

/**
 * A transparency-log witness stand-in (docs/passport.md, Witnesses), speaking C2SP tlog-witness
 * (c2sp.org/tlog-witness): `POST /add-checkpoint` (submission prefix: the server's root) with an
 * old size line, consistency proof lines, a blank line and the checkpoint, answered with its
 * Ed25519 cosignature line (c2sp.org/tlog-cosignature, type 0x04), or 404 (origin unknown), 403
 * (no valid signature of the log's key), 400 (malformed, old size above the size), 409 with its
 * size as `text/x.tlog.size` (another old size), 422 (a bad proof, a size-0 tree not empty, the
 * same size with another root); and `GET /<hex SHA-256 of the origin>/checkpoint`, the latest
 * checkpoint it cosigned. Its key (made at the first start) and each log's latest checkpoint are
 * kept in `stateFile` (under .local/data/), written whole and renamed before it answers. It trusts
 * the logs it is told (`trust`): the shop's origin and Ed25519 key, once the stack knows them.
 *
 * Loopback only, and a request with an `Origin` header (or a browser's cross-site fetch) is
 * refused: no web page may reach it. For tests, `setFault('down')` (or `POST /__control/fault`
 * `{ "fault": "down" | null }`) makes every witness route answer 503.
 */
export type WitnessFault = 'down';

interface LogState {
  size: number;
  /** base64 */
  root: string;
  /** The latest checkpoint it cosigned, with the log's signature and its cosignature. */
  checkpoint: string;
}

interface State {
  /** PKCS #8, PEM (a local key, but private). */
  privateKey: string;
  logs: Record<string, LogState>;
}

export interface WitnessStandIn extends StandIn {
  name: string;
  /** Its vkey (type 0x04), as a witness policy names it. */
  vkey: string;
  trust(origin: string, logPublicKey: Uint8Array): Promise<void>;
  setFault(fault: WitnessFault | null): void;
}

const EM_DASH = '\u2014';
const MAX_BODY = 1 << 16;
const MAX_PROOF_LINES = 63;
const EMPTY_ROOT = createHash('sha256').digest();

class Refusal extends Error {
  readonly status: number;
  readonly body: { type: string; text: string } | undefined;
  constructor(status: number, message: string, body?: { type: string; text: string }) {
    super(message);
    this.status = status;
    this.body = body;
  }
}

export async function startWitness(
  port: number,
  options: { name: string; stateFile?: string },
): Promise<WitnessStandIn> {
  let state: State | undefined;
  const file = options.stateFile
    ? snapshotFile<State>(options.stateFile, () => state as State, 0)
    : undefined;
  state = file?.load();
  const save = () => {
    if (!file || !options.stateFile) return;
    file.flush();
    chmodSync(options.stateFile, 0o600);
  };
  if (!state) {
    const { privateKey } = generateKeyPairSync('ed25519');
    state = { privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }) as string, logs: {} };
    save();
  }
  const current = state;
  const privateKey = createPrivateKey(current.privateKey);
  const publicKey = ed25519FromSpki(
    new Uint8Array(createPublicKey(privateKey).export({ type: 'spki', format: 'der' })),
  ) as Uint8Array;
  const name = options.name;
  const keyId = await noteKeyId(name, COSIGNATURE_ED25519, publicKey);
  const trusted = new Map<string, { publicKey: Uint8Array; keyId: Uint8Array }>();
  let fault: WitnessFault | null = null;

  async function addCheckpoint(body: string): Promise<string> {
    const split = body.indexOf('\n\n');
    if (split < 0)
      throw new Refusal(400, 'the body is not an old size, proof lines, a blank line and a checkpoint');
    const [oldLine = '', ...proofLines] = body.slice(0, split).split('\n');
    const old = /^old (0|[1-9]\d{0,15})$/.exec(oldLine);
    if (!old) throw new Refusal(400, 'the first line is not `old <size>`');
    if (proofLines.length > MAX_PROOF_LINES)
      throw new Refusal(400, `more than ${MAX_PROOF_LINES} proof lines`);
    const proof = proofLines.map(fromBase64);
    if (proof.some((hash) => hash?.length !== 32))
      throw new Refusal(400, 'a proof line is not a base64 hash');
    const note = body.slice(split + 2);
    const checkpoint = parseCheckpoint(note);
    if (!checkpoint) throw new Refusal(400, 'not a checkpoint');
    const log = trusted.get(checkpoint.origin);
    if (!log) throw new Refusal(404, `unknown log ${checkpoint.origin}`);
    let signed = false;
    for (const line of checkpoint.signatures) {
      if (line.name !== checkpoint.origin || Buffer.compare(line.keyHash, log.keyId) !== 0) continue;
      if (!(await verifyEd25519(log.publicKey, line.signature, new TextEncoder().encode(checkpoint.body))))
        throw new Refusal(403, "a signature of the log's key fails");
      signed = true;
    }
    if (!signed) throw new Refusal(403, "no signature of the log's key");
    const oldSize = Number(old[1]);
    if (oldSize > checkpoint.size) throw new Refusal(400, 'the old size is above the checkpoint size');
    const seen = current.logs[checkpoint.origin];
    const conflict = () =>
      new Refusal(409, 'the old size is not the latest size cosigned', {
        type: 'text/x.tlog.size',
        text: `${current.logs[checkpoint.origin]?.size ?? 0}\n`,
      });
    if (oldSize !== (seen?.size ?? 0)) throw conflict();
    if (checkpoint.size === 0 && Buffer.compare(checkpoint.root, EMPTY_ROOT) !== 0)
      throw new Refusal(422, 'a tree of size 0 has the empty root');
    if (oldSize === 0 && proof.length > 0) throw new Refusal(422, 'a proof from size 0 is empty');
    if (seen && oldSize > 0) {
      const consistent = await verifyConsistency(
        oldSize,
        checkpoint.size,
        proof as Uint8Array[],
        fromBase64(seen.root) as Uint8Array,
        checkpoint.root,
      );
      if (!consistent)
        throw new Refusal(
          422,
          oldSize === checkpoint.size
            ? 'the same size with another root'
            : 'the consistency proof does not verify',
        );
    }
    // The checks awaited: another request may have moved the log meanwhile (no rollback of it).
    if ((current.logs[checkpoint.origin]?.size ?? 0) !== oldSize) throw conflict();
    const time = Math.floor(Date.now() / 1000);
    const signature = sign(null, cosignedMessage(checkpoint.body, time), privateKey);
    const line = `${EM_DASH} ${name} ${toBase64(Buffer.concat([keyId, timestampedSignature(time, signature)]))}`;
    current.logs[checkpoint.origin] = {
      size: checkpoint.size,
      root: toBase64(checkpoint.root),
      checkpoint: withSignatureLines(note, [line]),
    };
    save();
    return `${line}\n`;
  }

  const answer = (res: ServerResponse, status: number, type: string, text: string) => {
    res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
    res.end(text);
  };
  const refuse = (res: ServerResponse, status: number, message: string) =>
    answer(res, status, 'application/json', JSON.stringify({ message }));

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY) chunks.push(chunk);
    });
    req.on('end', async () => {
      const site = req.headers['sec-fetch-site'];
      if (req.headers.origin !== undefined || site === 'cross-site' || site === 'same-site')
        return refuse(res, 403, 'a witness answers no web page');
      const path = new URL(req.url ?? '/', 'http://witness').pathname;
      if (path === '/__control/fault') {
        if (req.method === 'GET') return answer(res, 200, 'application/json', JSON.stringify({ fault }));
        let asked: unknown;
        try {
          asked = (JSON.parse(Buffer.concat(chunks).toString('utf8')) as { fault?: unknown }).fault;
        } catch {
          asked = undefined;
        }
        if (req.method !== 'POST' || (asked !== null && asked !== 'down'))
          return refuse(res, 400, 'fault must be null or "down"');
        fault = asked;
        return answer(res, 200, 'application/json', JSON.stringify({ fault }));
      }
      if (fault === 'down') return refuse(res, 503, 'the witness is down');
      if (path === '/add-checkpoint') {
        if (req.method !== 'POST') return refuse(res, 405, 'add-checkpoint is a POST');
        if (size > MAX_BODY) return refuse(res, 413, 'the body is too large');
        try {
          return answer(
            res,
            200,
            'text/plain; charset=utf-8',
            await addCheckpoint(Buffer.concat(chunks).toString('utf8')),
          );
        } catch (error) {
          if (!(error instanceof Refusal)) return refuse(res, 500, (error as Error).message);
          if (error.body) return answer(res, error.status, error.body.type, error.body.text);
          return refuse(res, error.status, error.message);
        }
      }
      const read = /^\/([0-9a-f]{64})\/checkpoint$/.exec(path);
      if (read && req.method === 'GET') {
        const log = Object.entries(current.logs).find(
          ([origin]) => createHash('sha256').update(origin).digest('hex') === read[1],
        );
        return log
          ? answer(res, 200, 'text/plain; charset=utf-8', log[1].checkpoint)
          : refuse(res, 404, 'no checkpoint of that log cosigned');
      }
      return refuse(res, 404, 'not a witness route');
    });
  });
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(port, '127.0.0.1', () => done());
  });
  const { port: bound } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${bound}`,
    name,
    vkey: await vkeyOf(name, COSIGNATURE_ED25519, publicKey),
    trust: async (origin, logPublicKey) => {
      trusted.set(origin, {
        publicKey: logPublicKey,
        keyId: await noteKeyId(origin, NOTE_ED25519, logPublicKey),
      });
    },
    setFault: (next) => {
      fault = next;
    },
    stop: () =>
      new Promise((done) => {
        save();
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
