import { useQuery } from '@tanstack/react-query';
import { Navigate } from 'react-router-dom';
import { BackButton } from '../../components/back-button.tsx';
import { Loading } from '../../components/page.tsx';
import { useNavValues } from '../../lib/nav-input.ts';
import { collectionTitle, imagesQuery, typeQuery } from './api.ts';
import { Gallery } from './gallery.tsx';
import './catalog.css';

/** /products/productdimensions (input type): the collection's dimension pictures, large. */
export function ProductDimensions() {
  const { type: typeId } = useNavValues();
  const images = useQuery({ ...imagesQuery(typeId ?? '', 3), enabled: Boolean(typeId) });
  const type = useQuery({ ...typeQuery(typeId ?? ''), enabled: Boolean(typeId) });
  if (!typeId) return <Navigate to="/" replace />;
  const name = type.data ? collectionTitle(type.data) : 'the collection';
  return (
    <main className="catalog-page catalog-narrow catalog-wide-gallery">
      <BackButton />
      <h1 className="catalog-title">dimensions</h1>
      <p className="catalog-kicker">{name}</p>
      {images.isPending ? (
        <Loading />
      ) : (
        <Gallery
          urls={(images.data ?? []).map((i) => i.url)}
          alt={`${name}, dimension drawing`}
          label={`${name}, dimension drawings`}
          pager="fraction"
          eager
        />
      )}
    </main>
  );
}
