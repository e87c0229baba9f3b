import { useQuery } from '@tanstack/react-query';
import { Navigate } from 'react-router-dom';
import { IMAGE_TYPE } from '#shared/constants.ts';
import { BackButton } from '../../components/back-button.tsx';
import { Loading } from '../../components/page.tsx';
import { apiGet } from '../../lib/api.ts';
import { useNavValues } from '../../lib/nav-input.ts';
import { collectionTitle, imagesQuery, typeQuery } from './api.ts';
import { Gallery } from './gallery.tsx';
import './catalog.css';

/**
 * /products/productdimensions (input type; 000 §2 "Gallery page: images of type 3"): the
 * collection's dimension drawings, large, over its dimensions text. A piece without a size
 * links here as "product dimensions".
 */
export function ProductDimensions() {
  const { type: typeId } = useNavValues();
  const images = useQuery({ ...imagesQuery(typeId ?? '', IMAGE_TYPE.dimension), enabled: Boolean(typeId) });
  const type = useQuery({ ...typeQuery(typeId ?? ''), enabled: Boolean(typeId) });
  const text = useQuery({
    queryKey: ['get-product-details-info', typeId, 'dimensionBefore'],
    queryFn: () =>
      apiGet('/get-product-details-info', {
        title: 'dimensionBefore',
        tid: typeId ?? '',
      }),
    enabled: Boolean(typeId),
  });
  if (!typeId) return <Navigate to="/" replace />;
  const name = type.data ? collectionTitle(type.data) : 'the collection';
  const drawings = (images.data ?? []).map((i) => i.url);
  const content = text.data?.content;
  return (
    <main className="catalog-page catalog-narrow catalog-wide-gallery">
      <BackButton />
      <h1 className="catalog-title">dimensions</h1>
      <p className="catalog-kicker">{name}</p>
      {images.isPending || text.isPending ? (
        <Loading />
      ) : (
        <>
          {drawings.length > 0 && (
            <Gallery
              urls={drawings}
              alt={`${name}, dimension drawing`}
              label={`${name}, dimension drawings`}
              pager="fraction"
              eager
            />
          )}
          {content ? (
            <p className="catalog-dimensions-text">{content}</p>
          ) : (
            drawings.length === 0 && (
              <p className="catalog-dimensions-text catalog-muted">There is nothing written here yet.</p>
            )
          )}
        </>
      )}
    </main>
  );
}
