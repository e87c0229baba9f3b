import './finders.css';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Crumbs } from '../kit/fields.tsx';
import { Thumb } from '../kit/pictures.tsx';
import { CardTable } from '../kit/table.tsx';
import { GENDER_NAMES } from '../kit/words.ts';
import { AdminPage, ConfirmButton, ErrorText, Loading, Pager } from '../ui.tsx';
import { findersApi, findersKey, type Step } from './api.ts';
import { stepTypeLabel, TYPES_WITH_OPTIONS } from './labels.ts';
import { deleteOrError, findersPath, NoEmailWarning, optionsPath, useRefresh } from './parts.tsx';

/** /view-steps?id (001 §2): the steps of a size finder in the order shoppers meet them. */
export function ViewSteps() {
  const [params] = useSearchParams();
  const fid = params.get('id') ?? '';
  const [offset, setOffset] = useState(0);
  const refresh = useRefresh();
  const steps = useQuery({
    queryKey: findersKey('steps', fid, offset),
    queryFn: () => findersApi.steps(fid, offset),
    enabled: fid !== '',
  });
  const data = steps.data;
  const who = data ? GENDER_NAMES[data.finder.gender] : '';
  return (
    <AdminPage
      title={data ? `size finder for ${who}` : 'size finder'}
      actions={
        fid && (
          <Link className="adm-button" to={`/edit-step?sid=${encodeURIComponent(fid)}`}>
            add a step
          </Link>
        )
      }
    >
      <div className="adm-finders">
        {data && (
          <Crumbs
            items={[
              ['collections', '/view-types'],
              [data.type?.name ?? 'collection', findersPath(data.finder.typeId)],
              [`size finder for ${who}`, undefined],
            ]}
          />
        )}
        {!fid && <ErrorText>no size finder chosen</ErrorText>}
        {steps.isPending && fid && <Loading />}
        <ErrorText>{steps.error?.message}</ErrorText>
        {data && (
          <>
            {!data.hasEmailStep && <NoEmailWarning />}
            <p className="adm-finders-note">
              {data.finder.numberOfSteps} steps. Shoppers answer them in index order; answers are kept by
              index.
            </p>
            {data.list.length > 0 && (
              <CardTable columns={['index', 'question', 'type', 'picture', 'options', 'actions']}>
                {data.list.map((step) => (
                  <StepRow key={step.id} step={step} fid={fid} onDeleted={refresh} />
                ))}
              </CardTable>
            )}
            <Pager offset={offset} pageCount={data.pageCount} onOffset={setOffset} />
          </>
        )}
      </div>
    </AdminPage>
  );
}

function StepRow({ step, fid, onDeleted }: { step: Step; fid: string; onDeleted: () => Promise<void> }) {
  const takesOptions = TYPES_WITH_OPTIONS.includes(step.type);
  return (
    <tr>
      <td data-label="index">{step.index}</td>
      <td data-label="question">
        <strong>{step.shortName}</strong>
        <p className="adm-finders-desc">{step.description}</p>
      </td>
      <td data-label="type">
        {stepTypeLabel(step.type)}
        {step.videoUrl && <div className="adm-muted">with video</div>}
      </td>
      <td data-label="picture">
        <Thumb url={step.imageUrl} alt={`how to measure: ${step.shortName}`} />
      </td>
      <td data-label="options">
        {takesOptions ? (
          <Link to={optionsPath(step.id, fid)}>
            {step.optionCount} options <span className="visually-hidden">of step {step.shortName}</span>
          </Link>
        ) : (
          <span className="adm-muted">typed answer</span>
        )}
      </td>
      <td data-label="actions" className="adm-actions">
        <div className="adm-row">
          <Link to={`/edit-step?id=${encodeURIComponent(step.id)}&fid=${encodeURIComponent(fid)}`}>
            edit <span className="visually-hidden">step {step.shortName}</span>
          </Link>
          <ConfirmButton
            label="delete"
            question={`Delete step ${step.index} "${step.shortName}"${step.optionCount ? ` with its ${step.optionCount} options` : ''}?`}
            onConfirm={() => deleteOrError(() => findersApi.deleteStep(step.id, fid)).then(onDeleted)}
          />
        </div>
      </td>
    </tr>
  );
}
