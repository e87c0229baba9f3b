import { fromBase64, sha256, toHex } from '#shared/passport/bytes.ts';
import type { CertificatePayload } from '#shared/passport/certificate.ts';
import type { CodeFields } from '#shared/passport/code.ts';
import type { KeySet } from '#shared/passport/keys.ts';
import type { MapProof } from '#shared/passport/piece-map.ts';
import {
  checkConsistency,
  type FragmentVerdict,
  type HistoryVerdict,
  verifyCertificate,
  verifyFragment,
  verifyHistory,
  verifyServedCertificate,
  verifyStatusList,
} from '#shared/passport/verify.ts';
import { takeEarly } from '../lib/early-requests.ts';
import { keepCheckpoint, keptCheckpoint } from './kept.ts';
import { namedDownloads } from './named-downloads.ts';
import { piecePath } from './piece-path.ts';
import {
  CERTIFICATE_REFUSALS,
  CONSISTENCY_REFUSALS,
  completeSentence,
  HISTORY_HEADLINE,
  HISTORY_REFUSALS,
  historySentences,
  LOST_WARNING,
  notCheckedSentence,
  ONLINE_CHECKS,
  type PhotoCheck,
  type PieceWords,
  photoSentence,
  STATUS_REFUSALS,
  STATUS_SENTENCES,
  SUPERSEDED,
  witnessSentence,
} from './wording.ts';

/**
 * The online checks of the /verify page (docs/passport.md): the piece's certificate and
 * photographs, its history in the public log and the log's consistency with the checkpoint the
 * page kept; for a resale proof, whether it still stands. The shop's answers are only read: every
 * judgement is shared/passport/verify.ts's. No request carries the fragment's signature.
 */
export interface Line {
  text: string;
  tone: 'good' | 'bad' | 'warn' | 'info';
}

export interface OnlineReport {
  lines: Line[];
  /** A new headline, when the shop's answer changes the verdict (a voided proof). */
  verdict?: FragmentVerdict;
  /** A warning that replaces the headline: the history is refused or cannot be proven complete. */
  warning?: string;
  /** Reported lost or stolen (the status list's bit, or the log's last lost/found entry): never "Authentic". */
  reported?: boolean;
  /** The piece in words, from a certificate verified as the piece's own (its newest in the log). */
  piece?: PieceWords;
}

/** GET /api/passport/pieces/{pid} as shared/contracts/passport.ts has it. */
interface PieceAnswer {
  certificate: string | null;
  entries: { text: string; proof: string }[];
  checkpoint: string | null;
  map?: MapProof | null;
  lost: boolean;
  consistency?: string[];
}

type Read<T> = { ok: true; value: T } | { ok: false; status: number } | { ok: false; offline: true };

/** A JSON answer of the shop, fresh: the one the early script already asked for (`early`), else asked now. */
async function readJson<T>(path: string, early?: Promise<Response>): Promise<Read<T>> {
  let answer: Response;
  try {
    answer = await (early ?? fetch(path, { cache: 'no-store' }));
  } catch {
    return { ok: false, offline: true };
  }
  if (!answer.ok) return { ok: false, status: answer.status };
  try {
    return { ok: true, value: (await answer.json()) as T };
  } catch {
    return { ok: false, status: answer.status };
  }
}

const unreadable = (read: Extract<Read<unknown>, { ok: false }>, checks: readonly string[]): Line =>
  'offline' in read
    ? { tone: 'info', text: notCheckedSentence([...checks]) }
    : {
        tone: 'warn',
        text: `The shop did not answer (${read.status}): ${[...checks].join(', ')} not checked.`,
      };

/** A download of the shop's: the one the early script started (early.ts), else started now. */
const download = (url: URL) => takeEarly(url.href) ?? fetch(url, { cache: 'no-store' });

/** Only the shop's own photographs are fetched (a certificate names paths on the shop). */
async function checkPhoto(path: string, expected: string): Promise<PhotoCheck['result']> {
  const url = new URL(path, location.origin);
  if (url.origin !== location.origin) return 'unreadable';
  try {
    const answer = await download(url);
    if (!answer.ok) return 'unreadable';
    const digest = toHex(await sha256(new Uint8Array(await answer.arrayBuffer())));
    return digest === expected.toLowerCase() ? 'matches' : 'differs';
  } catch {
    return 'unreadable';
  }
}

/**
 * The piece's history, proven complete as of the checkpoint, or why not. `complete` false (a
 * refused history, or one that cannot be proven complete) turns the page's headline into a warning:
 * a piece whose history the shop hides is never shown as plainly authentic.
 */
async function historyLines(
  piece: PieceAnswer,
  pieceId: string,
  keys: KeySet,
): Promise<{ lines: Line[]; history: HistoryVerdict | null; complete: boolean }> {
  const lines: Line[] = [];
  if (!piece.checkpoint) {
    lines.push({
      tone: 'warn',
      text: 'The public log holds no entry yet: no history to show, and none proven complete.',
    });
    return { lines, history: null, complete: false };
  }
  const history = await verifyHistory(
    piece.entries.map(({ text, proof }) => ({ entry: text, proof })),
    piece.checkpoint,
    keys,
    { pieceId, map: piece.map },
  );
  if (!history.ok) {
    lines.push({ tone: 'bad', text: HISTORY_REFUSALS[history.reason] });
    return { lines, history, complete: false };
  }
  // A loss is said first, above everything else the page found.
  if (history.lost || piece.lost) lines.unshift({ tone: 'bad', text: LOST_WARNING });
  for (const text of historySentences(history)) lines.push({ tone: 'good', text });
  lines.push({ tone: 'good', text: completeSentence(history.size) });
  const witnessed = witnessSentence(history.size, history.witnesses);
  if (witnessed) lines.push(witnessed);
  lines.push(...(await consistencyLines(piece.checkpoint, piece.consistency ?? [], keys)));
  return { lines, history, complete: true };
}

const headlineOf = (history: { complete: boolean }) =>
  history.complete ? {} : { warning: HISTORY_HEADLINE };

/** The log must extend the checkpoint kept from an earlier visit; the newest good one is kept. */
async function consistencyLines(checkpoint: string, proof: string[], keys: KeySet): Promise<Line[]> {
  const kept = keptCheckpoint();
  if (kept) {
    const hashes = proof.map(fromBase64);
    const verdict = hashes.every((hash) => hash !== undefined)
      ? await checkConsistency(kept, checkpoint, hashes as Uint8Array[], keys)
      : ({ ok: false, reason: 'rewritten' } as const);
    if (!verdict.ok) return [{ tone: 'bad', text: CONSISTENCY_REFUSALS[verdict.reason] }];
  }
  keepCheckpoint(checkpoint);
  return kept
    ? [{ tone: 'good', text: 'The public log extends the one this page saw before: nothing was rewritten.' }]
    : [];
}

/** The page's findings, a loss of the piece first. */
const ordered = (certificate: Line[], history: Line[]) =>
  history[0]?.text === LOST_WARNING
    ? [history[0], ...certificate, ...history.slice(1)]
    : [...certificate, ...history];

/** The shop's answer for a piece, and the downloads its certificate names (startEarly). */
export interface AskedPiece {
  answer: Promise<Read<PieceAnswer>>;
  early: Promise<ReturnType<typeof startEarly>>;
}

/**
 * The shop's answer for a piece: asked as the page opens (by the early script, else now), while
 * the keys are read and the code checked; the downloads its certificate names start as soon as
 * it arrives, whether or not the code is checked by then.
 */
export function askPiece(pieceId: string): AskedPiece {
  const path = piecePath(pieceId);
  const answer = readJson<PieceAnswer>(path, takeEarly(path));
  return { answer, early: answer.then((read) => startEarly(read.ok ? read.value.certificate : null)) };
}

/** A card's code, online: its certificate, photographs and history. */
export async function checkCodeOnline(
  code: CodeFields,
  keys: KeySet,
  asked: AskedPiece = askPiece(code.pieceId),
): Promise<OnlineReport> {
  const read = await asked.answer;
  if (!read.ok) {
    if ('status' in read && read.status === 404)
      return { lines: [{ tone: 'bad', text: 'The shop has no passport on record for this piece.' }] };
    return { lines: [unreadable(read, ONLINE_CHECKS.code)] };
  }
  const piece = read.value;
  const early = await asked.early;
  const history = await historyLines(piece, code.pieceId, keys);
  const lostInLog = history.lines[0]?.text === LOST_WARNING;
  const lines: Line[] = [];
  if (!piece.certificate) {
    lines.push({ tone: 'bad', text: 'The shop serves no certificate for this piece.' });
    return { lines: ordered(lines, history.lines), reported: lostInLog, ...headlineOf(history) };
  }
  // The served certificate must be this piece's newest in the log (the re-issue rule).
  const certificate = await verifyServedCertificate(piece.certificate, keys, code, history.history);
  if (!certificate.ok) {
    lines.push(
      certificate.reason === 'superseded'
        ? { tone: 'info', text: SUPERSEDED }
        : { tone: 'bad', text: CERTIFICATE_REFUSALS[certificate.reason] },
    );
    return { lines: ordered(lines, history.lines), reported: lostInLog, ...headlineOf(history) };
  }
  const subject = certificate.payload.credentialSubject;
  lines.push({ tone: 'good', text: `The certificate matches the code: ${subject.description}.` });
  const named = pieceWords(certificate.payload);
  const [status, photos] = await Promise.all([
    statusLine(certificate.payload, keys, early.statusList),
    Promise.all(
      subject.photos.map(
        (photo) => early.photos.get(photoKey(photo)) ?? checkPhoto(photo.path, photo.sha256),
      ),
    ),
  ]);
  lines.push(status.line);
  photos.forEach((result, index) => {
    const text = photoSentence({ index: index + 1, of: photos.length, result });
    lines.push({ tone: result === 'matches' ? 'good' : result === 'differs' ? 'bad' : 'warn', text });
  });
  return {
    lines: ordered(lines, history.lines),
    reported: status.reported || lostInLog,
    piece: named,
    ...headlineOf(history),
  };
}

const pieceWords = ({ credentialSubject: subject }: CertificatePayload): PieceWords => ({
  description: subject.description,
  collection: subject.collection,
  number: subject.number,
  of: subject.of,
});

/**
 * The piece a resale proof names, in words: from the certificate the shop serves, only when it
 * is signed by a published key, of this very piece and the newest the verified history shows issued.
 */
async function provenPiece(
  certificate: string | null,
  pieceId: string,
  keys: KeySet,
  history: HistoryVerdict | null,
): Promise<PieceWords | undefined> {
  if (!certificate || !history?.ok) return undefined;
  const verdict = await verifyCertificate(certificate, keys);
  if (!verdict.ok || verdict.pieceId !== pieceId || history.certificates.at(-1) !== verdict.digest)
    return undefined;
  return pieceWords(verdict.payload);
}

const photoKey = (photo: { path: string; sha256: string }) => `${photo.sha256} ${photo.path}`;

async function readStatusList(url: URL): Promise<string | undefined> {
  try {
    const answer = await download(url);
    return answer.ok ? await answer.text() : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The photographs and the status list the served certificate names (named-downloads.ts),
 * downloaded (and the photographs hashed) while the history is verified: the phone's slow part.
 */
function startEarly(certificate: string | null): {
  photos: Map<string, Promise<PhotoCheck['result']>>;
  statusList?: { url: string; text: Promise<string | undefined> };
} {
  const named = namedDownloads(certificate);
  const photos = new Map(
    named.photos.map((photo) => [photoKey(photo), checkPhoto(photo.path, photo.sha256)]),
  );
  return named.statusList
    ? { photos, statusList: { url: named.statusList, text: readStatusList(new URL(named.statusList)) } }
    : { photos };
}

/**
 * The certificate's bit in the shop's signed status list (docs/passport.md, Lost or stolen), read
 * on the shop's own origin. A certificate issued before the list names none: the log alone says.
 */
async function statusLine(
  payload: CertificatePayload,
  keys: KeySet,
  early?: { url: string; text: Promise<string | undefined> },
): Promise<{ line: Line; reported: boolean }> {
  const status = payload.credentialStatus;
  if (!status) return { line: { tone: 'info', text: STATUS_SENTENCES.none }, reported: false };
  const url = new URL(status.statusListCredential, location.origin);
  const unread = { line: { tone: 'warn', text: STATUS_SENTENCES.unread } as Line, reported: false };
  if (url.origin !== location.origin) return unread;
  const list = await (early?.url === url.href ? early.text : readStatusList(url));
  if (list === undefined) return unread;
  const verdict = await verifyStatusList(list.trim(), keys, status);
  if (!verdict.ok) return { line: { tone: 'bad', text: STATUS_REFUSALS[verdict.reason] }, reported: false };
  return verdict.reported
    ? { line: { tone: 'bad', text: STATUS_SENTENCES.reported }, reported: true }
    : { line: { tone: 'good', text: STATUS_SENTENCES.clear }, reported: false };
}

/** A resale proof, online: whether it still stands (a transfer voids it) and the piece's history. */
export async function checkProofOnline(
  fragment: string,
  proof: Extract<FragmentVerdict, { kind: 'proof' }>,
  keys: KeySet,
): Promise<OnlineReport> {
  const status = await readJson<{ state: 'valid' | 'voided' | 'expired' }>(
    `/api/passport/proofs/${encodeURIComponent(proof.id)}`,
  );
  if (!status.ok) {
    if ('status' in status && status.status === 404)
      return { lines: [{ tone: 'bad', text: 'The shop has no record of this resale proof.' }] };
    return { lines: [unreadable(status, ONLINE_CHECKS.proof)] };
  }
  if (status.value.state === 'voided')
    return { lines: [], verdict: await verifyFragment(fragment, keys, { voided: true }) };
  if (status.value.state === 'expired') return { lines: [], verdict: { ok: false, reason: 'expired' } };
  const lines: Line[] = [{ tone: 'good', text: 'The shop confirms this proof still stands.' }];
  const piece = await readJson<PieceAnswer>(piecePath(proof.pieceId));
  if (!piece.ok) return { lines: [...lines, unreadable(piece, ['the history'])] };
  const history = await historyLines(piece.value, proof.pieceId, keys);
  const named = await provenPiece(piece.value.certificate, proof.pieceId, keys, history.history);
  return {
    lines: [...lines, ...history.lines],
    reported: history.lines[0]?.text === LOST_WARNING,
    ...(named ? { piece: named } : {}),
    ...headlineOf(history),
  };
}
