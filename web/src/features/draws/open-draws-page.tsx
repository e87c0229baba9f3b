import './draws.css';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { MEMBERSHIP_PAGE } from '#shared/membership.ts';
import { windowInWords } from '#shared/time-words.ts';
import { Loading, Page } from '../../components/page.tsx';
import { Picture } from '../../components/picture.tsx';
import { ZonedTime } from '../../components/zoned-time.tsx';
import { useNow } from '../../lib/render-clock.tsx';
import { type OpenDraw, openDrawsQuery } from './api.ts';

/** The pictures' box: the catalogue's portrait 4:5, so nothing moves when they arrive. */
const PICTURE_WIDTH = 400;
const PICTURE_HEIGHT = 500;

/**
 * /draws (issue 45): the release draws open now and to come, each with its piece, its window in
 * the shop's zone and a link to its page. Members enter; anyone may look.
 */
export function OpenDrawsPage() {
  const draws = useQuery(openDrawsQuery());
  const now = new Date(useNow());
  const open = draws.data?.filter((d) => Date.parse(d.opensAt) <= now.getTime()) ?? [];
  const coming = draws.data?.filter((d) => Date.parse(d.opensAt) > now.getTime()) ?? [];
  return (
    <Page title="Release draws">
      <p className="draws-lead">
        Some pieces are released by draw: members enter during the draw's window, and one entrant, drawn at
        random, may buy the piece. Members only: <Link to={MEMBERSHIP_PAGE}>become a member</Link> to be
        invited to every draw.
      </p>
      {draws.isPending && <Loading />}
      {draws.isError && (
        <p className="checkout-notice" role="alert">
          the draws could not be read. please try again.
        </p>
      )}
      {draws.data && draws.data.length === 0 && (
        <p className="draws-none">
          No draw is open or announced just now. Members are mailed when one opens.
        </p>
      )}
      {open.length > 0 && <DrawList title="open now" draws={open} now={now} priority />}
      {coming.length > 0 && <DrawList title="coming" draws={coming} now={now} />}
    </Page>
  );
}

function DrawList({
  title,
  draws,
  now,
  priority = false,
}: {
  title: string;
  draws: OpenDraw[];
  now: Date;
  priority?: boolean;
}) {
  return (
    <section className="draws-section" aria-label={title}>
      <h2 className="draws-section-title">{title}</h2>
      <ul className="draws-list">
        {draws.map((d, i) => (
          <li key={d.drawId} className="draws-item">
            <Link to={`/draw/${d.drawId}`} className="draws-card">
              <span className="draws-picture">
                {d.picture && (
                  <Picture
                    url={d.picture}
                    alt=""
                    sizes="(max-width: 600px) 40vw, 200px"
                    priority={priority && i === 0}
                    width={PICTURE_WIDTH}
                    height={PICTURE_HEIGHT}
                  />
                )}
              </span>
              <span className="draws-words">
                <span className="draws-name">{d.pieceName}</span>
                <ZonedTime
                  className="draws-window"
                  at={d.opensAt}
                  words={windowInWords(d.opensAt, d.closesAt, now)}
                />
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
