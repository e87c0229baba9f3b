import { useQuery } from '@tanstack/react-query';
import { Link, Navigate } from 'react-router-dom';
import { MESSAGES } from '#shared/messages.ts';
import { BackButton } from '../../components/back-button.tsx';
import { Loading } from '../../components/page.tsx';
import { genderOf, navTarget, useNavValues } from '../../lib/nav-input.ts';
import { collectionTitle, singleProductsQuery, typeQuery } from './api.ts';
import './catalog.css';

/**
 * /products/singleproducts (000 §2): the single products of a type for the chosen gender, each a
 * link to its page; the women's and men's lists lead here when a type has several unsold pieces.
 */
export function SingleProducts() {
  const values = useNavValues();
  const gender = genderOf(values.gender);
  const typeId = values.type;
  // The same read (and cache) as the click on the list that led here.
  const products = useQuery({ ...singleProductsQuery(typeId ?? '', gender), enabled: Boolean(typeId) });
  const type = useQuery({ ...typeQuery(typeId ?? ''), enabled: Boolean(typeId) });
  if (!typeId || gender === undefined) return <Navigate to="/" replace />;
  const shown = (products.data ?? []).filter((p) => p.gender === gender || p.gender === 2);
  return (
    <main className="catalog-page catalog-narrow">
      <BackButton />
      <h1 className="catalog-title">{type.data ? collectionTitle(type.data) : 'single pieces'}</h1>
      {products.isPending ? (
        <Loading />
      ) : shown.length === 0 ? (
        <p className="catalog-notice">{MESSAGES.noProductsAvailable}</p>
      ) : (
        <ul className="catalog-links">
          {shown.map((p) => {
            const next = {
              productId: p.id,
              type: typeId,
              // From the collection when the address does not say (its canonical address does not).
              areaAmount: values.areaAmount ?? type.data?.areaAmount,
              gender,
              singleProduct: true,
            };
            return (
              <li key={p.id}>
                <Link to={navTarget('/products/productdetails', next)} state={next}>
                  <span>
                    {p.name ?? p.id}
                    {p.sold && <span className="catalog-link-note"> (sold)</span>}
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </main>
  );
}
