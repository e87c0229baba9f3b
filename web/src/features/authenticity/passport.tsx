import { useQuery } from '@tanstack/react-query';
import { failureMessage } from './api.ts';
import { LostReport } from './lost-report.tsx';
import { OwnerKey } from './owner-key.tsx';
import { passportQuery } from './passport-api.ts';
import { PassportCode } from './passport-code.tsx';
import { PassportPhotos } from './passport-photos.tsx';
import { ResaleProofs } from './resale-proofs.tsx';
import './passport.css';

/**
 * The owner's passport (docs/passport.md) on their page: the card's code, the photographs its
 * certificate names, their owner key, resale proofs for a buyer, and the lost-or-stolen report.
 */
export function PassportSection() {
  const passport = useQuery(passportQuery());
  return (
    <section className="passport" aria-labelledby="passport-title">
      <h2 id="passport-title" className="portal-panel-title">
        passport
      </h2>
      {passport.isPending && (
        <p className="portal-text" role="status">
          loading the passport…
        </p>
      )}
      {passport.isError && (
        <>
          <div className="portal-error" role="alert">
            <p>{failureMessage(passport.error)}</p>
          </div>
          <button type="button" className="button button-quiet" onClick={() => void passport.refetch()}>
            try again
          </button>
        </>
      )}
      {passport.data && (
        <>
          <PassportCode passport={passport.data} />
          <PassportPhotos passport={passport.data} />
          <ResaleProofs passport={passport.data} />
          <LostReport passport={passport.data} />
          <OwnerKey passport={passport.data} />
        </>
      )}
    </section>
  );
}
