import type {
  ConsistencyVerdict,
  FragmentVerdict,
  HistoryVerdict,
  ServedVerdict,
  StatusVerdict,
} from '#shared/passport/verify.ts';

/**
 * What the /verify page says (docs/passport.md): the verdict in one plain sentence, and one
 * sentence per reason a check fails, so that a buyer, an insurer or a customs officer knows
 * exactly why not. Dates are said in full, in UTC (the days the passport's formats speak of).
 */

type Failed<V> = Extract<V, { ok: false }> extends { reason: infer R extends string } ? R : never;

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** `2026-11-27` → `27 November 2026`. */
export function dayText(day: string): string {
  const [year, month, date] = day.split('-');
  return `${Number(date)} ${MONTHS[Number(month) - 1] ?? month} ${year}`;
}

/** `2026-11` → `November 2026`. */
export function monthText(month: string): string {
  const [year, number] = month.split('-');
  return `${MONTHS[Number(number) - 1] ?? number} ${year}`;
}

export const FRAGMENT_REFUSALS: Record<Failed<FragmentVerdict>, string> = {
  'not-a-code':
    'Not a passport code: the link is incomplete or was changed; scan the card or open the link again.',
  'unknown-key': 'Not authentic: this code is signed with a key the shop has never published.',
  'signature-invalid':
    'Not authentic: the signature does not match what the code says, so the code was altered or forged.',
  'key-not-valid-then':
    'Not authentic: the key that signed this code was not the shop’s signing key on the date the code gives.',
  expired: 'This resale proof has expired: ask the owner for a new one.',
  voided: 'Void: the piece was transferred since this resale proof was made.',
};

export const CERTIFICATE_REFUSALS: Record<Exclude<Failed<ServedVerdict>, 'superseded'>, string> = {
  'not-a-certificate': 'The certificate the shop serves for this piece is not a valid certificate.',
  'unknown-key': 'The certificate is signed with a key the shop has never published.',
  'signature-invalid': 'The certificate’s signature does not match its contents: it was altered.',
  'key-not-valid-then': 'The certificate’s key was not the shop’s signing key on the day it was issued.',
  'wrong-issuer': 'The certificate names another issuer than this shop.',
  'digest-mismatch': 'The certificate the shop serves is not the one this code was made for.',
  'certificate-mismatch':
    'The certificate says something else than the code (piece, number, collection, date or key).',
  'another-piece':
    'The certificate the shop serves is of another piece than this code’s: it cannot stand for this piece.',
  'not-logged':
    'The certificate the shop serves is not one the public log shows issued for this piece, so it cannot be trusted.',
  'not-newest':
    'The certificate the shop serves is not the newest the public log shows issued for this piece: an older one was served in its place.',
  'code-not-issued':
    'This code’s certificate is not one the public log shows issued for this piece: the code cannot be trusted.',
};

/** A card made before a re-issue (docs/passport.md, The re-issue rule). */
export const SUPERSEDED =
  'This code is of an earlier certificate of the piece: the shop has issued a newer one since, and this card has been replaced.';

export const HISTORY_REFUSALS: Record<Failed<HistoryVerdict>, string> = {
  'checkpoint-invalid': 'The history cannot be trusted: the log’s checkpoint is not a signed checkpoint.',
  'checkpoint-wrong-origin':
    'The history cannot be trusted: the checkpoint is of another log than the shop’s.',
  'signature-invalid': 'The history cannot be trusted: a signature of the log’s checkpoint fails.',
  'unknown-key': 'The history cannot be trusted: no published key signed the log’s checkpoint.',
  'cosignature-invalid':
    'The history cannot be trusted: a witness’s cosignature of the log’s checkpoint fails (a forged cosignature).',
  'policy-invalid': 'The history cannot be trusted: the shop’s published witness policy is unreadable.',
  'proof-invalid': 'The history cannot be trusted: an entry comes without a valid proof.',
  'checkpoint-mismatch':
    'The history cannot be trusted: an entry is proven against another checkpoint than the log’s.',
  'entry-invalid': 'The history cannot be trusted: an entry is malformed or of another piece.',
  'out-of-order': 'The history cannot be trusted: its entries are out of order.',
  'not-in-log': 'The history cannot be trusted: an entry is not in the public log.',
  unprovable:
    'The history cannot be proven complete: the shop’s log does not carry the proof that no entry of the piece is left out (a log written before such proofs, or the proof withheld).',
  'map-invalid':
    'The history cannot be trusted: the log’s map of every piece’s latest entry does not hold (it is not the checkpoint’s last entry, or the piece’s place in it is not proven).',
  incomplete:
    'The history is incomplete: the shop left out an entry of this piece (its latest entry, or one between two it shows, is missing, or they are out of place).',
};

/** A history the page cannot show as complete: the headline of the page says so. */
export const HISTORY_HEADLINE =
  'Warning: the shop’s history of this piece cannot be proven complete. Do not rely on this passport; ask the shop.';

/** The history proven complete as of a checkpoint (a witness line is added after it when there is one). */
export const completeSentence = (size: number) =>
  `Complete as of checkpoint ${size}: the public log proves no entry of this piece is left out.`;

export const CONSISTENCY_REFUSALS: Record<Failed<ConsistencyVerdict>, string> = {
  'checkpoint-invalid': 'Warning: the log’s new checkpoint is not a signed checkpoint.',
  'checkpoint-wrong-origin': 'Warning: the log’s new checkpoint is of another log than the shop’s.',
  'signature-invalid': 'Warning: a signature of the log’s new checkpoint fails.',
  'unknown-key': 'Warning: no published key signed the log’s new checkpoint.',
  'cosignature-invalid': 'Warning: a witness’s cosignature of the log’s new checkpoint fails.',
  'policy-invalid': 'Warning: the shop’s published witness policy is unreadable.',
  rewritten: 'Warning: the history was rewritten: the log no longer extends the one this page saw before.',
  fork: 'Warning: the log is forked: it shows another history than the one this page saw at the same size.',
};

/** The piece as its verified certificate describes it: never its internal id alone. */
export interface PieceWords {
  /** The piece's name and colours (the certificate's `description`). */
  description: string;
  collection: string;
  number: number;
  of: number;
}

/** `Soirée collection, piece 8 of 12`: the line under the piece's name. */
export const pieceInCollection = ({ collection, number, of }: PieceWords) =>
  `${collection} collection, piece ${number} of ${of}`;

/**
 * The page's headline for the fragment. A resale proof carries only the piece's internal id: the
 * piece is named once its certificate is read online (`piece`), and is "this piece" until then.
 */
export function fragmentSentence(verdict: FragmentVerdict, piece?: PieceWords): string {
  if (!verdict.ok) return FRAGMENT_REFUSALS[verdict.reason];
  if (verdict.kind === 'code')
    return `Authentic: piece ${verdict.number} of ${verdict.of} of collection ${verdict.collection}, issued on ${dayText(verdict.issued)}.`;
  const owned = piece
    ? `“${piece.description}”, piece ${piece.number} of ${piece.of} of collection ${piece.collection},`
    : 'this piece';
  return `Authentic: the holder of this link owns ${owned} since ${monthText(verdict.since)}; valid until ${dayText(verdict.expires)} (00:00 UTC).`;
}

/** What to do when the page says anything but "Authentic" (the shop's address follows each). */
export const NEXT_STEPS = {
  forged:
    'What to do: do not buy this piece, and do not accept this card or link as its passport. Send the link you opened to the shop, which will say whether it issued it and report the forgery.',
  reported:
    'What to do: do not buy this piece. If it is offered to you, or you hold it, send the link you opened to the shop, which will tell its owner.',
  doubtful:
    'What to do: do not buy this piece or rely on this passport until the shop has answered. Send it the link you opened.',
  voided:
    'What to do: ask the seller for a new resale proof, made after the piece changed hands; without one, do not buy it.',
} as const;

export type NextStep = keyof typeof NEXT_STEPS;

/** The next step for a fragment refused offline: a forged or altered code, a void proof; none for a mistyped link. */
export function refusalStep(verdict: FragmentVerdict): NextStep | undefined {
  if (verdict.ok) return undefined;
  if (verdict.reason === 'voided') return 'voided';
  if (verdict.reason === 'not-a-code' || verdict.reason === 'expired') return undefined;
  return 'forged';
}

/** How the page names the shop's address after a next step. */
export const WRITE_TO = 'Write to the shop:';

export interface PhotoCheck {
  /** 1-based. */
  index: number;
  of: number;
  result: 'matches' | 'differs' | 'unreadable';
}

export function photoSentence({ index, of, result }: PhotoCheck): string {
  const which = `Photograph ${index} of ${of}`;
  if (result === 'matches') return `${which} matches its certificate.`;
  if (result === 'differs')
    return `${which} does not match its certificate: it is not the photograph certified.`;
  return `${which} could not be loaded, so it was not checked.`;
}

/** What a verified history says of the piece, one sentence each (the warning of a loss apart). */
export function historySentences(history: Extract<HistoryVerdict, { ok: true }>): string[] {
  const transfers =
    history.transfers === 0
      ? 'Never transferred.'
      : `Transferred ${history.transfers === 1 ? 'once' : `${history.transfers} times`}, last on ${dayText(history.last ?? '')}.`;
  const sold = history.sold
    ? history.draws.length > 0
      ? 'Sold by the shop by a release draw anyone can recompute.'
      : 'Sold by the shop.'
    : 'Not sold yet: still with the shop.';
  return [sold, transfers];
}

/**
 * Who witnessed the checkpoint the history is proven against: "witnessed by …" when the
 * published policy's quorum cosigned it, "not yet witnessed" (a warning) when fewer did; nothing
 * when the shop publishes no policy.
 */
export function witnessSentence(
  size: number,
  { cosigned, witnessed, quorum }: Extract<HistoryVerdict, { ok: true }>['witnesses'],
): { tone: 'good' | 'warn'; text: string } | undefined {
  if (quorum.n === 0 && quorum.k === 0) return undefined;
  const names = cosigned.map((c) => c.name);
  const list = names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  if (witnessed)
    return {
      tone: 'good',
      text: `The log’s checkpoint ${size} is witnessed by ${list || 'no one (none needed)'}.`,
    };
  return {
    tone: 'warn',
    text: `The log’s checkpoint ${size} is not yet witnessed: ${quorum.k} of its ${quorum.n} witnesses must cosign it, ${names.length === 0 ? 'none has' : `only ${list} ${names.length === 1 ? 'has' : 'have'}`} yet.`,
  };
}

/** The headline of a piece reported lost or stolen: never "Authentic", whatever its signature. */
export function reportedSentence(verdict: Extract<FragmentVerdict, { ok: true; kind: 'code' }>): string {
  return `Reported stolen or lost: piece ${verdict.number} of ${verdict.of} of collection ${verdict.collection} was reported lost or stolen by its owner and not found since; do not buy it, contact the shop.`;
}

/** What the shop's status list says of the piece (docs/passport.md, Lost or stolen). */
export const STATUS_SENTENCES = {
  clear: 'Not reported lost or stolen: the shop’s signed status list shows no report for this piece.',
  reported: 'The shop’s signed status list shows this piece reported lost or stolen.',
  none: 'This certificate was issued before the shop’s status list: whether the piece is reported lost or stolen was read from the public log only.',
  unread:
    'Whether the piece is reported lost or stolen was not checked: the shop’s status list could not be read.',
} as const;

const STATUS_NOT_CHECKED = 'Whether the piece is reported lost or stolen was not checked:';
export const STATUS_REFUSALS: Record<Failed<StatusVerdict>, string> = {
  'not-a-status-list': `${STATUS_NOT_CHECKED} the shop’s status list is not a valid status list.`,
  'unknown-key': `${STATUS_NOT_CHECKED} the shop’s status list is signed with a key the shop has never published.`,
  'signature-invalid': `${STATUS_NOT_CHECKED} the signature of the shop’s status list does not match its contents.`,
  'key-not-valid-then': `${STATUS_NOT_CHECKED} the status list’s key was not the shop’s signing key on the day it was made.`,
  'wrong-issuer': `${STATUS_NOT_CHECKED} the status list names another issuer than this shop.`,
  'wrong-list': `${STATUS_NOT_CHECKED} the certificate names another status list than the shop’s.`,
  'index-out-of-range': `${STATUS_NOT_CHECKED} the status list has no entry for this certificate.`,
};

export const LOST_WARNING =
  'Warning: its owner reported this piece lost or stolen. Do not buy it; contact the shop.';

/** The online checks that could not be done, said in one sentence (offline, or the shop unreachable). */
export function notCheckedSentence(checks: string[]): string {
  const list =
    checks.length <= 1 ? (checks[0] ?? '') : `${checks.slice(0, -1).join(', ')} and ${checks.at(-1)}`;
  return `Offline: ${list} ${checks.length === 1 ? 'was' : 'were'} not checked (the signature was, with the keys this page keeps).`;
}

export const ONLINE_CHECKS = {
  code: ['the certificate', 'the photographs', 'the history'],
  proof: ['whether the proof still stands', 'the history'],
} as const;
