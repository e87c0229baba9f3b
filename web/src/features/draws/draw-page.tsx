import '../../components/form-page.css';
import './draws.css';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Link, useLocation, useParams } from 'react-router-dom';
import { DRAW_MESSAGES } from '#shared/contracts/draws.ts';
import { BackButton } from '../../components/back-button.tsx';
import { Loading } from '../../components/page.tsx';
import { ApiError } from '../../lib/api.ts';
import { useNow } from '../../lib/render-clock.tsx';
import { drawQuery } from './api.ts';
import { DrawFiles } from './draw-files.tsx';
import { DrawStatus, takesEntries } from './draw-status.tsx';
import { EntryStart } from './entry-start.tsx';
import { LinkedEntry } from './linked-entry.tsx';

/**
 * /draw/:drawId (issue 35): the piece a draw offers, its window and where it stands; while it is
 * open, the e-mail step (a link is mailed to a member's address, issue 44), or, at
 * /draw/:drawId/enter (the page the link opens), the entry form; and how anyone checks the
 * result with the published files and script.
 */
export function DrawPage() {
  const { drawId = '' } = useParams();
  const linked = useLocation().pathname.endsWith('/enter');
  const base = useId();
  const draw = useQuery(drawQuery(drawId));
  const now = useNow();

  if (draw.isPending) {
    return (
      <main className="checkout-page checkout-narrow">
        <Loading />
      </main>
    );
  }
  if (!draw.data) {
    const missing = draw.error instanceof ApiError && draw.error.status < 500;
    return (
      <main className="checkout-page checkout-narrow">
        <BackButton />
        <p className="checkout-notice" role="alert">
          {missing ? DRAW_MESSAGES.noDraw : 'the draw could not be read. please try again.'}{' '}
          <Link to="/home">return to the boutique</Link>
        </p>
      </main>
    );
  }
  const d = draw.data;
  const open = takesEntries(d, now);
  return (
    <main className={`checkout-page draw-page${open ? '' : ' checkout-narrow'}`}>
      <BackButton />
      <p className="checkout-kicker">release draw</p>
      <h1 className="checkout-title">{d.pieceName}</h1>
      <hr className="checkout-rule" />
      <DrawStatus draw={d} titleId={`${base}-status`} />
      {open && (linked ? <LinkedEntry draw={d} /> : <EntryStart draw={d} />)}
      <DrawFiles draw={d} titleId={`${base}-files`} />
    </main>
  );
}
