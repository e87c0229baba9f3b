import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { MESSAGES } from '#shared/messages.ts';
import type { Gender } from '#shared/vocabulary.ts';
import { BackButton } from '../../components/back-button.tsx';
import { Loading } from '../../components/page.tsx';
import { apiGet } from '../../lib/api.ts';
import { genderOf, navTarget, useNavValues } from '../../lib/nav-input.ts';
import { canGoBack } from './support.ts';
import './picking.css';

/**
 * /products/sizepicker (000 §2): the collection's sizes, each leading to the colour picker, and a
 * "Find your size" link. The spec's padding to 10 rows is not drawn: empty bordered rows read as
 * missing sizes (issue 45). No sizes: "sorry, no product", then back (000 §8).
 */
export function SizePicker() {
  const values = useNavValues();
  const type = values.type;
  const gender = genderOf(values.gender);
  if (!type || gender === undefined) return <Navigate to="/" replace />;
  return <Sizes type={type} gender={gender} areaAmount={values.areaAmount} />;
}

function Sizes({ type, gender, areaAmount }: { type: string; gender: Gender; areaAmount?: string }) {
  const navigate = useNavigate();
  const sizes = useQuery({
    queryKey: ['sizes-by-type', type, gender],
    queryFn: () => apiGet('/sizes-by-type', { tid: type, gender }),
  });
  const list = sizes.data?.list ?? [];
  const empty = sizes.isSuccess && list.length === 0;
  const told = useRef(false);

  useEffect(() => {
    if (!empty || told.current) return;
    told.current = true;
    window.alert(MESSAGES.noProduct);
    if (canGoBack()) navigate(-1);
  }, [empty, navigate]);

  const guide = { type, gender };
  return (
    <main className="page picking">
      <BackButton />
      <p className="picking-eyebrow">choose your piece</p>
      <h1 className="picking-title">Pick Size</h1>
      {sizes.isPending ? (
        <Loading />
      ) : sizes.isError ? (
        <p role="alert" className="error-text picking-message">
          We could not load the sizes just now. Please go back and try again.
        </p>
      ) : empty ? (
        <div className="picking-message">
          <p role="alert" className="notice">
            {MESSAGES.noProduct}
          </p>
          <Link to="/products" className="button button-quiet">
            back to products
          </Link>
        </div>
      ) : (
        <>
          <ul className="picking-sizes">
            {list.map((s) => {
              const inputs = { type, gender, areaAmount, size: s.size };
              return (
                <li key={s.sizeId}>
                  <Link to={navTarget('/products/shopproduct', inputs)} state={inputs}>
                    <span className="picking-size-name">{s.size}</span>
                    <span className="picking-size-note">
                      {gender === 1 && s.menDescription ? s.menDescription : s.description}
                    </span>
                    <span className="picking-size-arrow" aria-hidden="true">
                      →
                    </span>
                  </Link>
                </li>
              );
            })}
          </ul>
          <p className="picking-aside">
            Not sure?{' '}
            <Link to={navTarget('/products/productsizeguide', guide)} state={guide}>
              Find your size
            </Link>
          </p>
        </>
      )}
    </main>
  );
}
