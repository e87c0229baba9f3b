import { beforeAll, describe, expect, it } from 'vitest';
import type { SizeEntity } from '#catalog/entities/size.ts';
import { api, freshClientAddress } from '../support/api.ts';
import { productEntity, store, typeEntity, uniqueId } from '../support/fixtures.ts';

/**
 * DynamoDB requests per storefront call (happy path), as docs/data-model.md lists them. A
 * change that adds a request to a storefront read fails here and must update the doc.
 */
const type = typeEntity({ gender: 0, areaAmount: 2 });
const size: SizeEntity = { kind: 'size', id: uniqueId('s'), typeId: type.id, name: 'S', index: 1, gender: 0 };
const product = productEntity(type, { colors: ['red', 'blue'], size: 'S', sizeId: size.id });

beforeAll(() =>
  store({
    type,
    sizes: [size],
    products: [product],
    typeVideos: [{ kind: 'typeVideo', ownerId: type.id, gender: 0, url: 's3/videos/x.mp4' }],
  }),
);

const calls: [string, () => string, { method?: string; json?: () => unknown }?, number?][] = [
  ['GET /get-pro-related-video', () => `/get-pro-related-video?id=${type.id}&gender=0`],
  ['GET /getTypeByGender', () => '/getTypeByGender?gender=0'],
  ['GET /has-single-product', () => `/has-single-product?id=${type.id}`],
  ['GET /get-imgs-by-pid', () => `/get-imgs-by-pid?id=${product.id}&type=1`],
  ['GET /type', () => `/type?id=${type.id}`],
  ['GET /has-sizes', () => `/has-sizes?id=${type.id}`],
  ['GET /size-guides-for-product', () => `/size-guides-for-product?sizeId=${size.id}&gender=0`],
  ['GET /all-steps-by-tid', () => `/all-steps-by-tid?tid=${type.id}&gender=0`],
  ['GET /sizes-by-type', () => `/sizes-by-type?tid=${type.id}&gender=0`],
  ['GET /getNextColor/', () => `/getNextColor/?gender=0&index=0&typeId=${type.id}&colorComb=&size=S`],
  [
    'GET /getProductIdByColor/',
    () => `/getProductIdByColor/?gender=0&typeId=${type.id}&color={red,blue}&size=S`,
  ],
  ['GET /get-product-info', () => `/get-product-info?title=material&tid=${type.id}`],
  ['GET /get-product-details-info', () => `/get-product-details-info?title=material&tid=${type.id}`],
  ['GET /get-vid-by-pid', () => `/get-vid-by-pid?id=${product.id}`],
  ['GET /is-sold', () => `/is-sold?id=${product.id}`],
  ['GET /price-with-shipping', () => `/price-with-shipping?id=${product.id}&tid=${type.id}`],
  ['GET /products/{id}', () => `/products/${product.id}`],
  [
    'POST /answers',
    () => '/answers',
    {
      method: 'POST',
      json: () => ({ typeId: type.id, email: 'a@b.co', result: { '1': { shortName: 'x', val: 'y' } } }),
    },
  ],
  [
    'POST /member',
    () => '/member',
    { method: 'POST', json: () => ({ email: `${uniqueId('m')}@example.com` }) },
    // The attempt counted and the member stored in one transaction.
    1,
  ],
];

describe('DynamoDB requests per storefront call', () => {
  it.each(calls)('%s', async (_, path, init, expected = 1) => {
    const answer = await api(path(), {
      ...(init?.method ? { method: init.method } : {}),
      ...(init?.json ? { json: init.json() } : {}),
      from: freshClientAddress(),
    });
    expect(answer.status).toBe(200);
    expect(answer.ddbRequests).toBe(expected);
  });
});
