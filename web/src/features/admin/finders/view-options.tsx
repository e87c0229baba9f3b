import './finders.css';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Crumbs } from '../kit/fields.tsx';
import { Thumb } from '../kit/pictures.tsx';
import { CardTable } from '../kit/table.tsx';
import { GENDER_NAMES } from '../kit/words.ts';
import { AdminPage, ConfirmButton, ErrorText, Loading, Pager } from '../ui.tsx';
import { findersApi, findersKey, type Option } from './api.ts';
import { stepTypeLabel, TYPES_WITH_OPTIONS } from './labels.ts';
import { deleteOrError, findersPath, stepsPath, useRefresh } from './parts.tsx';

const q = encodeURIComponent;

/** /view-options?id&fid (001 §2): the options of a step (id) of finder fid, in order. */
export function ViewOptions() {
  const [params] = useSearchParams();
  const stepId = params.get('id') ?? '';
  const fid = params.get('fid') ?? '';
  const [offset, setOffset] = useState(0);
  const refresh = useRefresh();
  const options = useQuery({
    queryKey: findersKey('options', stepId, fid, offset),
    queryFn: () => findersApi.options(stepId, fid, offset),
    enabled: stepId !== '' && fid !== '',
  });
  const data = options.data;
  const takesOptions = data ? TYPES_WITH_OPTIONS.includes(data.step.type) : false;
  return (
    <AdminPage
      title={data ? `options of "${data.step.shortName}"` : 'options'}
      actions={
        takesOptions && (
          <Link className="adm-button" to={`/edit-option?sid=${q(stepId)}&fid=${q(fid)}`}>
            add an option
          </Link>
        )
      }
    >
      <div className="adm-finders">
        {data && (
          <Crumbs
            items={[
              ['collections', '/view-types'],
              ['size finders', findersPath(data.finder.typeId)],
              [`size finder for ${GENDER_NAMES[data.finder.gender]}`, stepsPath(fid)],
              [data.step.shortName, undefined],
            ]}
          />
        )}
        {(!stepId || !fid) && <ErrorText>no step chosen</ErrorText>}
        {options.isPending && stepId && fid && <Loading />}
        <ErrorText>{options.error?.message}</ErrorText>
        {data && (
          <>
            <p className="adm-finders-note">
              Step {data.step.index}, {stepTypeLabel(data.step.type)}: {data.step.description}
            </p>
            {!takesOptions && <p>This type of step is answered by typing: it has no options.</p>}
            {data.list.length > 0 && (
              <CardTable columns={['index', 'option', 'picture', 'actions']}>
                {data.list.map((option) => (
                  <OptionRow key={option.id} option={option} fid={fid} onDeleted={refresh} />
                ))}
              </CardTable>
            )}
            {takesOptions && data.list.length === 0 && <p>No options yet.</p>}
            <Pager offset={offset} pageCount={data.pageCount} onOffset={setOffset} />
          </>
        )}
      </div>
    </AdminPage>
  );
}

function OptionRow({
  option,
  fid,
  onDeleted,
}: {
  option: Option;
  fid: string;
  onDeleted: () => Promise<void>;
}) {
  return (
    <tr>
      <td data-label="index">{option.index}</td>
      <td data-label="option">{option.content}</td>
      <td data-label="picture">
        <Thumb url={option.imageUrl} alt={`option: ${option.content}`} />
      </td>
      <td data-label="actions" className="adm-actions">
        <div className="adm-row">
          <Link to={`/edit-option?id=${q(option.id)}&fid=${q(fid)}`}>
            edit <span className="visually-hidden">option {option.content}</span>
          </Link>
          <Link to={`/add-option-img?id=${q(option.id)}&fid=${q(fid)}`}>
            picture <span className="visually-hidden">of option {option.content}</span>
          </Link>
          <ConfirmButton
            label="delete"
            question={`Delete the option "${option.content}"${option.imageUrl ? ' and its picture' : ''}?`}
            onConfirm={() => deleteOrError(() => findersApi.deleteOption(option.id, fid)).then(onDeleted)}
          />
        </div>
      </td>
    </tr>
  );
}
