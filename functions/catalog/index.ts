/** What other modules use of catalog: the only door into it. */
export { adminAuthRecord } from './admin/products/views.ts';
export type { CollectionEntity as TypeEntity } from './entities/collection.ts';
export {
  collectionFamily as typeFamily,
  collectionKey as typeKey,
  getCollection as getType,
  getCollectionWithFinder as getTypeWithFinder,
} from './entities/collection.ts';
export type { ProductEntity } from './entities/product.ts';
export { getProduct, getProductCollection, productKey, readProduct } from './entities/product.ts';
export type { SizeEntity } from './entities/size.ts';
export { getSize, sizeKey } from './entities/size.ts';
export { publicSteps } from './rules/public-views.ts';
