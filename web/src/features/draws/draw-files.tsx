import { useHydrated } from '../../lib/hydrated.ts';
import type { PublicDraw } from './api.ts';

/** Drawn (or empty): the result file exists. */
const hasResult = (draw: PublicDraw) =>
  draw.state === 'drawn' || draw.state === 'empty' || draw.state === 'settled';

/**
 * The draw's public files and how anyone checks them: the list, the result, the standalone script
 * and the algorithm; with the entrant's `salt`, the command that finds their line.
 */
export function DrawFiles({ draw, salt, titleId }: { draw: PublicDraw; salt?: string; titleId: string }) {
  // The shop's own address once in the browser; a page rendered ahead of time (issue 47) names the
  // files by their paths until it is hydrated.
  const origin = useHydrated() ? window.location.origin : '';
  const command = [
    'node recompute.mjs',
    `${origin}${draw.files.entries}`,
    `${origin}${draw.files.result}`,
    `--salt ${salt ?? '<your salt>'}`,
  ].join(' ');
  return (
    <section className="draw-files" aria-labelledby={titleId}>
      <h2 id={titleId} className="checkout-section-title">
        check the draw yourself
      </h2>
      <p>
        Anyone can check that the winner was drawn fairly: the list of entries and the result are published,
        with a script that draws the winner again from them.
      </p>
      <details className="draw-checked">
        <summary>how this draw is checked</summary>
        <ul className="draw-file-links">
          <li>
            {draw.listHash ? (
              <a href={draw.files.entries}>the list of entries</a>
            ) : (
              <span className="draw-muted">the list of entries: published when the window closes</span>
            )}
          </li>
          <li>
            {draw.roundDrawn !== undefined ? (
              <a href={draw.files.witnessed}>the list's witnessing: its log entry and cosigned checkpoint</a>
            ) : (
              <span className="draw-muted">
                the list's witnessing: published once the log's witnesses cosign it
              </span>
            )}
          </li>
          <li>
            {hasResult(draw) ? (
              <a href={draw.files.result}>the result</a>
            ) : (
              <span className="draw-muted">the result: published once the beacon's round is out</span>
            )}
          </li>
          <li>
            <a href={draw.files.script} download="recompute.mjs">
              the script (recompute.mjs)
            </a>
          </li>
          <li>
            <a href={draw.files.algorithm}>the algorithm</a>
          </li>
        </ul>
        <p>
          With Node 18 or later and nothing to install, download the script and run it: it recomputes the
          winner from the list and the result, checks that the list was in the shop's log and cosigned by its
          witnesses before the beacon's round, and tells you where your entry came. Add{' '}
          <code>--beacon https://api.drand.sh</code> to check the beacon's round with drand too.
        </p>
        <pre className="draw-command">
          <code>{command}</code>
        </pre>
      </details>
    </section>
  );
}
