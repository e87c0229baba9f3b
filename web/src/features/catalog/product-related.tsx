import { useQuery } from '@tanstack/react-query';
import { Link, Navigate } from 'react-router-dom';
import { MESSAGES } from '#shared/messages.ts';
import { BackButton } from '../../components/back-button.tsx';
import { FilmAt } from '../../components/film.tsx';
import { Loading } from '../../components/page.tsx';
import { genderOf, navTarget, useNavValues } from '../../lib/nav-input.ts';
import { collectionTitle, sizesQuery, typeQuery } from './api.ts';
import { CollectionPictures } from './collection-pictures.tsx';
import { Gallery } from './gallery.tsx';
import { parseGallery } from './gallery-text.ts';
import './catalog.css';

interface LinkItem {
  key: string;
  label: string;
  to: string;
  values: Record<string, string | number | boolean | undefined>;
}

/** /products/productrelated: the collection landing (000 §2; inputs type, areaAmount, gender). */
export function ProductRelated() {
  const values = useNavValues();
  const gender = genderOf(values.gender);
  const typeId = values.type;
  const type = useQuery({ ...typeQuery(typeId ?? ''), enabled: Boolean(typeId) });
  const sizes = useQuery({ ...sizesQuery(typeId ?? ''), enabled: Boolean(typeId) });
  if (!typeId || gender === undefined) return <Navigate to="/" replace />;
  if (type.isPending || sizes.isPending) {
    return (
      <main className="catalog-page catalog-narrow">
        <Loading />
      </main>
    );
  }
  if (!type.data) return <Navigate to="/" replace />;

  const collection = type.data;
  const areaAmount = values.areaAmount ?? String(collection.areaAmount);
  const list = sizes.data ?? [];
  const hasSizes = list.length > 0;
  const meaning = list
    .map((s) => (gender === 1 ? s.menMeaning : s.womenMeaning))
    .find((url): url is string => Boolean(url));

  const links: LinkItem[] = [
    {
      key: 'video',
      label: 'Collection Video',
      to: '/products/productvideo',
      values: { type: typeId, gender },
    },
  ];
  if (meaning) {
    links.push({
      key: 'meaning',
      label: 'meaning of collection design',
      to: '/products/meaning-of-design',
      values: { videoUrl: meaning },
    });
  }
  if (!collection.issoldout) {
    links.push(
      hasSizes
        ? {
            key: 'size',
            label: 'Find your size',
            to: '/products/productsizeguide',
            values: { type: typeId, gender },
          }
        : {
            key: 'dimensions',
            label: 'product dimensions',
            to: '/products/material',
            values: { tid: typeId, title: 'dimensionBefore' },
          },
    );
  }
  links.push({
    key: 'price',
    label: 'product price',
    to: '/products/material',
    values: { tid: typeId, title: 'unisexPrice' },
  });
  if (!collection.issoldout) {
    links.push(
      hasSizes
        ? {
            key: 'shop',
            label: 'Shop Products - pick size',
            to: '/products/sizepicker',
            values: { type: typeId, gender, areaAmount },
          }
        : {
            key: 'shop',
            label: 'Shop Products - pick colors',
            to: '/products/shopproduct',
            values: { type: typeId, gender, areaAmount },
          },
    );
  }

  const title = collectionTitle(collection);
  const pictures = parseGallery(gender === 1 ? collection.menproductimage : collection.womenproductimage);

  return (
    <main className="catalog-page catalog-details">
      <BackButton />
      <div className="catalog-details-grid">
        <Gallery
          urls={pictures}
          alt={title}
          label={`${title}, pictures`}
          pager="fraction"
          eager
          className="catalog-details-gallery"
        />
        <div className="catalog-details-info">
          <p className="catalog-kicker">the collection</p>
          <h1 className="catalog-title catalog-product-name">{title}</h1>
          <hr className="catalog-rule" />
          {collection.preSale ? (
            <p className="catalog-notice">{collection.preSaleText}</p>
          ) : (
            <>
              {collection.issoldout && <p className="catalog-notice">{MESSAGES.collectionSold}</p>}
              <nav aria-label="collection">
                <ul className="catalog-links">
                  {links.map((link) => (
                    <li key={link.key} className={link.key === 'shop' ? 'catalog-link-primary' : undefined}>
                      <Link to={navTarget(link.to, link.values)} state={link.values}>
                        {link.label}
                      </Link>
                    </li>
                  ))}
                </ul>
              </nav>
            </>
          )}
        </div>
      </div>
      {!collection.preSale && <CollectionPictures typeId={typeId} gender={gender} name={title} />}
    </main>
  );
}

/** /products/meaning-of-design (input videoUrl): the size's meaning film. */
export function MeaningOfDesign() {
  const { videoUrl } = useNavValues();
  if (!videoUrl) return <Navigate to="/" replace />;
  return (
    <main className="catalog-page catalog-narrow">
      <BackButton />
      <h1 className="catalog-title">meaning of collection design</h1>
      <FilmAt url={videoUrl} title="meaning of collection design" />
    </main>
  );
}
