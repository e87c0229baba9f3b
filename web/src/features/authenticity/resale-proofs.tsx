import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { PROOF_DAYS } from '#shared/passport-limits.ts';
import { CopyButton } from '../../components/copy-button.tsx';
import { LazyQrCode } from '../../components/lazy-qr-code.tsx';
import { failureMessage } from './api.ts';
import { makeProof, type OwnerPassport, type OwnerProof, passportQueryKey } from './passport-api.ts';
import { passportDay, passportMonth } from './passport-dates.ts';

/** How a proof's state reads to its owner. */
const STATE_WORDS: Record<OwnerProof['state'], string> = {
  valid: 'valid',
  voided: 'void',
  expired: 'expired',
};

/**
 * Resale proofs: the owner makes a signed link for a buyer ("the holder of this link owns the
 * piece since …"), valid for the days they choose; each is void once the piece is transferred.
 */
export function ResaleProofs({ passport }: { passport: OwnerPassport }) {
  const base = useId();
  const queryClient = useQueryClient();
  const [days, setDays] = useState(String(7));
  const [made, setMade] = useState<OwnerProof>();
  const [error, setError] = useState<{ text: string; attempt: number }>();
  const [sending, setSending] = useState(false);

  const make = async (event: FormEvent) => {
    event.preventDefault();
    setSending(true);
    setError(undefined);
    try {
      // Whatever was typed goes to the server, whose message says what is allowed.
      const { proof } = await makeProof(days.trim() === '' ? Number.NaN : Number(days));
      setMade(proof);
      await queryClient.invalidateQueries({ queryKey: passportQueryKey });
    } catch (failure) {
      setError((e) => ({ text: failureMessage(failure), attempt: (e?.attempt ?? 0) + 1 }));
    } finally {
      setSending(false);
    }
  };

  return (
    <section className="passport-part" aria-labelledby={`${base}-title`}>
      <h3 id={`${base}-title`} className="passport-part-title">
        resale proofs
      </h3>
      <p className="portal-text">
        Selling the piece? Give a buyer a proof that you own it: a signed link that says since when, and stops
        working on the day you choose, or as soon as the piece is transferred.
      </p>
      <form className="passport-proof-form" onSubmit={make} noValidate>
        <div className="portal-field">
          <label htmlFor={`${base}-days`}>days the proof lasts</label>
          <p id={`${base}-hint`} className="portal-hint">
            from {PROOF_DAYS.min} to {PROOF_DAYS.max} days
          </p>
          <input
            id={`${base}-days`}
            type="number"
            inputMode="numeric"
            min={PROOF_DAYS.min}
            max={PROOF_DAYS.max}
            step={1}
            value={days}
            aria-invalid={error ? 'true' : undefined}
            aria-describedby={`${base}-hint`}
            onChange={(event) => setDays(event.target.value)}
          />
        </div>
        {error && (
          <div key={error.attempt} className="portal-error" role="alert">
            <p>{error.text}</p>
          </div>
        )}
        <button type="submit" className="button" disabled={sending}>
          {sending ? 'making the proof…' : 'make a resale proof'}
        </button>
      </form>

      {made && <NewProof proof={made} />}

      {passport.proofs.length > 0 && (
        <>
          <h4 className="passport-list-title">your proofs</h4>
          <ul className="passport-proofs" aria-label="your resale proofs">
            {passport.proofs.map((proof) => (
              <li key={proof.id} className={`passport-proof passport-proof-${proof.state}`}>
                <span className="passport-state">{STATE_WORDS[proof.state]}</span>
                <span>
                  owner since {passportMonth(proof.since)}; {proof.state === 'expired' ? 'expired' : 'until'}{' '}
                  {passportDay(proof.expires)}
                </span>
                {proof.state === 'valid' && (
                  <a className="passport-open" href={proof.url}>
                    open this proof
                    <span className="visually-hidden"> (valid until {passportDay(proof.expires)})</span>
                  </a>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

/** The proof just made: its link, its QR and when it stops. */
function NewProof({ proof }: { proof: OwnerProof }) {
  return (
    <div className="passport-new-proof" role="status">
      <p className="passport-made">
        your proof is ready. it is valid until {passportDay(proof.expires)} (00:00 UTC), unless the piece is
        transferred first.
      </p>
      <div className="passport-code">
        <LazyQrCode text={proof.url} label="QR code of the resale proof" className="qr-code passport-qr" />
        <div className="passport-code-text">
          <a className="passport-link" href={proof.url}>
            {proof.url}
          </a>
          <div className="passport-row">
            <CopyButton text={proof.url} label="copy the proof's link" />
          </div>
        </div>
      </div>
    </div>
  );
}
