import { describe, expect, it } from 'vitest';
import { videoType } from '#shared/films.ts';
import type { CollectionEntity } from '../entities/collection.ts';
import type { ProductEntity } from '../entities/product.ts';
import { publicCollection, publicFilm, publicProduct } from './public-views.ts';

const product: ProductEntity = {
  kind: 'product',
  id: 'p1',
  typeId: 't1',
  typeName: 'Aurora',
  name: 'Aurora gown',
  gender: 0,
  colors: ['black'],
  status: 1,
  priceUs: 4200,
  priceCanada: 5600,
  removeShipmentCharge: false,
  singleproduct: false,
  soldOnOtherPlatform: true,
  cardNumber: '4000123412341234',
  holdId: 'h1',
  holdUntil: 1,
  createdAt: '2026-01-01T00:00:00.000Z',
};

describe('public views', () => {
  it('never shows a card number, hold or other admin data of a product', () => {
    const shown = JSON.stringify(publicProduct(product));
    for (const secret of [
      '4000123412341234',
      'cardNumber',
      'holdId',
      'holdUntil',
      'soldOnOtherPlatform',
      'priceCanada',
    ]) {
      expect(shown).not.toContain(secret);
    }
    expect(publicProduct(product)).toMatchObject({ id: 'p1', sold: false, priceUs: 4200 });
  });

  it('never shows a discount code or portal text of a collection', () => {
    const type = {
      kind: 'type',
      id: 't1',
      name: 'Aurora',
      gender: 0,
      areaAmount: 2,
      singlecollection: false,
      issoldout: false,
      preSale: false,
      preSaleText: 'soon',
      discount: true,
      discountCode: 'MAISON10',
      discountAmount: 10,
      authPortalText: 'genuine',
      womenproductimage: '[]',
      menproductimage: 'undefined',
      shippingPrices: {},
      createdAt: '2026-01-01T00:00:00.000Z',
    } satisfies CollectionEntity;
    const shown = JSON.stringify(publicCollection(type));
    expect(shown).not.toContain('MAISON10');
    expect(shown).not.toContain('genuine');
    expect(publicCollection(type).preSaleText).toBeUndefined();
  });

  it('serves an upload from /media with its type and poster, an embed at its player address', () => {
    expect(
      publicFilm('club', 'club', {
        source: 'upload',
        video: 's3/videos/a.webm',
        poster: 's3/collection_images/p.jpg',
      }),
    ).toMatchObject({
      src: '/media/videos/a.webm',
      type: 'video/webm',
      posterSrc: '/media/collection_images/p.jpg',
    });
    expect(videoType('s3/videos/a.mp4')).toBe('video/mp4');
    expect(
      publicFilm('club', 'club', { source: 'embed', provider: 'youtube', id: 'dQw4w9WgXcQ' }),
    ).toMatchObject({
      embedUrl: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    });
  });
});
