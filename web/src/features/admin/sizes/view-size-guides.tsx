import './sizes.css';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Crumbs } from '../kit/fields.tsx';
import { Thumb } from '../kit/pictures.tsx';
import { CardTable } from '../kit/table.tsx';
import { GENDER_NAMES } from '../kit/words.ts';
import { AdminPage, ConfirmButton, ErrorText, Loading, Pager } from '../ui.tsx';
import { type SizeGuide, sizesApi, sizesKey } from './api.ts';
import { figureOf, GUIDE_TYPES, labelOf } from './labels.ts';
import { editGuidePath, guideImagePath, useRefresh } from './parts.tsx';

/** /view-size-guides?id (001 §2): the size guide entries of a size, in index order. */
export function ViewSizeGuides() {
  const [params] = useSearchParams();
  const sizeId = params.get('id') ?? '';
  const [offset, setOffset] = useState(0);
  const refresh = useRefresh();
  const guides = useQuery({
    queryKey: sizesKey('guides', sizeId, offset),
    queryFn: () => sizesApi.guides(sizeId, offset),
    enabled: sizeId !== '',
  });
  const data = guides.data;
  const size = data?.size;
  const title = size ? `size guide of ${size.name}` : 'size guide';
  return (
    <AdminPage
      title={title}
      actions={
        sizeId && (
          <Link className="adm-button" to={editGuidePath(sizeId)}>
            add a guide entry
          </Link>
        )
      }
    >
      <div className="adm-sizes">
        {size && (
          <Crumbs
            items={[
              ['sizes', `/view-sizes?tid=${encodeURIComponent(size.typeId)}`],
              [
                `${size.name} of ${size.typeName ?? 'collection'}`,
                `/edit-size?id=${encodeURIComponent(size.id)}`,
              ],
              ['size guide', undefined],
            ]}
          />
        )}
        {!sizeId && <ErrorText>no size chosen</ErrorText>}
        {sizeId && guides.isPending && <Loading />}
        <ErrorText>{guides.error?.message}</ErrorText>
        {data && size && (
          <>
            <p className="adm-sizes-note">
              Size {size.name} for {GENDER_NAMES[size.gender]}. Shoppers see the entries for their gender in
              index order, in inches or cm.
            </p>
            {data.list.length === 0 ? (
              <p className="adm-muted">no guide entries yet</p>
            ) : (
              <CardTable
                columns={['index', 'entry', 'for', 'measurement', 'picture', 'large picture', 'actions']}
              >
                {data.list.map((guide) => (
                  <GuideRow key={guide.id} guide={guide} onDeleted={refresh} />
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

function GuideRow({ guide, onDeleted }: { guide: SizeGuide; onDeleted: () => Promise<void> }) {
  return (
    <tr>
      <td data-label="index">{guide.index}</td>
      <td data-label="entry">
        <strong>{guide.name}</strong>
        {guide.description && <p className="adm-sizes-desc">{guide.description}</p>}
      </td>
      <td data-label="for">{GENDER_NAMES[guide.gender]}</td>
      <td data-label="measurement">
        <span className="adm-muted">{labelOf(GUIDE_TYPES, guide.type)}</span>
        <div>{figureOf(guide)}</div>
      </td>
      <td data-label="picture">
        <div className="adm-sizes-pic">
          <Thumb url={guide.imageUrl} alt={`picture of ${guide.name}`} />
          <Link
            to={guideImagePath(guide.id, guide.sizeId, 'imageUrl')}
            aria-label={`${guide.imageUrl ? 'change' : 'add'} the picture of ${guide.name}`}
          >
            {guide.imageUrl ? 'change' : 'add'}
          </Link>
        </div>
      </td>
      <td data-label="large picture">
        <div className="adm-sizes-pic">
          <Thumb url={guide.largeImgUrl} alt={`large picture of ${guide.name}`} />
          <Link
            to={guideImagePath(guide.id, guide.sizeId, 'largeImgUrl')}
            aria-label={`${guide.largeImgUrl ? 'change' : 'add'} the large picture of ${guide.name}`}
          >
            {guide.largeImgUrl ? 'change' : 'add'}
          </Link>
        </div>
      </td>
      <td data-label="actions" className="adm-actions">
        <div className="adm-row">
          <Link to={editGuidePath(guide.sizeId, guide.id)} aria-label={`edit ${guide.name}`}>
            edit
          </Link>
          <ConfirmButton
            label="delete"
            question={`Delete the guide entry "${guide.name}" and its pictures?`}
            onConfirm={() => sizesApi.deleteGuide(guide.id, guide.sizeId).then(onDeleted)}
          />
        </div>
      </td>
    </tr>
  );
}
