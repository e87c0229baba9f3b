/** What other modules use of catalog: the only door into it. */
export { adminAuthRecord } from './admin/products/views.ts';
export type { TypeEntity } from './entities/collection.ts';
export { getType, getTypeWithFinder, typeFamily, typeKey } from './entities/collection.ts';
export type { ProductEntity } from './entities/product.ts';
export { getProduct, getProductCollection, productKey, readProduct } from './entities/product.ts';
export { publicSteps } from './rules/public-views.ts';
