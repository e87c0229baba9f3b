import './draws.css';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router-dom';
import { adminGet } from '../api.ts';
import { choicesOf, SelectField } from '../kit/fields.tsx';
import { CardTable } from '../kit/table.tsx';
import { VancouverTimeField } from '../kit/vancouver-time-field.tsx';
import { AdminPage, ErrorText, Loading, StatusText, vancouverTime } from '../ui.tsx';
import { type CreateDraw, countsText, createDraws, drawsQuery, refusalsText } from './api.ts';
import { PiecePicker } from './piece-picker.tsx';

type Offers = 'piece' | 'collection';

/**
 * /view-draws (issue 35): release a piece, or every available piece of a collection, by draw
 * with its entry window; the draws, newest first, with their entries by state, refusals by
 * reason and what their settlement did.
 */
export function ViewDraws() {
  return (
    <AdminPage title="release draws">
      <CreateDrawForm />
      <DrawList />
    </AdminPage>
  );
}

function CreateDrawForm() {
  const queryClient = useQueryClient();
  const [offers, setOffers] = useState<Offers>('piece');
  const [pid, setPid] = useState('');
  const [typeId, setTypeId] = useState('');
  const [opensAt, setOpensAt] = useState('');
  const [closesAt, setClosesAt] = useState('');
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');
  const [busy, setBusy] = useState(false);
  const types = useQuery({
    queryKey: ['admin', 'typelist'],
    queryFn: async () => (await adminGet('/typelist')).types,
    enabled: offers === 'collection',
  });

  const create = async (event: FormEvent) => {
    event.preventDefault();
    setError('');
    setNotice('');
    if (offers === 'piece' && !pid) return setError('choose the piece.');
    if (!closesAt) return setError('give the time the entries close.');
    const window = { opensAt: opensAt || new Date().toISOString(), closesAt };
    const body: CreateDraw = offers === 'piece' ? { pid, ...window } : { typeId, ...window };
    setBusy(true);
    try {
      const answer = await createDraws(body);
      const skipped = answer.skipped.map((s) => `${s.pid}: ${s.reason}`).join('; ');
      setNotice(
        `${answer.draws.length} draw${answer.draws.length === 1 ? '' : 's'} created.${skipped ? ` not offered: ${skipped}` : ''}`,
      );
      setPid('');
      await queryClient.invalidateQueries({ queryKey: ['admin', 'draws'] });
    } catch (reason) {
      setError((reason as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={create} aria-label="new draw">
      <h2>release by draw</h2>
      <SelectField<Offers>
        label="offer"
        value={offers}
        onChange={setOffers}
        choices={[
          ['piece', 'one piece'],
          ['collection', 'every available piece of a collection'],
        ]}
      />
      {offers === 'piece' ? (
        <PiecePicker value={pid} onChange={setPid} />
      ) : (
        <SelectField
          label="collection"
          value={typeId}
          onChange={setTypeId}
          choices={choicesOf(types.data)}
          blank="choose…"
          required
        />
      )}
      <VancouverTimeField label="entries open" hint="blank: at once" value={opensAt} onChange={setOpensAt} />
      <VancouverTimeField label="entries close" value={closesAt} onChange={setClosesAt} required />
      <button type="submit" disabled={busy}>
        create the draw
      </button>
      <ErrorText>{error}</ErrorText>
      <StatusText>{notice}</StatusText>
    </form>
  );
}

function DrawList() {
  const draws = useQuery(drawsQuery());
  return (
    <section aria-labelledby="draws-list">
      <h2 id="draws-list">draws</h2>
      {draws.isPending && <Loading />}
      <ErrorText>{draws.error?.message}</ErrorText>
      {draws.data && draws.data.length === 0 && <p className="adm-muted">no draws yet.</p>}
      {draws.data && draws.data.length > 0 && (
        <CardTable
          beside
          columns={['piece', 'closes (Vancouver)', 'state', 'entries', 'refusals', 'settled']}
        >
          {draws.data.map((d) => (
            <tr key={d.draw.drawId}>
              <td data-label="piece">
                <Link to={`/view-draw/${d.draw.drawId}`}>{d.draw.pieceName}</Link>{' '}
                <span className="adm-muted">{d.draw.pid}</span>
              </td>
              <td data-label="closes">{vancouverTime(d.draw.closesAt)}</td>
              <td data-label="state">{d.draw.state}</td>
              <td data-label="entries">{countsText(d.counts)}</td>
              <td data-label="refusals">{refusalsText(d.refusals)}</td>
              <td data-label="settled">
                captured {d.captured}, cancelled {d.cancelled}, mailed {d.mailed}
              </td>
            </tr>
          ))}
        </CardTable>
      )}
    </section>
  );
}
