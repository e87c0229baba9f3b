import { createHash, randomUUID } from 'node:crypto';
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { deploymentKeyId, publicKeyOf, sign } from '#passport/adapters/kms-signer.ts';
import { currentKey, listSigningKeys } from '#passport/entities/signing-keys.ts';
import { signCodeBody } from '#passport/index.ts';
import { passportPieceContract } from '#shared/contracts/passport.ts';
import { toBase64url } from '#shared/passport/base64url.ts';
import { toBase64, toHex } from '#shared/passport/bytes.ts';
import {
  assembleJws,
  certificateDigest,
  certificatePayload,
  signCertificate,
} from '#shared/passport/certificate.ts';
import { logOrigin, signCheckpoint } from '#shared/passport/checkpoint.ts';
import { type CodeFields, codeBody, codeText } from '#shared/passport/code.ts';
import type { KeySet, RawSigner } from '#shared/passport/keys.ts';
import { entryText, mapEntryText, ownerCommitment } from '#shared/passport/log.ts';
import type { EntryKind, PrevLink } from '#shared/passport/log-entry.ts';
import { consistencyProof, inclusionProof, leafHash, rootOf } from '#shared/passport/merkle.ts';
import { mapLeavesFor, mapTree, recordEntry } from '#shared/passport/piece-map.ts';
import { proofBody, proofExpiry } from '#shared/passport/proof.ts';
import {
  encodeStatusList,
  statusBits,
  statusListPayload,
  statusListSigningInput,
} from '#shared/passport/status-list.ts';
import { tlogProofText } from '#shared/passport/tlog-proof.ts';
import * as z from '#shared/zod.ts';
import { jpeg } from './media.ts';

/**
 * Real passports for the /verify page's browser tests and the bench, signed on a local stack as
 * the shop signs them: the card's code by the passport signer (Lambda stand-in, signCodeBody),
 * the certificate and the log's checkpoints with the same KMS key through the KMS adapter (the
 * process's AWS settings must point at the stack). The photographs are real files in the media
 * bucket; the key set is the one the bucket publishes (`passport/keys.json`, written here from
 * the signing key when nothing has written it yet).
 */
export interface LocalStackPlaces {
  /** The shop's address (the gateway). */
  baseUrl: string;
  s3Url: string;
  mediaBucket: string;
}

const s3 = (stack: LocalStackPlaces) =>
  new S3Client({
    endpoint: stack.s3Url,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });

/** The KMS key that signs now: the table's current key (staff may have rotated), else the deployment's. */
const currentKmsKey = async () => currentKey(await listSigningKeys())?.keyId ?? deploymentKeyId();
const kmsSigner: RawSigner = async (data) => (await sign(data, await currentKmsKey())).signature;

export interface Signing {
  stack: LocalStackPlaces;
  keys: KeySet;
  kid: string;
  spki: Uint8Array;
}

/** The local stack's signing key and the published key set that lists it. */
export async function localSigning(stack: LocalStackPlaces): Promise<Signing> {
  const { kid, jwk } = await publicKeyOf(await currentKmsKey());
  const imported = await crypto.subtle.importKey('jwk', jwk, { name: 'ECDSA', namedCurve: 'P-256' }, true, [
    'verify',
  ]);
  const spki = new Uint8Array(await crypto.subtle.exportKey('spki', imported));
  const published = await s3(stack)
    .send(new GetObjectCommand({ Bucket: stack.mediaBucket, Key: 'passport/keys.json' }))
    .then(async (object) => JSON.parse((await object.Body?.transformToString()) ?? '') as KeySet)
    .catch(() => undefined);
  if (published?.keys.some((key) => key.kid === kid)) return { stack, keys: published, kid, spki };
  const keys: KeySet = {
    issuer: new URL(stack.baseUrl).origin,
    keys: [{ kid, jwk, from: '2026-01-01T00:00:00.000Z' }],
  };
  await s3(stack).send(
    new PutObjectCommand({
      Bucket: stack.mediaBucket,
      Key: 'passport/keys.json',
      Body: JSON.stringify(keys),
      ContentType: 'application/json',
    }),
  );
  return { stack, keys, kid, spki };
}

/** A JPEG in the public media bucket: its /media path and SHA-256 (hex). */
async function photograph(stack: LocalStackPlaces, background: string) {
  const body = await jpeg({ width: 120, height: 80, background });
  const key = `collection_images/passport-e2e/${randomUUID()}.jpg`;
  await s3(stack).send(
    new PutObjectCommand({ Bucket: stack.mediaBucket, Key: key, Body: body, ContentType: 'image/jpeg' }),
  );
  return { path: `/media/${key}`, sha256: createHash('sha256').update(body).digest('hex') };
}

export interface PieceOptions {
  collection?: string;
  number?: number;
  of?: number;
  /** The certificate claims this hash for the photograph at this index (a replaced photograph). */
  wrongPhoto?: number;
  /** Its bit in the shop's status list (a certificate issued before the list names none). */
  statusIndex?: number;
}

export interface IssuedPiece {
  pieceId: string;
  code: string;
  fields: CodeFields;
  certificate: string;
}

/** A piece's certificate (three photographs) and its card's code, signed today. */
export async function issuePiece(signing: Signing, options: PieceOptions = {}): Promise<IssuedPiece> {
  const pieceId = `e2e-${randomUUID().slice(0, 8)}`;
  const photos = await Promise.all(
    ['#6b2737', '#1f3a5f', '#9a7b45'].map((colour) => photograph(signing.stack, colour)),
  );
  const claimed = photos.map((photo, index) =>
    index === options.wrongPhoto ? { ...photo, sha256: 'ab'.repeat(32) } : photo,
  );
  const now = new Date().toISOString();
  const payload = certificatePayload({
    issuer: signing.keys.issuer,
    validFrom: now,
    pieceId,
    collection: options.collection ?? 'Soirée',
    number: options.number ?? 8,
    of: options.of ?? 12,
    description: 'Evening bag in black satin, gold clasp',
    photos: claimed,
    ...(options.statusIndex === undefined ? {} : { statusIndex: options.statusIndex }),
  });
  const certificate = await signCertificate(payload, signing.kid, kmsSigner);
  const fields: CodeFields = {
    pieceId,
    number: options.number ?? 8,
    of: options.of ?? 12,
    collection: options.collection ?? 'Soirée',
    issued: now.slice(0, 10),
    digest: await certificateDigest(certificate),
    kid: signing.kid,
  };
  const body = codeBody(fields);
  const { signature } = await signCodeBody(body);
  return { pieceId, code: codeText(body, signature), fields, certificate };
}

export interface Step {
  /** A piece's entry, or `map`: the map entry that ends a sequencing round (one ends the log anyway). */
  kind: EntryKind | 'map';
  /** The piece's own steps; others' are `other`. */
  piece: 'this' | 'other';
  day: string;
}

/**
 * A log of these steps, one sequencing round, ending with its map entry (docs/passport.md,
 * Completeness): its entries' texts and leaves. The issue entry carries the certificate's digest.
 */
export async function logOf(piece: IssuedPiece, steps: Step[]) {
  const texts = [];
  const latest = new Map<string, PrevLink>();
  const mapOf = async (seq: number, day: string) => {
    const tree = await mapTree(latest);
    return mapEntryText({
      seq,
      time: `${day}T10:00:01.000Z`,
      pieces: tree.leaves.length,
      root: toHex(tree.root),
    });
  };
  for (const [seq, step] of steps.entries()) {
    if (step.kind === 'map') {
      texts.push(await mapOf(seq, step.day));
      continue;
    }
    const pid = step.piece === 'this' ? piece.pieceId : 'e2e-other-piece';
    const owner = step.kind === 'issue' ? null : await ownerCommitment(pid, 'A'.repeat(43));
    texts.push(
      entryText({
        seq,
        time: `${step.day}T10:00:00.000Z`,
        kind: step.kind,
        piece: pid,
        owner,
        prev: latest.get(pid) ?? null,
        ...(step.kind === 'issue' ? { cert: piece.fields.digest } : {}),
      }),
    );
    await recordEntry(latest, texts.at(-1) as string, seq);
  }
  texts.push(await mapOf(texts.length, steps.at(-1)?.day ?? '2026-01-01'));
  const leaves = await Promise.all(texts.map((text) => leafHash(new TextEncoder().encode(text))));
  return { texts, leaves };
}

export type Log = Awaited<ReturnType<typeof logOf>>;

/**
 * GET /api/passport/pieces/{pid} as the contract has it: the piece's entries with their proofs
 * against the log's checkpoint, signed by the KMS key; with `since`, the consistency proof.
 */
export async function pieceAnswer(signing: Signing, piece: IssuedPiece, log: Log, since?: number) {
  const checkpoint = await signCheckpoint(
    { origin: logOrigin(signing.keys.issuer), size: log.leaves.length, root: await rootOf(log.leaves) },
    signing.spki,
    kmsSigner,
  );
  const entries = [];
  const latest = new Map<string, PrevLink>();
  for (const [index, text] of log.texts.entries()) {
    if (index < log.texts.length - 1) await recordEntry(latest, text, index);
    if (JSON.parse(text).piece !== piece.pieceId) continue;
    const proof = tlogProofText({ index, proof: await inclusionProof(log.leaves, index), checkpoint });
    entries.push({ text, proof });
  }
  const last = log.texts.length - 1;
  const map = {
    entry: log.texts[last] as string,
    proof: tlogProofText({ index: last, proof: await inclusionProof(log.leaves, last), checkpoint }),
    leaves: await mapLeavesFor(await mapTree(latest), piece.pieceId),
  };
  const answer = {
    status: 200 as const,
    piece: piece.pieceId,
    certificate: piece.certificate,
    code: piece.code,
    entries,
    checkpoint,
    map,
    lost: false,
    ...(since !== undefined
      ? {
          consistency:
            since < log.leaves.length ? (await consistencyProof(log.leaves, since)).map(toBase64) : [],
        }
      : {}),
  };
  return z.parse(passportPieceContract.response, answer);
}

/** An owner's resale proof of the piece, made today for `days` days, signed with the KMS key. */
export async function resaleProof(signing: Signing, piece: IssuedPiece, days: number, since = '2026-04') {
  const id = toBase64url(crypto.getRandomValues(new Uint8Array(16)));
  const expires = proofExpiry(new Date().toISOString().slice(0, 10), days);
  const body = proofBody({ pieceId: piece.pieceId, since, expires, id, kid: signing.kid });
  return { id, expires, text: `${body}.${toBase64url(await kmsSigner(new TextEncoder().encode(body)))}` };
}

/** The shop's status list credential with these bits set, signed today with the KMS key. */
export async function statusList(signing: Signing, set: number[]): Promise<string> {
  const payload = statusListPayload({
    issuer: signing.keys.issuer,
    validFrom: new Date().toISOString(),
    encodedList: await encodeStatusList(statusBits(0, set)),
  });
  const input = statusListSigningInput(signing.kid, payload);
  return assembleJws(input, await kmsSigner(new TextEncoder().encode(input)));
}
