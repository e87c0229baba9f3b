import { toBase64url } from '#shared/passport/base64url.ts';
import { toHex, utf8 } from '#shared/passport/bytes.ts';
import {
  assembleJws,
  certificateDigest,
  certificatePayload,
  signCertificate,
} from '#shared/passport/certificate.ts';
import { logOrigin, signCheckpoint } from '#shared/passport/checkpoint.ts';
import { type CodeFields, codeBody, codeText } from '#shared/passport/code.ts';
import { entryText, mapEntryText, ownerCommitment } from '#shared/passport/log.ts';
import type { EntryKind, LogEntry, PrevLink } from '#shared/passport/log-entry.ts';
import { consistencyProof, type Hash, inclusionProof, leafHash, rootOf } from '#shared/passport/merkle.ts';
import { type MapProof, mapLeavesFor, mapTree, recordEntry } from '#shared/passport/piece-map.ts';
import { type ProofFields, proofBody } from '#shared/passport/proof.ts';
import {
  encodeStatusList,
  statusBits,
  statusListPayload,
  statusListSigningInput,
} from '#shared/passport/status-list.ts';
import { tlogProofText } from '#shared/passport/tlog-proof.ts';
import { ISSUER, type TestKey } from './signing.ts';

/** Genuine passports made with the shop's own code (shared/passport), for the verifiers to judge. */

export async function signCode(fields: CodeFields, signer: TestKey): Promise<string> {
  const body = codeBody(fields);
  return codeText(body, toBase64url(await signer.sign(utf8(body))));
}

export async function signResaleProof(fields: ProofFields, signer: TestKey): Promise<string> {
  const body = proofBody(fields);
  return `${body}.${toBase64url(await signer.sign(utf8(body)))}`;
}

export interface PieceSpec {
  pieceId: string;
  collection: string;
  number: number;
  of: number;
  validFrom: string;
  /** Its bit in the status list: the certificate names it (certificates issued before the list do not). */
  statusIndex?: number;
}

/** A certificate and the code that points at it. */
export async function issuePiece(piece: PieceSpec, signer: TestKey) {
  const payload = certificatePayload({
    issuer: ISSUER,
    validFrom: piece.validFrom,
    pieceId: piece.pieceId,
    collection: piece.collection,
    number: piece.number,
    of: piece.of,
    description: `${piece.collection} piece ${piece.number}, black and gold`,
    photos: [{ sha256: 'cd'.repeat(32), path: `/media/${piece.pieceId}/front.jpg` }],
    ...(piece.statusIndex === undefined ? {} : { statusIndex: piece.statusIndex }),
  });
  const certificate = await signCertificate(payload, signer.key.kid, signer.sign);
  const fields: CodeFields = {
    pieceId: piece.pieceId,
    number: piece.number,
    of: piece.of,
    collection: piece.collection,
    issued: piece.validFrom.slice(0, 10),
    digest: await certificateDigest(certificate),
    kid: signer.key.kid,
  };
  return { certificate, code: await signCode(fields, signer), fields };
}

export interface LogStep {
  /** A piece's entry, or `map`: the map commitment a sequencing round ends with. */
  kind: EntryKind | 'map';
  piece: string;
  time: string;
  cert?: string;
  /** A draw entry's draw id and result hash. */
  draw?: string;
  result?: string;
}

/**
 * A log of these steps (owners committed with fresh salts; each entry's `prev` names the piece's
 * previous one), its leaves and its entries' texts. Unless `maps: false`, it ends with a map
 * entry, as every round of the shop's sequencer does; `map` steps add one anywhere.
 */
export async function buildLog(steps: LogStep[], options: { maps?: boolean } = {}) {
  const texts: string[] = [];
  const latest = new Map<string, PrevLink>();
  const withEnd =
    options.maps === false || steps.at(-1)?.kind === 'map'
      ? steps
      : [
          ...steps,
          { kind: 'map' as const, piece: '', time: steps.at(-1)?.time ?? '2026-07-01T00:00:00.000Z' },
        ];
  for (const [seq, step] of withEnd.entries()) {
    if (step.kind === 'map') {
      const tree = await mapTree(latest);
      texts.push(mapEntryText({ seq, time: step.time, pieces: tree.leaves.length, root: toHex(tree.root) }));
      continue;
    }
    const owner =
      step.kind === 'issue' || step.kind === 'draw'
        ? null
        : await ownerCommitment(step.piece, toBase64url(crypto.getRandomValues(new Uint8Array(32))));
    const entry: LogEntry = {
      seq,
      time: step.time,
      kind: step.kind,
      piece: step.piece,
      owner,
      prev: latest.get(step.piece) ?? null,
      ...(step.cert ? { cert: step.cert } : {}),
      ...(step.draw ? { draw: step.draw, result: step.result } : {}),
    };
    const text = entryText(entry);
    texts.push(text);
    await recordEntry(latest, text, seq);
  }
  const leaves = await Promise.all(texts.map((text) => leafHash(utf8(text))));
  return { texts, leaves };
}

/** The map proof of a piece against a checkpoint of the first `size` entries (whose last is a map entry). */
export async function mapProofOf(
  log: { texts: string[]; leaves: Hash[] },
  pieceId: string,
  checkpoint: string,
  size = log.texts.length,
): Promise<MapProof> {
  const latest = new Map<string, PrevLink>();
  for (const [seq, text] of log.texts.slice(0, size - 1).entries()) await recordEntry(latest, text, seq);
  return {
    entry: log.texts[size - 1] as string,
    proof: tlogProofText({
      index: size - 1,
      proof: await inclusionProof(log.leaves.slice(0, size), size - 1),
      checkpoint,
    }),
    leaves: await mapLeavesFor(await mapTree(latest), pieceId),
  };
}

export const checkpointOf = async (leaves: Hash[], signer: TestKey) =>
  signCheckpoint(
    { origin: logOrigin(ISSUER), size: leaves.length, root: await rootOf(leaves) },
    signer.spki,
    signer.sign,
  );

/** A piece's entries, each with its tlog-proof against the checkpoint of the whole log. */
export async function historyOf(
  log: { texts: string[]; leaves: Hash[] },
  pieceId: string,
  checkpoint: string,
  size = log.texts.length,
) {
  const items = [];
  for (const [index, text] of log.texts.entries()) {
    if (JSON.parse(text).piece !== pieceId || index >= size) continue;
    items.push({
      entry: text,
      proof: tlogProofText({
        index,
        proof: await inclusionProof(log.leaves.slice(0, size), index),
        checkpoint,
      }),
    });
  }
  return items;
}

export const consistencyOf = (leaves: Hash[], size1: number) => consistencyProof(leaves, size1);

/** The shop's status list credential with these bits set, of `size` entries (16 KB at least). */
export async function signStatusList(
  set: number[],
  signer: TestKey,
  options: { size?: number; issuer?: string; validFrom?: string } = {},
): Promise<string> {
  const payload = statusListPayload({
    issuer: options.issuer ?? ISSUER,
    validFrom: options.validFrom ?? '2026-11-27T12:00:00.000Z',
    encodedList: await encodeStatusList(statusBits(options.size ?? 0, set)),
  });
  const input = statusListSigningInput(signer.key.kid, payload);
  return assembleJws(input, await signer.sign(utf8(input)));
}
