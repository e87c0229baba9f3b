/** What other modules use of catalog: the only door into it. */
export type { CollectionEntity as TypeEntity } from './entities/collection.ts';
export {
  getCollection as getType,
  listAllCollections as listTypes,
} from './entities/collection.ts';
export { endPreSaleItem } from './entities/collection-release.ts';
export { listFilms } from './entities/film.ts';
export {
  collectionFamily as typeFamily,
  collectionKey as typeKey,
  productKey,
  sizeKey,
} from './entities/keys.ts';
export type { PieceDraw, ProductEntity } from './entities/product.ts';
export {
  getProduct,
  getProductCollection,
  listCollectionPieces,
  listOfferablePieces,
  listPieceIds,
  readProduct,
} from './entities/product.ts';
export {
  DRAW_HOLD_UNTIL,
  drawHoldId,
  endDrawItem,
  holdProductItem,
  productSoldWithCardItem,
  releaseProductHoldItem,
  reserveForDrawItem,
  sellProductItem,
} from './entities/product-hold.ts';
export type { SizeEntity } from './entities/size.ts';
export { getSize } from './entities/size.ts';
export { piecePicture } from './piece-picture.ts';
