import './products.css';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { formatPrice } from '#shared/format.ts';
import { adminDelete } from '../api.ts';
import { AdminPicture } from '../kit/admin-picture.tsx';
import { GENDER_NAMES } from '../kit/words.ts';
import { PassportPanel } from '../passport/passport-panel.tsx';
import { AdminPage, ConfirmButton, ErrorText, Loading, vancouverTime } from '../ui.tsx';
import { groupsOf4, productQuery, STATUS_NAMES } from './api.ts';
import { ProductLinks } from './product-links.tsx';

/** /viewdetails/{id} (001 §2): every field of one product, its media counts, record and screens. */
export function ProductDetails() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const detail = useQuery(productQuery(id));
  const data = detail.data;
  const p = data?.product;
  return (
    <AdminPage title={p ? p.name : 'product'} actions={<Link to="/viewproducts">all products</Link>}>
      {detail.isPending && <Loading />}
      <ErrorText>{detail.error?.message}</ErrorText>
      {data && p && (
        <div className="adm-products-detail">
          <section className="adm-products-section" aria-labelledby="piece-heading">
            <h2 id="piece-heading">the piece</h2>
            {data.main ? (
              <AdminPicture
                className="adm-products-main"
                url={data.main.url}
                src={data.main.src}
                sizes="320px"
                width={320}
                height={320}
                alt={`${p.name}, as the shop shows it first`}
              />
            ) : (
              <p className="adm-muted">no pictures yet.</p>
            )}
            <dl className="adm-products-facts-list">
              <Fact name="collection">
                {data.type ? data.type.name : p.typeName || 'none (single piece)'}
                {data.type?.singlecollection ? ' (single collection)' : ''}
              </Fact>
              <Fact name="gender">{GENDER_NAMES[p.gender]}</Fact>
              <Fact name="size">{p.size || '—'}</Fact>
              <Fact name="colours">{p.colors.length > 0 ? p.colors.join(', ') : '—'}</Fact>
              <Fact name="US price">{formatPrice(p.priceUs)} USD</Fact>
              <Fact name="Canada price">
                {p.priceCanada === undefined ? '—' : formatPrice(p.priceCanada)}
              </Fact>
              <Fact name="card number">{p.cardNumber ? groupsOf4(p.cardNumber) : '—'}</Fact>
              <Fact name="status">
                {STATUS_NAMES[p.status]}
                {p.heldUntil ? ` — in a shopper's checkout until ${vancouverTime(p.heldUntil)}` : ''}
              </Fact>
              <Fact name="single piece">{p.singleproduct ? 'yes' : 'no'}</Fact>
              <Fact name="no shipping charge">{p.removeShipmentCharge ? 'yes' : 'no'}</Fact>
              <Fact name="sold on another platform">{p.soldOnOtherPlatform ? 'yes' : 'no'}</Fact>
              {p.soldOrder && (
                <Fact name="sold through order">
                  <Link to={`/view-order/${encodeURIComponent(p.soldOrder)}`}>{p.soldOrder}</Link>
                  {p.soldAt ? ` on ${vancouverTime(p.soldAt)}` : ''}
                </Fact>
              )}
              <Fact name="added">{vancouverTime(p.createdAt)}</Fact>
            </dl>
          </section>
          <section className="adm-products-section" aria-labelledby="media-heading">
            <h2 id="media-heading">pictures, videos and record</h2>
            <dl className="adm-products-facts-list">
              <Fact name="pictures">{data.counts.pictures}</Fact>
              <Fact name="authenticity photos">{data.counts.authenticity}</Fact>
              <Fact name="videos">{data.counts.videos}</Fact>
              <Fact name="authenticity record">
                {data.authRecord
                  ? `${data.authRecord.email || 'no owner yet'} (since ${vancouverTime(data.authRecord.createdAt)})`
                  : 'none'}
              </Fact>
            </dl>
            <nav className="adm-row adm-products-actions" aria-label={`screens of ${p.name}`}>
              <ProductLinks id={p.id} name={p.name} except="details" />
              {data.authRecord ? (
                <Link to="/view-products-auth" state={{ q: data.authRecord.cardNumber }}>
                  authenticity record
                </Link>
              ) : (
                p.status === 0 && (
                  <Link to={`/view-products-auth?pid=${encodeURIComponent(p.id)}`}>
                    create its authenticity record
                  </Link>
                )
              )}
            </nav>
            <ConfirmButton
              label="delete this product"
              question={`delete ${p.name} with its pictures and videos? this cannot be undone.`}
              onConfirm={async () => {
                await adminDelete('/products', undefined, { id: p.id });
                navigate('/viewproducts', { replace: true });
              }}
            />
          </section>
          <PassportPanel pid={p.id} name={p.name} />
        </div>
      )}
    </AdminPage>
  );
}

function Fact({ name, children }: { name: string; children: ReactNode }) {
  return (
    <div>
      <dt>{name}</dt>
      <dd>{children}</dd>
    </div>
  );
}
