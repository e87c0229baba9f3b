import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { failureMessage } from './api.ts';
import { type OwnerPassport, passportQueryKey, reportLost } from './passport-api.ts';

/**
 * Lost or stolen: the owner reports the piece so (anyone checking its passport online sees it,
 * and no transfer goes through while it stands), or marks it found; each after a confirm step.
 */
export function LostReport({ passport }: { passport: OwnerPassport }) {
  const base = useId();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string>();
  const lost = passport.lost;

  const send = async () => {
    setSending(true);
    setError(undefined);
    try {
      const answer = await reportLost(!lost);
      queryClient.setQueryData(passportQueryKey, { ...passport, lost: answer.lost });
    } catch (failure) {
      setError(failureMessage(failure));
    } finally {
      setSending(false);
      setAsking(false);
    }
    // Either way, the state as the server now holds it (a refusal may mean it changed elsewhere).
    await queryClient.invalidateQueries({ queryKey: passportQueryKey });
  };

  return (
    <section className="passport-part" aria-labelledby={`${base}-title`}>
      <h3 id={`${base}-title`} className="passport-part-title">
        lost or stolen
      </h3>
      <p className={lost ? 'passport-lost' : 'portal-text'} role="status">
        {lost
          ? 'this piece is reported lost or stolen. anyone who checks its passport online sees so, and it cannot be transferred until you mark it found.'
          : 'this piece is not reported lost or stolen.'}
      </p>
      {error && (
        <div className="portal-error" role="alert">
          <p>{error}</p>
        </div>
      )}
      <div className="passport-row">
        <button
          type="button"
          className="button button-quiet"
          onClick={() => setAsking(true)}
          disabled={sending}
        >
          {lost ? 'mark found' : 'report lost or stolen'}
        </button>
      </div>
      <ConfirmDialog
        open={asking}
        busy={sending}
        title={lost ? 'mark this piece found?' : 'report this piece lost or stolen?'}
        confirm={lost ? 'mark found' : 'report lost or stolen'}
        busyLabel="one moment…"
        onConfirm={() => void send()}
        onCancel={() => setAsking(false)}
      >
        <p>
          {lost
            ? 'the public log records that it was found, its passport no longer says lost or stolen, and it can be transferred again.'
            : 'the public log records the report. anyone who checks its passport online will see it, and the piece cannot be transferred until you mark it found.'}
        </p>
      </ConfirmDialog>
    </section>
  );
}
