import { useId, useState } from 'react';
import type { OwnerPassport } from './passport-api.ts';

/**
 * The owner's key (the salt of their commitment in the public log): hidden until asked for, and
 * never put in an address.
 */
export function OwnerKey({ passport }: { passport: OwnerPassport }) {
  const id = useId();
  const [shown, setShown] = useState(false);
  return (
    <section className="passport-part" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="passport-part-title">
        your owner key
      </h3>
      <p className="portal-text">
        The public log records each owner of this piece only as a sealed value. This key alone opens yours:
        with it you can show that the entry is you, without the log ever holding your name or email. Keep it
        private; a new owner gets a new key.
      </p>
      <div className="passport-row">
        <button
          type="button"
          className="button button-quiet"
          aria-pressed={shown}
          aria-controls={`${id}-key`}
          onClick={() => setShown((s) => !s)}
        >
          {shown ? 'hide' : 'show'}
          <span className="visually-hidden"> your owner key</span>
        </button>
      </div>
      <p id={`${id}-key`} className="passport-secret" aria-live="polite">
        {shown ? <code>{passport.ownerSalt}</code> : <span className="passport-muted">hidden</span>}
      </p>
    </section>
  );
}
