import './finders.css';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useAction } from '../kit/action.ts';
import { Crumbs, SelectField } from '../kit/fields.tsx';
import { CardTable } from '../kit/table.tsx';
import { GENDER_NAMES } from '../kit/words.ts';
import { AdminPage, ConfirmButton, ErrorText, Loading, Pager } from '../ui.tsx';
import { type Finder, type FinderGender, findersApi, findersKey } from './api.ts';
import { deleteOrError, stepsPath, useRefresh } from './parts.tsx';

/**
 * /view-size-finders?tid (001 §2): a collection's size finders, one per gender the collection
 * is for; add one, open its steps, move it to the other gender (unisex collections), delete it.
 */
export function ViewSizeFinders() {
  const [params] = useSearchParams();
  const tid = params.get('tid') ?? '';
  const [offset, setOffset] = useState(0);
  const refresh = useRefresh();
  const finders = useQuery({
    queryKey: findersKey('finders', tid, offset),
    queryFn: () => findersApi.finders(tid, offset),
    enabled: tid !== '',
  });
  const [gender, setGender] = useState<FinderGender | undefined>();
  const { busy, error, run: act } = useAction();

  if (!tid) {
    return (
      <AdminPage title="size finders">
        <p>
          Open a collection's size finders from the <Link to="/view-types">collections</Link> list.
        </p>
      </AdminPage>
    );
  }

  const type = finders.data?.type;
  const taken = new Set(finders.data?.list.map((f) => f.gender));
  const genders: FinderGender[] = type ? (type.gender === 2 ? [0, 1] : [type.gender]) : [];
  const free = genders.filter((g) => !taken.has(g));
  const chosen = gender !== undefined && free.includes(gender) ? gender : free[0];

  const run = (action: () => Promise<unknown>) =>
    act(async () => {
      await action();
      await refresh();
    });

  return (
    <AdminPage title={type ? `size finders of ${type.name}` : 'size finders'}>
      <div className="adm-finders">
        <Crumbs
          items={[
            ['collections', '/view-types'],
            [type?.name ?? 'collection', undefined],
          ]}
        />
        {finders.isPending && <Loading />}
        <ErrorText>{finders.error?.message}</ErrorText>
        {finders.data && (
          <>
            <p className="adm-finders-note">
              Shoppers of this collection ({GENDER_NAMES[finders.data.type.gender]}) see the finder of their
              gender under "Find your size".
            </p>
            {finders.data.list.length === 0 ? (
              <p>This collection has no size finder yet.</p>
            ) : (
              <CardTable columns={['for', 'steps', 'actions']}>
                {finders.data.list.map((finder) => (
                  <FinderRow
                    key={finder.id}
                    finder={finder}
                    moveTo={genders.find((g) => g !== finder.gender && !taken.has(g))}
                    onMove={(to) => run(() => findersApi.updateFinder(finder.id, to))}
                    onDelete={() => deleteOrError(() => findersApi.deleteFinder(finder.id)).then(refresh)}
                    busy={busy}
                  />
                ))}
              </CardTable>
            )}
            <Pager offset={offset} pageCount={finders.data.pageCount} onOffset={setOffset} />
            {chosen !== undefined && (
              <form
                className="adm-finders-add"
                onSubmit={(e) => {
                  e.preventDefault();
                  void run(() => findersApi.createFinder(tid, chosen));
                }}
              >
                <SelectField
                  label="new size finder for"
                  value={chosen}
                  onChange={setGender}
                  choices={free.map((g) => [g, GENDER_NAMES[g]] as const)}
                />
                <button type="submit" disabled={busy}>
                  add size finder
                </button>
              </form>
            )}
            <ErrorText>{error}</ErrorText>
          </>
        )}
      </div>
    </AdminPage>
  );
}

function FinderRow({
  finder,
  moveTo,
  onMove,
  onDelete,
  busy,
}: {
  finder: Finder;
  moveTo?: FinderGender;
  onMove: (gender: FinderGender) => void;
  onDelete: () => Promise<unknown>;
  busy: boolean;
}) {
  const who = GENDER_NAMES[finder.gender] ?? String(finder.gender);
  return (
    <tr>
      <td data-label="for">{who}</td>
      <td data-label="steps">
        {finder.numberOfSteps}
        {!finder.hasEmailStep && (
          <p className="adm-finders-warning">no e-mail step: nobody can be answered</p>
        )}
      </td>
      <td data-label="actions" className="adm-actions">
        <div className="adm-row">
          <Link to={stepsPath(finder.id)}>
            steps <span className="visually-hidden">of the size finder for {who}</span>
          </Link>
          {moveTo !== undefined && (
            <button type="button" disabled={busy} onClick={() => onMove(moveTo)}>
              make it for {GENDER_NAMES[moveTo]}
            </button>
          )}
          <ConfirmButton
            label="delete"
            question={`Delete the size finder for ${who}, with its ${finder.numberOfSteps} steps, their options, pictures and videos?`}
            onConfirm={onDelete}
          />
        </div>
      </td>
    </tr>
  );
}
