import './products.css';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { AdminPage, ErrorText } from '../ui.tsx';
import { collectionQuery, productQuery } from './api.ts';
import { PictureSet } from './picture-set.tsx';

/**
 * /adpicture/{id}?type=product|authenticity|dimension (001 §2; also men-details, women-details,
 * gallery): the pictures of a product (product, authenticity) or of a collection (the others).
 * Authenticity photos go to a private place and are shown here through short-lived links.
 */
const TYPES: Record<string, { type: number; label: string; owner: 'product' | 'collection' }> = {
  product: { type: 1, label: 'product pictures', owner: 'product' },
  authenticity: { type: 2, label: 'authenticity photos', owner: 'product' },
  dimension: { type: 3, label: 'dimension pictures', owner: 'collection' },
  'men-details': { type: 4, label: "men's detail pictures", owner: 'collection' },
  'women-details': { type: 5, label: "women's detail pictures", owner: 'collection' },
  gallery: { type: 6, label: 'gallery pictures', owner: 'collection' },
};

export function PicturesPage() {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const chosen = TYPES[params.get('type') ?? 'product'];
  const ofProduct = chosen?.owner === 'product';
  const product = useQuery({ ...productQuery(id), enabled: ofProduct });
  const collection = useQuery({ ...collectionQuery(id), enabled: Boolean(chosen) && !ofProduct });
  const ownerName = ofProduct ? product.data?.product.name : collection.data?.name;
  const back = ofProduct
    ? `/viewdetails/${encodeURIComponent(id)}`
    : `/view-dimensions/${encodeURIComponent(id)}`;
  return (
    <AdminPage
      title={chosen ? `${chosen.label}${ownerName ? ` of ${ownerName}` : ''}` : 'pictures'}
      actions={<Link to={back}>{ofProduct ? 'back to the product' : 'back to the collection'}</Link>}
    >
      {!chosen ? (
        <ErrorText>please choose a picture type: {Object.keys(TYPES).join(', ')}.</ErrorText>
      ) : (
        <>
          <ErrorText>{(ofProduct ? product.error : collection.error)?.message}</ErrorText>
          {ofProduct && (
            <nav className="adm-row adm-products-sets" aria-label="picture sets">
              <Link to={`?type=product`} aria-current={chosen.type === 1 ? 'page' : undefined}>
                product pictures
              </Link>
              <Link to={`?type=authenticity`} aria-current={chosen.type === 2 ? 'page' : undefined}>
                authenticity photos
              </Link>
            </nav>
          )}
          {chosen.type === 2 && (
            <p className="adm-muted">
              only the owner sees these, in the authenticity portal; they are never on the shop.
            </p>
          )}
          <PictureSet key={`${id}-${chosen.type}`} ownerId={id} type={chosen.type} label={chosen.label} />
        </>
      )}
    </AdminPage>
  );
}
