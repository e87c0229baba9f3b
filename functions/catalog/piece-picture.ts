import { GENDER, IMAGE_TYPE } from '#shared/constants.ts';
import { firstStoredPicture } from '#shared/media.ts';
import { getCollection } from './entities/collection.ts';
import { getProductCollection } from './entities/product.ts';

/**
 * The stored url (`s3/…`) of the picture that shows a piece after its sale (the confirmation
 * page, the order and win mails): its own first product picture, else its collection's first
 * (of the piece's gender first). Never an authenticity close-up: those are private.
 */
export async function piecePicture(productId: string): Promise<string | undefined> {
  const { product, images } = await getProductCollection(productId);
  const own = images
    .filter((image) => image.type === IMAGE_TYPE.product)
    .sort((a, b) => a.index - b.index)[0];
  if (own) return own.url;
  const collection =
    product && (await getCollection(product.typeId, ['womenproductimage', 'menproductimage']));
  if (!collection) return undefined;
  const women = firstStoredPicture(collection.womenproductimage);
  const men = firstStoredPicture(collection.menproductimage);
  return product.gender === GENDER.men ? (men ?? women) : (women ?? men);
}
