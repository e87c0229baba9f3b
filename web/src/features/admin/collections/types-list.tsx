import './collections.css';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ADMIN_MESSAGES } from '#shared/admin.ts';
import { PILLARS } from '#shared/vocabulary.ts';
import { adminDelete } from '../api.ts';
import { AdminPicture } from '../kit/admin-picture.tsx';
import { GENDER_NAMES } from '../kit/words.ts';
import { PAGE_SIZE } from '../paged.ts';
import { AdminPage, ConfirmButton, ErrorText, Loading, Pager, vancouverTime } from '../ui.tsx';
import { type TypeRow, typesPageQuery } from './api.ts';

function flags(t: TypeRow): string {
  return [
    t.singlecollection && 'single collection',
    t.issoldout && 'sold out',
    t.preSale && 'pre-sale',
    t.discount && 'discount',
  ]
    .filter(Boolean)
    .join(', ');
}

/** /view-types (001 §2): collections, newest first, 10 a page. */
export function TypesList() {
  const [offset, setOffset] = useState(0);
  const queryClient = useQueryClient();
  const page = useQuery(typesPageQuery(offset, PAGE_SIZE));

  const remove = async (t: TypeRow) => {
    try {
      await adminDelete('/types', { id: t.id });
    } catch (e) {
      // 001 §8: a failed collection delete is an "Error" alert; the server says what is left.
      throw new Error(`${ADMIN_MESSAGES.deleteFailed}: ${(e as Error).message}`);
    }
    await queryClient.invalidateQueries({ queryKey: ['admin', 'types'] });
  };

  return (
    <AdminPage
      title="collections"
      actions={
        <Link className="adm-button" to="/adtype">
          add a collection
        </Link>
      }
    >
      {page.isPending && <Loading />}
      <ErrorText>{page.error?.message}</ErrorText>
      {page.data && (
        <>
          <ul className="adm-types-list">
            {page.data.list.map((t) => (
              <li key={t.id} className="adm-types-card">
                {t.cover ? (
                  <AdminPicture
                    url={t.cover}
                    alt=""
                    className="adm-types-cover"
                    sizes="160px"
                    width={160}
                    height={160}
                  />
                ) : (
                  <span className="adm-types-cover" />
                )}
                <div className="adm-types-body">
                  <h2>{t.name}</h2>
                  {t.label && <p className="adm-muted">{t.label}</p>}
                  <p>
                    for {GENDER_NAMES[t.gender]} · {t.womenImageCount} women's and {t.menImageCount} men's
                    pictures
                  </p>
                  {flags(t) && <p>{flags(t)}</p>}
                  <p className="adm-muted">added {vancouverTime(t.createdAt)}</p>
                  <nav className="adm-row" aria-label={`${t.name}: manage`}>
                    <Link to={`/adtype?id=${encodeURIComponent(t.id)}`}>edit</Link>
                    <Link to={`/ad-type-video?id=${encodeURIComponent(t.id)}`}>videos</Link>
                    <Link to={`/view-dimensions/${encodeURIComponent(t.id)}`}>dimension pictures</Link>
                    <Link to={`/ad-shippings/${encodeURIComponent(t.id)}`}>shipping prices</Link>
                    <Link to={`/view-size-finders?tid=${encodeURIComponent(t.id)}`}>size finders</Link>
                  </nav>
                  <ConfirmButton
                    label="delete"
                    question={`delete the collection "${t.name}" with its pictures, videos and shipping prices?`}
                    onConfirm={() => remove(t)}
                  />
                </div>
              </li>
            ))}
          </ul>
          {page.data.list.length === 0 && <p className="adm-muted">no collections yet.</p>}
          <Pager offset={offset} pageCount={page.data.pageCount} onOffset={setOffset} />
        </>
      )}
      <section className="adm-types-pillars" aria-labelledby="pillar-videos">
        <h2 id="pillar-videos">pillar videos</h2>
        <ul className="adm-row">
          {PILLARS.map((p) => (
            <li key={p.id}>
              <Link to={`/ad-type-video?id=${p.id}`}>{p.label}</Link>
            </li>
          ))}
        </ul>
      </section>
    </AdminPage>
  );
}
