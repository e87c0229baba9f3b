import { PRODUCT_STATUS } from '#shared/constants.ts';
import type { FilmChoice, PublicFilm } from '#shared/contracts/films.ts';
import { FILM_PROVIDERS } from '#shared/film-providers.ts';
import { videoType } from '#shared/films.ts';
import { mediaSrc } from '#shared/media.ts';
import type { CollectionEntity } from '../entities/collection.ts';
import type { ImageEntity } from '../entities/image.ts';
import type { ProductEntity } from '../entities/product.ts';
import type { SizeEntity, SizeGuideEntity } from '../entities/size.ts';

/**
 * What a shopper may see of each entity. Built field by field (an allow-list), so admin-only
 * data — card numbers, passwords, discount codes, holds, authenticity data — never leaves.
 */

export function publicCollection(t: CollectionEntity) {
  return {
    id: t.id,
    name: t.name,
    label: t.label,
    gender: t.gender,
    areaAmount: t.areaAmount,
    areaNames: t.areaNames,
    singlecollection: t.singlecollection,
    issoldout: t.issoldout,
    preSale: t.preSale,
    preSaleText: t.preSale ? t.preSaleText : undefined,
    discount: t.discount,
    menproductimage: t.menproductimage,
    womenproductimage: t.womenproductimage,
  };
}

export function publicProduct(p: ProductEntity) {
  return {
    id: p.id,
    typeId: p.typeId,
    typeName: p.typeName,
    name: p.name,
    gender: p.gender,
    size: p.size,
    sizeId: p.sizeId,
    colors: p.colors,
    priceUs: p.priceUs,
    singleproduct: p.singleproduct,
    removeShipmentCharge: p.removeShipmentCharge,
    status: p.status,
    sold: p.status === PRODUCT_STATUS.sold,
    ...(p.draw && p.status !== PRODUCT_STATUS.sold ? { draw: p.draw } : {}),
  };
}

/** The short product form of /has-single-product (000 §7: id, typeId, name, gender). */
export function productSummary(p: ProductEntity) {
  return {
    id: p.id,
    typeId: p.typeId,
    name: p.name,
    gender: p.gender,
    sold: p.status === PRODUCT_STATUS.sold,
  };
}

export function publicSize(s: SizeEntity) {
  return {
    sizeId: s.id,
    size: s.name,
    gender: s.gender,
    description: s.description,
    menDescription: s.menDescription,
    menMeaning: s.menMeaning,
    womenMeaning: s.womenMeaning,
  };
}

export function publicSizeGuide(g: SizeGuideEntity) {
  return {
    id: g.id,
    name: g.name,
    index: g.index,
    fromCm: g.fromCm,
    toCm: g.toCm,
    fromInches: g.fromInches,
    toInches: g.toInches,
    imageUrl: g.imageUrl,
    largeImgUrl: g.largeImgUrl,
    description: g.description,
    type: g.type,
  };
}

export function publicImage(i: ImageEntity) {
  return { id: i.id, url: i.url, type: i.type, index: i.index };
}

/** A film slot as the shop shows it: an upload served from /media with its type and poster, or an embed at its player address. */
export function publicFilm(slot: string, title: string, choice: FilmChoice): PublicFilm {
  if (choice.source === 'embed') {
    return {
      slot,
      title,
      source: 'embed',
      provider: choice.provider,
      id: choice.id,
      embedUrl: FILM_PROVIDERS[choice.provider].embedUrl(choice.id),
    };
  }
  return {
    slot,
    title,
    source: 'upload',
    video: choice.video,
    poster: choice.poster,
    src: mediaSrc(choice.video),
    type: videoType(choice.video),
    posterSrc: mediaSrc(choice.poster),
  };
}
