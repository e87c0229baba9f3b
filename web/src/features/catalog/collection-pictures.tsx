import { useQuery } from '@tanstack/react-query';
import { IMAGE_TYPE } from '#shared/constants.ts';
import type { Gender } from '#shared/vocabulary.ts';
import { imagesQuery } from './api.ts';
import { Gallery } from './gallery.tsx';

/**
 * A collection's own pictures under its landing and its pieces (001 §3 Image): the details of
 * the shopper's gender (type 4 men's, 5 women's; both for a shopper of either) and its gallery
 * (type 6). A kind of picture the collection has none of takes no room.
 */
export function CollectionPictures({
  typeId,
  gender,
  name,
}: {
  typeId: string;
  gender?: Gender;
  name: string;
}) {
  const men = useQuery({ ...imagesQuery(typeId, IMAGE_TYPE.menDetails), enabled: gender !== 0 });
  const women = useQuery({ ...imagesQuery(typeId, IMAGE_TYPE.womenDetails), enabled: gender !== 1 });
  const gallery = useQuery(imagesQuery(typeId, IMAGE_TYPE.gallery));
  const details = [
    ...(gender !== 1 ? (women.data ?? []) : []),
    ...(gender !== 0 ? (men.data ?? []) : []),
  ].map((i) => i.url);
  const lookbook = (gallery.data ?? []).map((i) => i.url);
  if (details.length === 0 && lookbook.length === 0) return null;
  return (
    <div className="catalog-collection-pictures">
      {details.length > 0 && (
        <section aria-labelledby="collection-details">
          <h2 id="collection-details" className="catalog-group-title">
            the details
          </h2>
          <Gallery urls={details} alt={`${name}, detail`} label={`${name}, details`} pager="bullets" />
        </section>
      )}
      {lookbook.length > 0 && (
        <section aria-labelledby="collection-gallery">
          <h2 id="collection-gallery" className="catalog-group-title">
            gallery
          </h2>
          <Gallery urls={lookbook} alt={`${name}, gallery`} label={`${name}, gallery`} pager="bullets" />
        </section>
      )}
    </div>
  );
}
