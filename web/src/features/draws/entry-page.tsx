import '../../components/form-page.css';
import './draws.css';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router-dom';
import { DRAW_MESSAGES } from '#shared/contracts/draws.ts';
import { BackButton } from '../../components/back-button.tsx';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { CopyButton } from '../../components/copy-button.tsx';
import { Loading } from '../../components/page.tsx';
import { ApiError } from '../../lib/api.ts';
import { type EntryStatus, entryStatusQuery, withdrawEntry } from './api.ts';
import { DrawFiles } from './draw-files.tsx';
import { DrawStatus, HashLine, takesEntries } from './draw-status.tsx';
import { EntryPlace } from './entry-place.tsx';
import { tokenOf } from './entry-token.ts';
import { EntryWords } from './entry-words.tsx';

/**
 * /draw/:drawId/entry/:entryId#<token> (issue 35): the entrant's own page, opened from the entry
 * form or the mail. Its secret rides in the fragment (kept for this tab, so a reload works): the
 * entry's state, the salt and its line in the list, withdrawal while the window is open, the
 * outcome once drawn, and how to recompute it.
 */
export function EntryPage() {
  const { drawId = '', entryId = '' } = useParams();
  const location = useLocation();
  const [token] = useState(() => tokenOf(entryId, location.hash));
  const status = useQuery({ ...entryStatusQuery(drawId, entryId, token ?? ''), enabled: Boolean(token) });

  if (!token || status.isError) {
    const refused = status.error instanceof ApiError && status.error.status < 500;
    return (
      <main className="checkout-page checkout-narrow">
        <BackButton to={`/draw/${drawId}`} />
        <p className="checkout-notice" role="alert">
          {!token || refused
            ? `${DRAW_MESSAGES.noEntry} open the link of the mail we sent when you entered.`
            : 'your entry could not be read. please try again.'}{' '}
          <Link to={`/draw/${drawId}`}>the draw's page</Link>
        </p>
      </main>
    );
  }
  if (!status.data) {
    return (
      <main className="checkout-page checkout-narrow">
        <Loading />
      </main>
    );
  }
  return <EntryShown status={status.data} token={token} />;
}

function EntryShown({ status, token }: { status: EntryStatus; token: string }) {
  const base = useId();
  const { entry, draw } = status;
  const canWithdraw = takesEntries(draw) && (entry.state === 'entered' || entry.state === 'pending');
  return (
    <main className="checkout-page checkout-narrow draw-page">
      <BackButton to={`/draw/${draw.drawId}`} />
      <p className="checkout-kicker">your entry</p>
      <h1 className="checkout-title">{draw.pieceName}</h1>
      <hr className="checkout-rule" />
      <EntryWords status={status} />
      {entry.state === 'withdrawn' && takesEntries(draw) && (
        <p className="draw-again">
          <Link to={`/draw/${draw.drawId}`} className="link-button">
            enter again
          </Link>
        </p>
      )}
      {entry.card && (
        <p className="checkout-note draw-card">
          {entry.card.last4
            ? `card: ${entry.card.brand} ending ${entry.card.last4}${entry.card.wallet ? ` (${entry.card.wallet})` : ''}`
            : `authorised with ${entry.card.brand}`}
        </p>
      )}
      <section className="draw-salt" aria-labelledby={`${base}-salt`}>
        <h2 id={`${base}-salt`} className="checkout-section-title">
          your number in the draw
        </h2>
        <p>
          Keep this secret number: with it you, and only you, find your entry in the list published when the
          draw closes. Nobody else can tell which entry is yours.
        </p>
        <p className="draw-hash-line">
          <code className="draw-hash draw-salt-value">{entry.salt}</code>
        </p>
        <CopyButton text={entry.salt} label="copy your number" done="your number is copied." />
        {entry.state === 'entered' && <EntryPlace draw={draw} commitment={entry.commitment} />}
        <details className="draw-checked">
          <summary>how your entry is checked</summary>
          <p>
            Your number is the draw's <em>salt</em> (the script's <code>--salt</code>); your entry's line in
            the published list is its commitment:
          </p>
          <HashLine label="your line (commitment)" value={entry.commitment} />
        </details>
      </section>
      {canWithdraw && <Withdraw status={status} token={token} />}
      <DrawStatus draw={draw} titleId={`${base}-status`} />
      <DrawFiles draw={draw} salt={entry.salt} titleId={`${base}-files`} />
    </main>
  );
}

function Withdraw({ status, token }: { status: EntryStatus; token: string }) {
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const { entry, draw } = status;
  const withdraw = async () => {
    setBusy(true);
    setError('');
    try {
      const withdrawn = await withdrawEntry(draw.drawId, entry.entryId, token);
      queryClient.setQueryData(entryStatusQuery(draw.drawId, entry.entryId, token).queryKey, {
        ...status,
        entry: withdrawn,
      });
      setAsking(false);
    } catch (reason) {
      setError(reason instanceof ApiError ? reason.message : DRAW_MESSAGES.refused);
      setAsking(false);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="draw-withdraw">
      <button type="button" className="button button-quiet" onClick={() => setAsking(true)}>
        withdraw
      </button>
      {error && (
        <p className="checkout-error" role="alert">
          {error}
        </p>
      )}
      <ConfirmDialog
        open={asking}
        busy={busy}
        title="withdraw your entry?"
        confirm="withdraw"
        busyLabel="withdrawing…"
        onConfirm={() => void withdraw()}
        onCancel={() => setAsking(false)}
      >
        <p>
          Your entry leaves the draw and your card's authorisation is released. You may enter again until the
          window closes.
        </p>
      </ConfirmDialog>
    </div>
  );
}
