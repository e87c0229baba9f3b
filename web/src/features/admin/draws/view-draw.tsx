import '../products/products.css';
import './draws.css';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { adminOrderPage } from '#shared/admin.ts';
import type { DrawCheck } from '#shared/draw/result.ts';
import { AdminPage, ErrorText, Loading, StatusText, vancouverTime } from '../ui.tsx';
import { type AdminDraw, adminDrawQuery, countsText, refusalsText, replayDraw } from './api.ts';

/**
 * /view-draw/:drawId: one draw for staff — its window, state, counts and refusals, its published
 * list and result, and a replay that checks those two files in this browser.
 */
export function ViewDraw() {
  const { drawId = '' } = useParams();
  const draw = useQuery(adminDrawQuery(drawId));
  return (
    <AdminPage title="release draw" actions={<Link to="/view-draws">all draws</Link>}>
      {draw.isPending && <Loading />}
      <ErrorText>{draw.error?.message}</ErrorText>
      {draw.data && <DrawFacts data={draw.data} />}
    </AdminPage>
  );
}

function DrawFacts({ data }: { data: AdminDraw }) {
  const { draw } = data;
  const facts: [string, string][] = [
    ['piece', `${draw.pieceName} (${draw.pid})`],
    ['entries open (Vancouver)', vancouverTime(draw.opensAt)],
    ['entries close (Vancouver)', vancouverTime(draw.closesAt)],
    ['state', draw.state],
    ['entries', countsText(data.counts)],
    ['refusals', refusalsText(data.refusals)],
    ['settlement', `captured ${data.captured}, cancelled ${data.cancelled}, mailed ${data.mailed}`],
    ...(draw.round !== undefined ? ([['beacon round', String(draw.round)]] as [string, string][]) : []),
    ...(draw.beaconState
      ? ([['waiting', `${draw.beaconState} since ${draw.waitingSince}`]] as [string, string][])
      : []),
    ...(draw.listHash ? ([["list's hash", draw.listHash]] as [string, string][]) : []),
    ...(draw.winner
      ? ([['winner', data.winnerName ?? 'the entrant gave no name']] as [string, string][])
      : []),
  ];
  const published = draw.state === 'drawn' || draw.state === 'settled' || draw.state === 'empty';
  return (
    <>
      <dl className="adm-products-facts-list">
        {facts.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd className="adm-draw-value">{value}</dd>
          </div>
        ))}
      </dl>
      {data.sale && (
        <p>
          sold to {data.sale.name}: <Link to={adminOrderPage(data.sale.checkoutCode)}>the order to ship</Link>
        </p>
      )}
      {draw.winner && (
        <details className="adm-draw-line">
          <summary>the winning line, to check against the published files</summary>
          <p className="adm-draw-value">{draw.winner}</p>
        </details>
      )}
      <ul className="adm-menu">
        <li>
          <a href={`/draw/${draw.drawId}`}>the draw's public page</a>
        </li>
        {draw.listHash && (
          <li>
            <a href={draw.files.entries}>published list (entries.txt)</a>
          </li>
        )}
        {draw.roundDrawn !== undefined && (
          <li>
            <a href={draw.files.witnessed}>published witnessing (witnessed.json)</a>
          </li>
        )}
        {published && (
          <li>
            <a href={draw.files.result}>published result (result.json)</a>
          </li>
        )}
      </ul>
      {published && <Replay files={draw.files} roundDrawn={draw.roundDrawn} />}
    </>
  );
}

function Replay({ files, roundDrawn }: { files: AdminDraw['draw']['files']; roundDrawn?: number }) {
  const [check, setCheck] = useState<DrawCheck>();
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const replay = async () => {
    setBusy(true);
    setError('');
    setCheck(undefined);
    try {
      setCheck(await replayDraw(files, roundDrawn));
    } catch (reason) {
      setError((reason as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section aria-labelledby="draw-replay">
      <h2 id="draw-replay">replay</h2>
      <p className="adm-muted">
        downloads the published list and result and recomputes the draw in this browser.
      </p>
      <button type="button" onClick={() => void replay()} disabled={busy}>
        replay
      </button>
      <ErrorText>{error}</ErrorText>
      {check && !check.ok && <ErrorText>the files disagree: {check.message}</ErrorText>}
      {check?.ok && (
        <StatusText>
          ok: the result follows from the list and the beacon round
          {check.result.order[0]
            ? `; the winning line is ${check.result.order[0]}`
            : '; no entries, no winner'}{' '}
          ({check.result.order.length} in order).
        </StatusText>
      )}
    </section>
  );
}
