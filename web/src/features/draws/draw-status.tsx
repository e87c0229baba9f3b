import { momentInWords, timeInWords } from '#shared/time-words.ts';
import { Countdown } from '../../components/countdown.tsx';
import { ZonedTime } from '../../components/zoned-time.tsx';
import { useNow } from '../../lib/render-clock.tsx';
import type { PublicDraw } from './api.ts';

/** Why a closed draw waits for its beacon round, in the verifiers' words. */
const WAITING_WHY = {
  'not-yet':
    'the round is not out yet: the list named a round at least 10 seconds after it was written, so nobody could know its randomness when the list was fixed.',
  unreachable:
    'the beacon cannot be reached just now. the draw waits for that round; it never uses randomness the shop chose.',
} as const;

/** Whether entries are taken now: open, and inside its window. */
export function takesEntries(draw: PublicDraw, now = Date.now()): boolean {
  return draw.state === 'open' && Date.parse(draw.opensAt) <= now && now < Date.parse(draw.closesAt);
}

/** A time in words, in the shop's zone and naming it (shared/time-words.ts), as a <time>. */
function Moment({ at, now }: { at: string; now: Date }) {
  return <ZonedTime at={at} words={momentInWords(at, now)} />;
}

/**
 * Where the draw stands, in a shopper's words: its window, a countdown while it is open, when
 * the winner is drawn; and, for whoever checks it, the exact terms (docs/draw.md: the list's
 * hash, the beacon's round, the winning line) under "how this draw is checked".
 */
export function DrawStatus({ draw, titleId }: { draw: PublicDraw; titleId: string }) {
  const now = new Date(useNow());
  return (
    <section className="draw-status" aria-labelledby={titleId}>
      <h2 id={titleId} className="checkout-section-title">
        where the draw stands
      </h2>
      <dl className="checkout-rows draw-window">
        <div className="checkout-row">
          <dt>opens</dt>
          <dd>
            <Moment at={draw.opensAt} now={now} />
          </dd>
        </div>
        <div className="checkout-row">
          <dt>closes</dt>
          <dd>
            <Moment at={draw.closesAt} now={now} />
          </dd>
        </div>
      </dl>
      <StateWords draw={draw} now={now} />
      <CheckedDetails draw={draw} />
    </section>
  );
}

function StateWords({ draw, now }: { draw: PublicDraw; now: Date }) {
  const at = now.getTime();
  switch (draw.state) {
    case 'open':
      if (at < Date.parse(draw.opensAt))
        return (
          <div className="draw-state">
            <p>
              the draw opens on <Moment at={draw.opensAt} now={now} />.
            </p>
            <Countdown to={draw.opensAt} words="opens" />
          </div>
        );
      if (at < Date.parse(draw.closesAt))
        return (
          <div className="draw-state">
            <p>
              the draw is open: members enter until <Moment at={draw.closesAt} now={now} />. one entry per
              person; your card or PayPal authorises the amount now, and it is charged only if you win.
            </p>
            <Countdown to={draw.closesAt} words="closes" />
          </div>
        );
      return <p className="draw-state">the draw has closed: the list of entries is being fixed.</p>;
    case 'closing':
    case 'closed':
      return (
        <div className="draw-state">
          <p>
            the list is fixed{draw.entries !== undefined ? `: ${draw.entries} entries` : ''}. no entry can be
            made or withdrawn any more.
          </p>
          {draw.drawsAt && (
            <p>
              the winner is drawn at about <ZonedTime at={draw.drawsAt} words={timeInWords(draw.drawsAt)} />,
              from a public random number that nobody, the shop included, could know when the list was fixed.
              {draw.beaconState === 'unreachable'
                ? ' that number is late: the draw waits for it, and never uses one the shop chose.'
                : ''}
            </p>
          )}
        </div>
      );
    case 'empty':
      return (
        <div className="draw-state">
          <p>the draw is over: nobody entered, so there is no winner.</p>
        </div>
      );
    default:
      return (
        <div className="draw-state">
          <p>
            the draw is {draw.state === 'settled' ? 'over' : 'made'}: {draw.entries ?? 0}{' '}
            {draw.entries === 1 ? 'entry' : 'entries'}, and one winner. every entrant is told by mail and on
            their entry's page whether they won.
          </p>
        </div>
      );
  }
}

/**
 * The verifiers' words (docs/draw.md), kept exact so the draw stays checkable: the list's
 * witnessing, the beacon's round, the list's hash, the winning line.
 */
function CheckedDetails({ draw }: { draw: PublicDraw }) {
  if (!draw.listHash && draw.round === undefined) return null;
  const waiting = draw.state === 'closing' || draw.state === 'closed';
  return (
    <details className="draw-checked">
      <summary>the draw's technical details</summary>
      {waiting && draw.round !== undefined && draw.roundDrawn === undefined && (
        <p>
          the list is being witnessed: its hash is in the shop's public log, and the log's independent
          witnesses cosign it before the beacon's round {draw.round} is out
          {draw.waitingSince && (
            <>
              {' '}
              (waiting since <ZonedTime at={draw.waitingSince} words={timeInWords(draw.waitingSince)} />)
            </>
          )}
          .
        </p>
      )}
      {waiting && draw.roundDrawn !== undefined && (
        <p>
          the list is witnessed.{' '}
          {draw.round !== undefined && draw.roundDrawn > draw.round
            ? `it was witnessed after round ${draw.round} was out, so the draw takes the later round ${draw.roundDrawn}, never an earlier one. `
            : ''}
          the draw waits for the beacon's round {draw.roundDrawn}
          {draw.waitingSince && (
            <>
              {' '}
              since <ZonedTime at={draw.waitingSince} words={timeInWords(draw.waitingSince)} />
            </>
          )}
          . {WAITING_WHY[draw.beaconState === 'unreachable' ? 'unreachable' : 'not-yet']}
        </p>
      )}
      {!waiting && (draw.roundDrawn ?? draw.round) !== undefined && (
        <p>drawn with the beacon's round {draw.roundDrawn ?? draw.round} (drand).</p>
      )}
      {draw.winner && <HashLine label="the winning line" value={draw.winner} />}
      {draw.listHash && <HashLine label="the list's hash" value={draw.listHash} />}
    </details>
  );
}

/** A long hex value on a line of its own, breaking anywhere on a phone. */
export function HashLine({ label, value }: { label: string; value: string }) {
  return (
    <p className="draw-hash-line">
      <span className="draw-hash-label">{label}</span> <code className="draw-hash">{value}</code>
    </p>
  );
}
