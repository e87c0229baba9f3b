import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Picture } from '../../components/picture.tsx';
import { cardQueryKey, failureMessage, logOut, type PortalCard } from './api.ts';
import { PortalHeading } from './fields.tsx';
import { PassportSection } from './passport.tsx';
import { WithCard } from './session.tsx';
import './authenticity.css';

/** The photos fill the page's column on a phone, two to a row from 640 px (authenticity.css). */
const PHOTO_SIZES = '(min-width: 640px) 17rem, calc(100vw - 3rem)';

/**
 * /authenticity/showingcard (001 §2): the logged-in owner's piece — its name, the collection's
 * words for owners, the authenticity photographs, the registered owner, its passport (issue 37)
 * — with the ways on: transfer ownership, log out.
 */
export function ShowingCard() {
  return <WithCard>{(card) => <CardView card={card} />}</WithCard>;
}

function CardView({ card }: { card: PortalCard }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [leaving, setLeaving] = useState(false);
  const [error, setError] = useState<string>();
  const count = card.photos.length;

  const leave = async () => {
    setLeaving(true);
    setError(undefined);
    try {
      await logOut();
    } catch (failure) {
      setError(failureMessage(failure));
      setLeaving(false);
      return;
    }
    // In this order: while still shown, this screen would ask for the card again.
    await navigate('/authenticity', { replace: true });
    queryClient.removeQueries({ queryKey: cardQueryKey });
  };

  return (
    <main className="portal-page portal-card">
      <PortalHeading kicker="certificate of authenticity" title={card.name} />
      <p className="portal-verified">
        <span className="portal-seal" aria-hidden="true" />
        recorded in the One of One Luxury authenticity register
      </p>
      {card.authPortalText.trim() && <p className="portal-lead portal-collection">{card.authPortalText}</p>}

      {count === 0 && (
        <p className="portal-text">No authenticity photographs are recorded for this piece yet.</p>
      )}
      {count > 0 && (
        <section aria-label="authenticity photographs">
          <ul className="portal-photos">
            {card.photos.map((photo, i) => (
              <li key={photo.id}>
                <figure className="portal-photo">
                  <Picture
                    url={photo.url}
                    src={photo.url}
                    signedSet={photo.srcset}
                    sizes={PHOTO_SIZES}
                    alt={`authenticity photograph ${i + 1} of ${count} of ${card.name}`}
                  />
                  <figcaption aria-hidden="true">
                    {i + 1} / {count}
                  </figcaption>
                </figure>
              </li>
            ))}
          </ul>
        </section>
      )}

      {card.email && (
        <dl className="portal-record">
          <div>
            <dt>registered owner</dt>
            <dd>{card.email}</dd>
          </div>
        </dl>
      )}

      <PassportSection />

      {error && (
        <div className="portal-error" role="alert">
          <p>{error}</p>
        </div>
      )}
      <div className="portal-actions">
        <Link to="/authenticity/transfer" className="link-button">
          transfer ownership
        </Link>
        <button type="button" className="button button-quiet" onClick={() => void leave()} disabled={leaving}>
          {leaving ? 'one moment…' : 'log out'}
        </button>
      </div>
    </main>
  );
}
