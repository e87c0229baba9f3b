import { searchProductsContract } from '#shared/contracts/catalog-admin-products.ts';
import { defineAdminHandler } from '#staff/index.ts';
import { productsPage } from './products-page.ts';

/**
 * POST /products/search { offset, pageSize, searchInfo }: GET /products' page with the search in
 * the body, since it may be a card number (URLs are kept in logs).
 */
export const handler = defineAdminHandler(searchProductsContract, ({ body }) => productsPage(body));
