import type { PublicDraw } from './api.ts';
import { localDateTime, localTime } from './draw-time.ts';

/** Why a closed draw waits for its beacon round, in words. */
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

/** Where the draw stands, in words: its window, the fixed list, the round it waits for, the winning line. */
export function DrawStatus({ draw, titleId }: { draw: PublicDraw; titleId: string }) {
  const now = Date.now();
  return (
    <section className="draw-status" aria-labelledby={titleId}>
      <h2 id={titleId} className="checkout-section-title">
        where the draw stands
      </h2>
      <dl className="checkout-rows draw-window">
        <div className="checkout-row">
          <dt>opens</dt>
          <dd>
            <time dateTime={draw.opensAt}>{localDateTime(draw.opensAt)}</time>
          </dd>
        </div>
        <div className="checkout-row">
          <dt>closes</dt>
          <dd>
            <time dateTime={draw.closesAt}>{localDateTime(draw.closesAt)}</time>
          </dd>
        </div>
      </dl>
      <StateWords draw={draw} now={now} />
    </section>
  );
}

function StateWords({ draw, now }: { draw: PublicDraw; now: number }) {
  switch (draw.state) {
    case 'open':
      if (now < Date.parse(draw.opensAt))
        return <p className="draw-state">the draw opens on {localDateTime(draw.opensAt)}.</p>;
      if (now < Date.parse(draw.closesAt))
        return (
          <p className="draw-state">
            the draw is open: members enter until {localDateTime(draw.closesAt)}. one entry per person; the
            card or PayPal authorises the amount now; it is charged only if it wins.
          </p>
        );
      return <p className="draw-state">the window has closed: the list of entries is being fixed.</p>;
    case 'closing':
    case 'closed':
      return (
        <div className="draw-state">
          <p>
            the list is fixed{draw.entries !== undefined ? `: ${draw.entries} entries` : ''}. no entry can be
            made or withdrawn any more.
          </p>
          {draw.round !== undefined && draw.roundDrawn === undefined && (
            <p>
              the list is being witnessed: its hash is in the shop's public log, and the log's independent
              witnesses cosign it before the beacon's round {draw.round} is out
              {draw.waitingSince && (
                <>
                  {' '}
                  (waiting since <time dateTime={draw.waitingSince}>{localTime(draw.waitingSince)}</time>)
                </>
              )}
              .
            </p>
          )}
          {draw.roundDrawn !== undefined && (
            <p>
              the list is witnessed.{' '}
              {draw.round !== undefined && draw.roundDrawn > draw.round
                ? `it was witnessed after round ${draw.round} was out, so the draw takes the later round ${draw.roundDrawn}, never an earlier one. `
                : ''}
              the draw waits for the beacon's round {draw.roundDrawn}
              {draw.waitingSince && (
                <>
                  {' '}
                  since <time dateTime={draw.waitingSince}>{localTime(draw.waitingSince)}</time>
                </>
              )}
              . {WAITING_WHY[draw.beaconState === 'unreachable' ? 'unreachable' : 'not-yet']}
            </p>
          )}
          {draw.listHash && <HashLine label="the list's hash" value={draw.listHash} />}
        </div>
      );
    case 'empty':
      return (
        <div className="draw-state">
          <p>the draw is over: nobody entered, so there is no winner.</p>
          {draw.listHash && <HashLine label="the list's hash" value={draw.listHash} />}
        </div>
      );
    default:
      return (
        <div className="draw-state">
          <p>
            the draw is {draw.state === 'settled' ? 'over' : 'drawn'}: {draw.entries ?? 0} entries, beacon
            round {draw.roundDrawn ?? draw.round}.
          </p>
          {draw.winner && <HashLine label="the winning line" value={draw.winner} />}
          {draw.listHash && <HashLine label="the list's hash" value={draw.listHash} />}
        </div>
      );
  }
}

/** A long hex value on a line of its own, breaking anywhere on a phone. */
export function HashLine({ label, value }: { label: string; value: string }) {
  return (
    <p className="draw-hash-line">
      <span className="draw-hash-label">{label}</span> <code className="draw-hash">{value}</code>
    </p>
  );
}
