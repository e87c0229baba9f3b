import './sizes.css';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router-dom';
import { choicesOf, SelectField } from '../kit/fields.tsx';
import { CardTable } from '../kit/table.tsx';
import { GENDER_NAMES } from '../kit/words.ts';
import { AdminPage, ConfirmButton, ErrorText, Loading, Pager } from '../ui.tsx';
import { type Size, sizesApi, sizesKey } from './api.ts';
import { guidesPath, useRefresh } from './parts.tsx';

/**
 * /view-sizes (001 §2): every size, collection by collection, 10 a page, optionally of one
 * collection; each leads to its edit form and its size guide.
 */
export function ViewSizes() {
  const [params, setParams] = useSearchParams();
  const typeId = params.get('tid') ?? '';
  const offset = Math.max(0, Number(params.get('offset')) || 0);
  const refresh = useRefresh();
  const types = useQuery({ queryKey: sizesKey('typelist'), queryFn: sizesApi.typeList });
  const sizes = useQuery({
    queryKey: sizesKey('list', typeId, offset),
    queryFn: () => sizesApi.sizes(offset, typeId),
  });
  const names = new Map((types.data?.types ?? []).map((t) => [t.val, t.text]));
  const go = (next: { tid?: string; offset?: number }) => {
    const search = new URLSearchParams();
    const tid = next.tid ?? typeId;
    if (tid) search.set('tid', tid);
    if (next.offset) search.set('offset', String(next.offset));
    setParams(search);
  };
  const addPath = `/edit-size${typeId ? `?tid=${encodeURIComponent(typeId)}` : ''}`;
  return (
    <AdminPage
      title="sizes"
      actions={
        <Link className="adm-button" to={addPath}>
          add a size
        </Link>
      }
    >
      <div className="adm-sizes">
        <div className="adm-sizes-filter">
          <SelectField
            label="collection"
            value={typeId}
            onChange={(tid) => go({ tid, offset: 0 })}
            choices={choicesOf(types.data?.types)}
            blank="all collections"
          />
        </div>
        <ErrorText>{types.error?.message}</ErrorText>
        {sizes.isPending && <Loading />}
        <ErrorText>{sizes.error?.message}</ErrorText>
        {sizes.data && (
          <>
            {sizes.data.list.length === 0 ? (
              <p className="adm-muted">no sizes yet</p>
            ) : (
              <CardTable columns={['size', 'collection', 'for', 'index', 'description', 'actions']}>
                {sizes.data.list.map((size) => (
                  <SizeRow
                    key={size.id}
                    size={size}
                    typeName={names.get(size.typeId) ?? size.typeName ?? size.typeId}
                    onDeleted={refresh}
                  />
                ))}
              </CardTable>
            )}
            <p className="adm-muted">
              {sizes.data.total} {sizes.data.total === 1 ? 'size' : 'sizes'}
            </p>
            <Pager offset={offset} pageCount={sizes.data.pageCount} onOffset={(o) => go({ offset: o })} />
          </>
        )}
      </div>
    </AdminPage>
  );
}

function SizeRow({
  size,
  typeName,
  onDeleted,
}: {
  size: Size;
  typeName: string;
  onDeleted: () => Promise<void>;
}) {
  return (
    <tr>
      <td data-label="size">
        <strong>{size.name}</strong>
      </td>
      <td data-label="collection">{typeName}</td>
      <td data-label="for">{GENDER_NAMES[size.gender]}</td>
      <td data-label="index">{size.index}</td>
      <td data-label="description">
        {size.description && <p className="adm-sizes-desc">women: {size.description}</p>}
        {size.menDescription && <p className="adm-sizes-desc">men: {size.menDescription}</p>}
      </td>
      <td data-label="actions" className="adm-actions">
        <div className="adm-row">
          <Link
            to={`/edit-size?id=${encodeURIComponent(size.id)}`}
            aria-label={`edit size ${size.name} of ${typeName}`}
          >
            edit
          </Link>
          <Link to={guidesPath(size.id)} aria-label={`size guide of ${size.name} of ${typeName}`}>
            size guide
          </Link>
          <ConfirmButton
            label="delete"
            question={`Delete size ${size.name} of ${typeName}, with its size guide and pictures?`}
            onConfirm={() => sizesApi.deleteSize(size.id).then(onDeleted)}
          />
        </div>
      </td>
    </tr>
  );
}
