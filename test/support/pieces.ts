import type { Site } from '#shared/pages/head.ts';
import type { PieceFacts, PublicCollection, PublicImage, PublicProduct } from '#shared/pages/piece.ts';

/** A deployment as the renderer names it. */
export const SITE: Site = { origin: 'https://oneofone.example', name: 'One of One Luxury' };

/** A piece of the catalogue as GET /products/{id} answers it, for sale unless told otherwise. */
export function product(overrides: Partial<PublicProduct> = {}): PublicProduct {
  return {
    id: 'p-aurora-08',
    typeId: 't-aurora',
    typeName: 'Aurora',
    name: 'Aurora 08',
    gender: 0,
    size: 'S',
    sizeId: 's-small',
    colors: ['black', 'ivory'],
    priceUs: 1250,
    singleproduct: false,
    removeShipmentCharge: false,
    status: 1,
    sold: false,
    ...overrides,
  };
}

/** Its collection as GET /type?id answers it. */
export function collection(overrides: Partial<PublicCollection> = {}): PublicCollection {
  return {
    id: 't-aurora',
    name: 'Aurora',
    gender: 0,
    areaAmount: 2,
    singlecollection: false,
    issoldout: false,
    preSale: false,
    areaNames: ['bodice', 'skirt'],
    discount: false,
    menproductimage: 'undefined',
    womenproductimage: '["s3/collection_images/pieces/t-aurora-front.jpg"]',
    ...overrides,
  };
}

/** Its pictures as GET /get-imgs-by-pid?type=1 answers them (not in gallery order on purpose). */
export const images: PublicImage[] = [
  { id: 'i2', url: 's3/collection_images/pieces/p-aurora-08-2.jpg', type: 1, index: 2 },
  { id: 'i1', url: 's3/collection_images/pieces/p-aurora-08-1.jpg', type: 1, index: 1 },
];

export const DRAW = {
  drawId: 'd-aurora-08',
  opensAt: '2026-12-01T18:00:00Z',
  closesAt: '2026-12-03T18:00:00Z',
};

/** The piece in each state a page shows. */
export const PIECES = {
  'in-stock': { product: product(), collection: collection(), images },
  sold: { product: product({ status: 0, sold: true }), collection: collection(), images },
  'pre-order': {
    product: product(),
    collection: collection({ preSale: true, preSaleText: 'Aurora opens on 1 December.' }),
    images,
  },
  draw: { product: product({ draw: DRAW }), collection: collection(), images },
  held: {
    product: product(),
    collection: collection(),
    images,
    sold: { status: 200, sold: false, available: false, freeAt: Date.parse('2026-11-30T10:15:00Z') },
  },
} as const satisfies Record<string, PieceFacts>;
