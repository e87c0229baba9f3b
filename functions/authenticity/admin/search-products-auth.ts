import { searchProductsAuthContract } from '#shared/contracts/authenticity-admin.ts';
import { defineAdminHandler } from '#staff/index.ts';
import { recordsPage } from './list-products-auth.ts';

/**
 * POST /products-auth/search { offset, pageSize, searchInfo }: GET /products-auth's page with the
 * search in the body, since it is an owner's e-mail or a card number (URLs are kept in logs).
 */
export const handler = defineAdminHandler(searchProductsAuthContract, ({ body }) => recordsPage(body));
