import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { ProductEntity } from '#catalog/entities/product.ts';
import { fromBase64url } from '#shared/passport/base64url.ts';
import type { KeySet } from '#shared/passport/keys.ts';
import type { MapProof } from '#shared/passport/piece-map.ts';
import { verifyCertificate, verifyFragment, verifyHistory } from '#shared/passport/verify.ts';
import { exportPassport } from '../../infra/passport/export.ts';
import { makeVectors } from '../passport/vectors.ts';
import { loggedInAdmin } from '../support/admin.ts';
import { type ApiAnswer, api, freshClientAddress, newCheckoutKey, until } from '../support/api.ts';
import { getRaw, itemsWithPrefix } from '../support/db.ts';
import { uniqueId } from '../support/fixtures.ts';
import { registerPiece } from '../support/passport.ts';
import { checkoutBody, mailedPassword, payWithTestCard } from '../support/purchase.ts';

/**
 * A piece's whole passport over HTTP, as the issue's "must show" tells it: a certificate issued at
 * registration, before the sale, still verifies after the sale and two transfers, and the public
 * log tells that history. Then every public artefact of the passport — each piece's certificate,
 * code and history, the published log files and keys, a resale proof and its status, the export —
 * is scanned for every e-mail, name, address, phone, card number, password and owner salt the
 * shop holds (this suite's and every other suite's buyers and owners so far): none is there.
 */
const serial = Date.now().toString().slice(-9);
const card = `38${serial}12345`;
const owners = [1, 2, 3].map((n) => `${uniqueId(`owner${n}`)}@example.com`);
const buyerName = `Passport Buyer ${serial}`;
let piece: ProductEntity;
let issued: { code: string; certificate: string };
let keys: KeySet;
let proofText = '';
let proofId = '';
const exported = { folder: '' };

const cookieOf = (answer: ApiAnswer<unknown>) => {
  const set = answer.headers['set-cookie'];
  return ((Array.isArray(set) ? set : [set ?? '']).join('\n').split(';')[0] as string) ?? '';
};
async function logIn(password: string) {
  const login = await api('/authenticationcard', {
    method: 'POST',
    json: { cardNumber: card, password },
    from: freshClientAddress(),
  });
  expect(login.status, login.text).toBe(200);
  return { cookie: cookieOf(login), origin: inject('baseUrl') };
}

interface PieceAnswer {
  certificate: string | null;
  code: string | null;
  entries: { text: string; proof: string }[];
  checkpoint: string | null;
  map: MapProof | null;
  lost: boolean;
}
const passportOf = (pid: string) => api<PieceAnswer>(`/passport/pieces/${encodeURIComponent(pid)}`);
const kindsOf = (answer: PieceAnswer) => answer.entries.map((entry) => JSON.parse(entry.text).kind);

async function historyReads(kinds: string[]) {
  await until(
    async () => {
      const answer = await passportOf(piece.id);
      return answer.status === 200 && kindsOf(answer.body).join() === kinds.join();
    },
    `the log to tell ${kinds.join(', ')}`,
  );
  return (await passportOf(piece.id)).body;
}

beforeAll(async () => {
  const admin = await loggedInAdmin();
  const { id } = await registerPiece(admin, { name: 'Story gown', priceUs: 1500, cardNumber: card });
  piece = (await getRaw(`PRODUCT#${id}`, '#PRODUCT')) as unknown as ProductEntity;
  const registered = await historyReads(['issue']);
  issued = { code: registered.code as string, certificate: registered.certificate as string };
}, 120_000);

afterAll(async () => {
  if (exported.folder) await rm(exported.folder, { recursive: true, force: true });
});

describe("a piece's passport, from registration through a sale and two transfers", () => {
  it('keeps the certificate issued before the sale verifying, and the log tells sale, transfer, transfer', async () => {
    await payWithTestCard(
      checkoutBody(piece, newCheckoutKey(), { email: owners[0] as string, name: buyerName }),
    );
    let current = await mailedPassword(owners[0] as string, 'Your authenticity portal password');
    for (const next of owners.slice(1)) {
      const session = await logIn(current);
      const moved = await api('/transfer-auth', {
        method: 'POST',
        json: { cardNumber: card, pid: piece.id, email: next, pwd: current },
        headers: session,
        from: freshClientAddress(),
      });
      expect(moved.status, moved.text).toBe(200);
      current = await mailedPassword(next, 'Story gown has been transferred to you');
    }
    const now = await historyReads(['issue', 'sale', 'transfer', 'transfer']);
    expect(now.code).toBe(issued.code);
    expect(now.certificate).toBe(issued.certificate);
    // The key set as published now (another suite may have rotated the key since the issue).
    keys = (await fetch(`${inject('baseUrl')}/.well-known/passport-keys.json`).then((r) =>
      r.json(),
    )) as KeySet;
    const code = await verifyFragment(`/verify#${issued.code}`, keys);
    expect(code).toMatchObject({ ok: true, kind: 'code', pieceId: piece.id });
    if (!code.ok || code.kind !== 'code') throw new Error('the code does not verify');
    expect(await verifyCertificate(issued.certificate, keys, code)).toMatchObject({ ok: true });
    const history = await verifyHistory(
      now.entries.map(({ text, proof }) => ({ entry: text, proof })),
      now.checkpoint as string,
      keys,
      { pieceId: piece.id, map: now.map },
    );
    expect(history).toMatchObject({ ok: true, sold: true, transfers: 2, lost: false });
    const owner = await getRaw(`AUTH#${card}`, '#AUTH');
    expect(owner?.email).toBe(owners[2]);

    // The last owner makes a resale proof, then reports the piece lost and found again.
    const session = await logIn(current);
    const proof = await api<{ proof: { id: string; url: string } }>('/passport/proofs', {
      method: 'POST',
      json: { days: 7 },
      headers: session,
    });
    expect(proof.status, proof.text).toBe(200);
    proofId = proof.body.proof.id;
    proofText = decodeURIComponent(proof.body.proof.url);
    for (const lost of [true, false]) {
      const report = await api('/passport/lost', { method: 'POST', json: { lost }, headers: session });
      expect(report.status, report.text).toBe(200);
    }
    await historyReads(['issue', 'sale', 'transfer', 'transfer', 'lost', 'found']);
  });
});

const s3 = new S3Client({
  endpoint: inject('s3Url'),
  forcePathStyle: true,
  region: 'us-east-1',
  credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
});

/** Every object the shop publishes under passport/ (tiles, bundles, checkpoints, keys). */
async function publishedFiles(): Promise<string[]> {
  const texts: string[] = [];
  let token: string | undefined;
  do {
    const page = await s3.send(
      new ListObjectsV2Command({
        Bucket: inject('mediaBucket'),
        Prefix: 'passport/',
        ContinuationToken: token,
      }),
    );
    for (const object of page.Contents ?? []) {
      const body = await s3.send(new GetObjectCommand({ Bucket: inject('mediaBucket'), Key: object.Key }));
      texts.push(
        Buffer.from(await (body.Body?.transformToByteArray() ?? new Uint8Array())).toString('latin1'),
      );
    }
    token = page.NextContinuationToken;
  } while (token);
  return texts;
}

/** A JWS or a code, readable: its base64url parts decoded and its percent-encoding undone. */
function readable(text: string): string {
  const decoded = text
    .split(/[.#\s"]/)
    .map((part) => {
      const bytes = /^[A-Za-z0-9_-]{8,}$/.test(part) ? fromBase64url(part) : undefined;
      return bytes ? Buffer.from(bytes).toString('utf8') : '';
    })
    .join('\n');
  let unescaped = text;
  try {
    unescaped = decodeURIComponent(text);
  } catch {}
  return `${text}\n${unescaped}\n${decoded}`;
}

async function filesUnder(folder: string): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(folder, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) found.push(await readFile(join(entry.parentPath, entry.name), 'utf8'));
  }
  return found;
}

/** What the shop holds of people: buyers' contact and billing details, owners' e-mails, card numbers, salts, passwords. */
async function personalData(): Promise<string[]> {
  const values = new Set<string>([...owners, buyerName, card]);
  for (const order of await itemsWithPrefix('ORDER#')) {
    for (const address of [order.contact, order.billing]) {
      for (const [field, value] of Object.entries((address ?? {}) as Record<string, unknown>)) {
        if (typeof value === 'string' && !['country', 'state'].includes(field)) values.add(value);
      }
    }
  }
  for (const record of await itemsWithPrefix('AUTH#')) {
    for (const field of ['email', 'cardNumber', 'ownerSalt', 'passwordHash']) {
      if (typeof record[field] === 'string') values.add(record[field] as string);
    }
  }
  return [...values].map((value) => value.trim()).filter((value) => value.length >= 5);
}

describe('no personal data in the passport', () => {
  it('is in no certificate, code, log entry, proof, published file or export', async () => {
    const artefacts: string[] = [...(await publishedFiles())];
    const pieces = new Set<string>();
    for (const text of artefacts)
      for (const match of text.matchAll(/"piece":"([^"]+)"/g)) pieces.add(match[1] as string);
    expect(pieces.has(piece.id)).toBe(true);
    for (const pid of pieces) {
      const answer = await passportOf(pid);
      artefacts.push(answer.text, readable(answer.body.certificate ?? ''), readable(answer.body.code ?? ''));
    }
    artefacts.push(readable(proofText), (await api(`/passport/proofs/${proofId}`)).text);

    exported.folder = await mkdtemp(join(tmpdir(), 'passport-export-'));
    const summary = await exportPassport({
      origin: inject('baseUrl'),
      out: exported.folder,
      algorithm: '',
      vectors: await makeVectors(),
    });
    expect(summary.pieces).toBeGreaterThan(0);
    expect(summary.checkpoints).toBeGreaterThan(1);
    artefacts.push(...(await filesUnder(exported.folder)).map(readable));

    const people = await personalData();
    expect(people).toEqual(expect.arrayContaining([...owners, card, buyerName]));
    const haystack = artefacts.join('\n').toLowerCase();
    const found = people.filter((value) => haystack.includes(value.toLowerCase()));
    expect(found).toEqual([]);
  }, 120_000);
});
