import { pageOf } from '#table/audit.ts';
import type { ProductEntity } from '../../entities/product.ts';
import { collectionNamesById, listAllProducts } from '../../entities/product.ts';
import { adminProduct } from './views.ts';

/**
 * A page of products, newest first, kept to those the search finds by name, card number or
 * collection name (GET /products and POST /products/search).
 */
export async function productsPage(query: {
  offset: number;
  pageSize: number;
  searchInfo?: string | undefined;
}) {
  const [products, names] = await Promise.all([listAllProducts(), collectionNamesById()]);
  const found = query.searchInfo ? products.filter(matches(query.searchInfo, names)) : products;
  const now = Date.now();
  const page = pageOf(found, query.offset, query.pageSize);
  return {
    status: 200 as const,
    ...page,
    list: page.list.map((p) => ({
      ...adminProduct(p, now),
      typeName: names.get(p.typeId) ?? p.typeName,
    })),
  };
}

const fold = (text: string | undefined) => (text ?? '').toLowerCase().replace(/\s+/g, ' ').trim();

function matches(search: string, names: Map<string, string>) {
  const wanted = fold(search);
  const wantedCard = wanted.replace(/\s/g, '');
  return (p: ProductEntity) =>
    fold(p.name).includes(wanted) ||
    (wantedCard !== '' && fold(p.cardNumber).includes(wantedCard)) ||
    fold(p.typeName).includes(wanted) ||
    fold(names.get(p.typeId)).includes(wanted);
}
