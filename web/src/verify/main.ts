import { parseCode } from '#shared/passport/code.ts';
import { verifyFragment } from '#shared/passport/verify.ts';
import { VERIFY_WORKER } from '../lib/service-workers.ts';
import { keepKeys, keptKeys } from './kept.ts';
import { type PinOutcome, parseKeySet, pinKeySet, pinRefusalSentence } from './key-pin.ts';
import { askPiece, checkCodeOnline, checkProofOnline, type Line } from './online.ts';
import { showChecking, showContact, showLines, showNextStep, showPiece, showVerdict } from './view.ts';
import { fragmentSentence, refusalStep, reportedSentence } from './wording.ts';
import './verify.css';

/**
 * The passport's /verify page (docs/passport.md): reads the code or resale proof from the
 * fragment (which never leaves the browser), checks its signature against the shop's pinned
 * keys and says so at once; online, it then checks the certificate, the photographs, the history
 * and the log. Its service worker keeps it usable offline.
 */
const KEYS_PATH = '/.well-known/passport-keys.json';

async function loadKeys(): Promise<{ keys?: PinOutcome['keys']; warning?: Line }> {
  const pinned = keptKeys();
  let fresh: ReturnType<typeof parseKeySet>;
  try {
    // As the page's preload asked for it (web/verify.html), so that the preloaded answer is used.
    const answer = await fetch(KEYS_PATH);
    if (answer.ok) fresh = parseKeySet(await answer.json());
  } catch {
    // Offline with no worker yet: the kept keys, if any.
  }
  if (!fresh) return { keys: pinned };
  const outcome = pinKeySet(pinned, fresh);
  if (!outcome.ok) return { keys: outcome.keys, warning: { tone: 'bad', text: pinRefusalSentence(outcome) } };
  keepKeys(outcome.keys);
  return { keys: outcome.keys };
}

async function run(): Promise<void> {
  showContact();
  // As written: the code's own fields are percent-encoded (a '%2E' is not a separator).
  const fragment = location.hash.slice(1);
  if (!fragment) {
    showVerdict('Open this page from the link or the QR code of a piece’s card.', 'none');
    return;
  }
  // The piece's answer is asked for at once; it is read only for the code the keys verify.
  const named = parseCode(fragment);
  const asked = named ? { pieceId: named.pieceId, piece: askPiece(named.pieceId) } : undefined;
  const { keys, warning } = await loadKeys();
  if (!keys) {
    showVerdict(
      'The shop’s keys could not be loaded, so nothing could be checked. Try again online.',
      'refused',
    );
    return;
  }
  const verdict = await verifyFragment(fragment, keys);
  if (!verdict.ok) {
    showVerdict(fragmentSentence(verdict), 'refused');
    if (warning) showLines([warning]);
    const step = refusalStep(verdict);
    if (step) showNextStep(step);
    return;
  }
  // An accepted code or proof is headed only with the online checks' findings (offline, without
  // them): a piece reported stolen, a void proof or a history that does not hold is never headed
  // "Authentic", not even for the moment the checks take (docs/passport.md, The verify page).
  const report =
    verdict.kind === 'code'
      ? await checkCodeOnline(verdict, keys, asked?.pieceId === verdict.pieceId ? asked.piece : undefined)
      : await checkProofOnline(fragment, verdict, keys);
  if (report.piece) showPiece(report.piece);
  const now = report.verdict ?? verdict;
  if (report.reported && verdict.kind === 'code') showVerdict(reportedSentence(verdict), 'refused');
  // A history refused, or not proven complete: never left under an "Authentic" headline.
  else if (report.warning && now.ok) showVerdict(report.warning, 'refused');
  else showVerdict(fragmentSentence(now, report.piece), now.ok ? 'authentic' : 'refused');
  if (warning) showLines([warning]);
  showLines(report.lines);
  const step = report.reported
    ? 'reported'
    : (refusalStep(now) ??
      (report.warning || report.lines.some((line) => line.tone === 'bad') ? 'doubtful' : undefined));
  if (step) showNextStep(step);
}

void run()
  .catch((error: unknown) => {
    showVerdict('The check could not be completed: reload the page to try again.', 'refused');
    console.error(error);
  })
  .finally(() => {
    showChecking(false);
    // After the verdict: on a first visit the worker's downloads do not compete with the check.
    void navigator.serviceWorker
      ?.register(VERIFY_WORKER.script, { scope: VERIFY_WORKER.scope })
      .catch(() => undefined);
  });
// Another code opened in this tab: check it afresh.
window.addEventListener('hashchange', () => location.reload());
