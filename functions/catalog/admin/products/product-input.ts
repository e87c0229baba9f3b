import { httpError } from '#platform/http-error.ts';
import { ADMIN_MESSAGES } from '#shared/admin.ts';
import type { ProductForm } from '#shared/contracts/catalog-admin-products.ts';
import type { Gender } from '#shared/vocabulary.ts';
import type { CollectionEntity } from '../../entities/collection.ts';
import type { ProductEntity } from '../../entities/product.ts';

/**
 * The rules of the admin product form (001 §3 Product, §5) that its schema cannot check
 * (shared/contracts/catalog-admin-products.ts productFormSchema): which blanks must be filled
 * depends on the collection, so `requireFilled` answers "please fill all the blanks" once the
 * collection is known.
 */

const fillAllBlanks = () => httpError(400, ADMIN_MESSAGES.fillAllBlanks);

/** The fields every product needs, and the collection's unless the piece is a single one. */
export interface FilledProduct {
  name: string;
  priceUs: number;
  priceCanada?: number;
  cardNumber: string;
  typeId: string;
  colors: string[];
  gender?: Gender;
  status: 0 | 1;
  size?: string;
  sizeId?: string;
  removeShipmentCharge: boolean;
  singleproduct: boolean;
  soldOnOtherPlatform: boolean;
}

export function colourList(form: ProductForm): string[] | undefined {
  return form.colors ?? form.colours ?? form.colour;
}

/**
 * 001 §5: name, US price, card number, collection and colours, else "please fill all the
 * blanks"; the collection and colours may stay blank for a single piece (singleproduct), and
 * the colours for a piece of a single-collection type. Colours, when required, are one per
 * colour area of the collection (areaAmount), none of them blank.
 */
export function requireFilled(form: ProductForm, type: CollectionEntity | undefined): FilledProduct {
  const single = form.singleproduct === true;
  const colors = colourList(form) ?? [];
  if (!form.name || form.priceUs === undefined || !form.cardNumber) throw fillAllBlanks();
  if (!single && !form.typeId) throw fillAllBlanks();
  const coloursRequired = !single && !type?.singlecollection;
  const areas = type?.areaAmount ?? colors.length;
  if (coloursRequired && (colors.length !== areas || colors.some((c) => c === ''))) throw fillAllBlanks();
  const given = colors.filter((c) => c !== '');
  if (type && given.length > type.areaAmount) {
    throw httpError(
      400,
      `this collection has ${type.areaAmount} colour areas: give at most that many colours`,
    );
  }
  if (!coloursRequired && given.length > 0 && given.length !== colors.length) throw fillAllBlanks();
  // A piece sold on another platform is sold here too: it must never be bought twice.
  const soldOnOtherPlatform = form.soldOnOtherPlatform === true;
  return {
    name: form.name,
    priceUs: form.priceUs,
    ...(form.priceCanada === undefined ? {} : { priceCanada: form.priceCanada }),
    cardNumber: form.cardNumber,
    typeId: form.typeId ?? '',
    colors: given,
    ...(form.gender === undefined ? {} : { gender: form.gender }),
    status: soldOnOtherPlatform ? 0 : (form.status ?? 1),
    ...(form.size === undefined ? {} : { size: form.size }),
    ...(form.sizeId === undefined ? {} : { sizeId: form.sizeId }),
    removeShipmentCharge: form.removeShipmentCharge === true,
    singleproduct: single,
    soldOnOtherPlatform,
  };
}

/** The product item as saved: the filled form over what the item held (holds, sale data stay). */
export function productFrom(
  filled: FilledProduct,
  base: { id: string; createdAt: string; previous?: ProductEntity },
  type: CollectionEntity | undefined,
  size: { id: string; name: string } | undefined,
): ProductEntity {
  const { previous } = base;
  const product: ProductEntity = {
    ...(previous ?? {}),
    kind: 'product',
    id: base.id,
    typeId: type?.id ?? '',
    typeName: type?.name ?? '',
    name: filled.name,
    gender: filled.gender ?? previous?.gender ?? type?.gender ?? 2,
    colors: filled.colors,
    status: filled.status,
    priceUs: filled.priceUs,
    removeShipmentCharge: filled.removeShipmentCharge,
    singleproduct: filled.singleproduct,
    soldOnOtherPlatform: filled.soldOnOtherPlatform,
    cardNumber: filled.cardNumber,
    createdAt: base.createdAt,
  };
  if (filled.priceCanada === undefined) delete product.priceCanada;
  else product.priceCanada = filled.priceCanada;
  delete product.size;
  delete product.sizeId;
  if (size) {
    product.sizeId = size.id;
    product.size = size.name;
  } else if (filled.size) product.size = filled.size;
  return product;
}
