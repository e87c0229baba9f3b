import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { countries } from 'countries-list';
import type { CollectionEntity } from '#catalog/entities/collection.ts';
import { type FilmEntity, filmKeys } from '#catalog/entities/film.ts';
import type { ImageEntity } from '#catalog/entities/image.ts';
import { imageKeys, imageOwner } from '#catalog/entities/image.ts';
import { collectionKeys, productKeys, sizeGuideKeys, sizeKeys } from '#catalog/entities/keys.ts';
import type { ProductEntity } from '#catalog/entities/product.ts';
import type { SizeEntity, SizeGuideEntity } from '#catalog/entities/size.ts';
import type { CollectionVideoEntity, ProductVideoEntity } from '#catalog/entities/video.ts';
import { collectionVideoKeys, productVideoKeys } from '#catalog/entities/video.ts';
import { type Gender, IMAGE_TYPE, type InfoTitle, STEP_TYPE } from '#shared/constants.ts';
import { FILM_SLOTS, MEASURE_FILM } from '#shared/films.ts';
import { s3Url } from '#shared/media.ts';
import type { OptionEntity, SizeFinderEntity, StepEntity } from '#size-finder/entities/size-finder.ts';
import { optionKeys, sizeFinderKeys, stepKeys } from '#size-finder/entities/size-finder.ts';
import { LOCAL_SHOP_SETTINGS } from '../shop-settings.ts';
import {
  authenticitySvg,
  collectionSvg,
  dimensionSvg,
  type Measure,
  type Motif,
  measureSvg,
  optionSvg,
  type ProductKind,
  productSvg,
} from './images.ts';

/**
 * The demo catalogue the local stack loads into an empty table: collections, products, sizes,
 * size guides, size finders, images and videos of a small luxury boutique. Everything is fixed
 * (ids, timestamps, prices, card numbers), so every call gives the same items and media, and
 * tests can rely on the named ids in DEMO. Pictures are camera-size JPEG photographs of
 * compositions drawn by ./images.ts, made by ./photos.ts when the stack is seeded (so only their
 * compositions are listed here); the four films are the committed mp4 files of ./media (made
 * with ffmpeg, see media/README.md), also the films of every content slot (/allvideos, mission,
 * music, club).
 *
 * A shop photographs each piece; the demo keeps the number of photographs small (they take
 * time to make at the first start): the pieces of a collection share its photographs, and the
 * collection's own pictures and gallery show the same ones. So those captions name no colour a
 * piece may lack, and a piece whose colours are one of the photographs' comes with that one
 * first; the piece page writes each piece's own colours.
 */

/** A film, stored as it is. */
export interface DemoFile {
  key: string;
  contentType: 'video/mp4';
  body: Buffer;
}

/** A photograph: its composition (an SVG of ./images.ts), rendered by ./photos.ts. */
export interface DemoPhoto {
  key: string;
  contentType: 'image/jpeg';
  composition: string;
}

export type DemoMedia = DemoFile | DemoPhoto;

export const isDemoPhoto = (m: DemoMedia): m is DemoPhoto => m.contentType === 'image/jpeg';

export interface DemoCatalogue {
  items: Record<string, unknown>[];
  media: DemoMedia[];
}

export const SUPPORT_EMAIL = LOCAL_SHOP_SETTINGS.supportEmail;

/** Named pieces of the demo that tests and the local stack rely on. */
export const DEMO = {
  /** Women's gown, sizes XS–L, two colour areas (bodice, skirt); has the women's size finder. */
  womenSized: 't-aurora',
  /** Women's clutch, no sizes, one colour area; has dimension drawings. */
  womenUnsized: 't-celeste',
  /** Men's oxfords, sizes 40–43, two colour areas (upper, sole); has the men's size finder. */
  menSized: 't-regent',
  /** Men's watch, no sizes, three colour areas (case, dial, strap). */
  threeAreas: 't-meridien',
  /** Unisex weekender bag (gender 2), three colour areas; the one collection with a discount. */
  unisex: 't-voyage',
  /** Single-collection type (gender 2) holding single products for women, men and both. */
  singleCollection: 't-atelier',
  /** Pre-sale collection (women's earrings). */
  preSale: 't-lumiere',
  /** Sold-out collection (unisex scarves): issoldout, every product sold. */
  soldOut: 't-nocturne',
  /** The collection with discount true, its code and percent. */
  discountType: 't-voyage',
  discountCode: 'MAISON10',
  discountAmount: 10,
  /** Collection with dimension images (image type 3). */
  typeWithDimensions: 't-celeste',
  /** Collection with gallery images (image type 6). */
  typeWithGallery: 't-aurora',
  /** Collections with detail pictures: women's details (image type 5), men's details (type 4). */
  typeWithWomenDetails: 't-aurora',
  typeWithMenDetails: 't-regent',
  /** An unsold gown (size M, black bodice, white skirt) with authenticity photos and a video. */
  availableProduct: 'p-aurora-08',
  /** A sold gown (size M, red bodice, black skirt) with authenticity photos. */
  soldProduct: 'p-aurora-09',
  /** A weekender whose shipment charge is removed (removeShipmentCharge true). */
  freeShippingProduct: 'p-voyage-04',
  /** A product priced with cents (1850.5 USD). */
  fractionalPriceProduct: 'p-regent-03',
  /**
   * Products with two authenticity photos (image type 2, never public): the steel card and a
   * close-up; every other piece has its close-up alone.
   */
  authenticityProducts: ['p-aurora-08', 'p-aurora-09', 'p-meridien-01', 'p-voyage-01'],
  /** Products with a product video. */
  videoProducts: ['p-aurora-08', 'p-meridien-01', 'p-voyage-01'],
  /** Single products of the single collection, per gender. */
  singleProducts: { women: 'p-atelier-echarpe', men: 'p-atelier-optique', unisex: 'p-atelier-signet' },
  /** A sold single product. */
  soldSingleProduct: 'p-atelier-lune',
  /** Size M of the gown: guide entries of types 1–5 (gender 0) and a meaning video. */
  sizeWithGuides: 's-aurora-m',
  /** Size 42 of the oxfords: guide entries of types 1–5 (gender 1) and a meaning video. */
  menSizeWithGuides: 's-regent-42',
  womenFinder: 'f-aurora-w',
  menFinder: 'f-regent-m',
  /**
   * Colour picking dead end: for the gown in size M (gender 0), the bodice colour red has
   * products behind it (red/black, red/pink), but every one of them is sold.
   */
  soldOutColorPath: { typeId: 't-aurora', gender: 0, size: 'M', sizeId: 's-aurora-m', colors: ['red'] },
  pillars: ['mind', 'body', 'knowledge', 'joy'],
} as const;

// ---------------------------------------------------------------------------------------------
// Collections

interface ShippingTiers {
  CA: number;
  US: number;
  /** United Kingdom and the larger western European countries. */
  europe: number;
  other: number;
}

interface CollectionSpec {
  id: string;
  name: string;
  label?: string;
  gender: Gender;
  kind: ProductKind;
  /** Colour areas in order; empty for the single collection. */
  areas: string[];
  singlecollection?: boolean;
  issoldout?: boolean;
  preSaleText?: string;
  discount?: boolean;
  createdAt: string;
  shipping: ShippingTiers;
  /** Short product word used in texts ("gown", "clutch"). */
  noun: string;
  pillar: 'mind' | 'body' | 'knowledge' | 'joy';
  material: string;
  madeIn: string;
  care: string;
  dimensions: string;
  nameOf: string;
  /** Colourways drawn on the collection pictures. */
  looks: string[][];
}

const COLLECTIONS: CollectionSpec[] = [
  {
    id: 't-aurora',
    name: 'Aurora Gown',
    label: 'Aurora — the evening gown',
    gender: 0,
    kind: 'gown',
    areas: ['bodice', 'skirt'],
    createdAt: '2024-09-02T15:00:00.000Z',
    shipping: { CA: 40, US: 45, europe: 80, other: 120 },
    noun: 'gown',
    pillar: 'joy',
    material:
      'Silk duchess satin bodice, silk organza skirt, hand-finished French seams, gold-tone waist band.',
    madeIn: 'Cut and sewn by hand in Montréal, Canada.',
    care: 'Professional dry clean only. Store hanging, in the breathable garment bag provided.',
    dimensions: 'Floor length from the shoulder: XS 148 cm, S 150 cm, M 152 cm, L 154 cm.',
    nameOf: 'Aurora is the first light before dawn: a gown made to be worn from dusk until it.',
    looks: [
      ['red', 'black'],
      ['white', 'pink'],
      ['blue', 'white'],
      ['black', 'black'],
    ],
  },
  {
    id: 't-celeste',
    name: 'Céleste Clutch',
    gender: 0,
    kind: 'clutch',
    areas: ['leather'],
    createdAt: '2024-09-09T15:00:00.000Z',
    shipping: { CA: 35, US: 40, europe: 70, other: 95 },
    noun: 'clutch',
    pillar: 'knowledge',
    material: 'Box calf leather, lambskin lining, 18k gold-plated clasp and chain.',
    madeIn: 'Made by hand in Florence, Italy.',
    care: 'Keep away from rain and direct sun; wipe with a soft dry cloth; store in its flannel pouch.',
    dimensions: 'Width 28 cm, height 16 cm, depth 5 cm; chain drop 48 cm.',
    nameOf: 'Céleste, heavenly: an envelope clutch as quiet as a night sky.',
    looks: [['black'], ['red'], ['green'], ['pink']],
  },
  {
    id: 't-regent',
    name: 'Regent Oxford',
    label: 'Regent Oxfords',
    gender: 1,
    kind: 'shoe',
    areas: ['upper', 'sole'],
    createdAt: '2024-09-16T15:00:00.000Z',
    shipping: { CA: 45, US: 50, europe: 85, other: 130 },
    noun: 'pair',
    pillar: 'body',
    material: 'Hand-burnished calf upper, oak-bark tanned leather sole, Goodyear welted.',
    madeIn: 'Lasted and welted by hand in Northampton, England.',
    care: 'Rest a day between wears, keep on cedar trees, polish with a neutral cream.',
    dimensions: 'Heel height 2.5 cm; sizes EU 40 to 43.',
    nameOf: 'Regent, after the street where the first pair was fitted.',
    looks: [
      ['brown', 'black'],
      ['black', 'red'],
      ['blue', 'brown'],
      ['black', 'black'],
    ],
  },
  {
    id: 't-meridien',
    name: 'Méridien Watch',
    gender: 1,
    kind: 'watch',
    areas: ['case', 'dial', 'strap'],
    createdAt: '2024-09-23T15:00:00.000Z',
    shipping: { CA: 60, US: 60, europe: 90, other: 150 },
    noun: 'watch',
    pillar: 'mind',
    material:
      '40 mm case, sapphire crystal, hand-finished dial, alligator strap; yellow is 18k gold, grey is steel.',
    madeIn: 'Assembled by hand in the Vallée de Joux, Switzerland.',
    care: 'Water resistant to 30 m. Service every five years; keep the strap dry.',
    dimensions: 'Case 40 mm across, 9.8 mm thick; lug to lug 47 mm; strap 20 mm.',
    nameOf: 'Méridien, the line where noon is exact: a watch for one wrist only.',
    looks: [
      ['yellow', 'blue', 'brown'],
      ['grey', 'white', 'black'],
      ['grey', 'blue', 'blue'],
      ['white', 'green', 'brown'],
    ],
  },
  {
    id: 't-voyage',
    name: 'Voyage Weekender',
    label: 'The Voyage Weekender',
    gender: 2,
    kind: 'bag',
    areas: ['body', 'trim', 'handles'],
    discount: true,
    createdAt: '2024-09-30T15:00:00.000Z',
    shipping: { CA: 55, US: 60, europe: 95, other: 140 },
    noun: 'bag',
    pillar: 'knowledge',
    material: 'Waxed cotton canvas body, vegetable-tanned leather trim and handles, brass hardware.',
    madeIn: 'Stitched by hand in Florence, Italy.',
    care: 'Brush the canvas clean; feed the leather twice a year; stuff with paper when stored.',
    dimensions: 'Width 52 cm, height 30 cm, depth 24 cm; handle drop 14 cm.',
    nameOf: 'Voyage: a weekender for the journey, made once for whoever takes it.',
    looks: [
      ['green', 'brown', 'brown'],
      ['black', 'black', 'brown'],
      ['blue', 'brown', 'brown'],
      ['grey', 'black', 'black'],
    ],
  },
  {
    id: 't-atelier',
    name: 'Atelier Singles',
    gender: 2,
    kind: 'ring',
    areas: [],
    singlecollection: true,
    createdAt: '2024-10-07T15:00:00.000Z',
    shipping: { CA: 30, US: 35, europe: 65, other: 90 },
    noun: 'piece',
    pillar: 'mind',
    material: 'Each piece lists its own materials: silk twill, acetate, 18k gold, onyx, lapis lazuli.',
    madeIn: 'Made in our partner ateliers in Italy, France and Canada.',
    care: 'See the care card that comes with each piece.',
    dimensions: 'Dimensions are given with each piece.',
    nameOf: 'Atelier: single pieces that belong to no collection.',
    looks: [['black'], ['blue'], ['red', 'yellow']],
  },
  {
    id: 't-lumiere',
    name: 'Lumière Earrings',
    gender: 0,
    kind: 'earrings',
    areas: ['stone'],
    preSaleText:
      'Lumière opens to members first. The pre-sale begins on 1 December at noon, Vancouver time: become a member to be told.',
    createdAt: '2024-10-14T15:00:00.000Z',
    shipping: { CA: 30, US: 30, europe: 60, other: 85 },
    noun: 'pair',
    pillar: 'joy',
    material: '18k yellow gold, hand-cut emerald, ruby or sapphire drops.',
    madeIn: 'Set by hand in Paris, France.',
    care: 'Store apart from other jewellery; clean with a soft brush and lukewarm water.',
    dimensions: 'Drop length 4.6 cm; stone 3.2 × 1.9 cm.',
    nameOf: 'Lumière, light: two drops that catch it.',
    looks: [['green'], ['red'], ['blue']],
  },
  {
    id: 't-nocturne',
    name: 'Nocturne Scarf',
    gender: 2,
    kind: 'scarf',
    areas: ['field', 'fringe'],
    issoldout: true,
    createdAt: '2024-10-21T15:00:00.000Z',
    shipping: { CA: 25, US: 30, europe: 55, other: 80 },
    noun: 'scarf',
    pillar: 'body',
    material: 'Double-faced cashmere, hand-knotted fringe.',
    madeIn: 'Woven in Biella, Italy.',
    care: 'Hand wash cold or dry clean; dry flat; fold, never hang.',
    dimensions: 'Length 190 cm, width 35 cm, fringe 8 cm.',
    nameOf: 'Nocturne, a piece of night music: the scarf for the walk home.',
    looks: [
      ['grey', 'purple'],
      ['black', 'red'],
      ['brown', 'orange'],
    ],
  },
];

const EUROPE = ['GB', 'FR', 'IT', 'DE', 'ES', 'NL', 'BE', 'CH', 'AT'];

/** A price for every ISO code of countries-list. */
function shippingPrices(t: ShippingTiers): Record<string, number> {
  const prices: Record<string, number> = {};
  for (const code of Object.keys(countries)) {
    prices[code] = code === 'CA' ? t.CA : code === 'US' ? t.US : EUROPE.includes(code) ? t.europe : t.other;
  }
  return prices;
}

const usd = (n: number) =>
  `$${n.toLocaleString('en-US', { minimumFractionDigits: Number.isInteger(n) ? 0 : 2, maximumFractionDigits: 2 })} USD`;

function infoTexts(c: CollectionSpec, fromPrice: number): Record<InfoTitle, string> {
  const who = c.gender === 0 ? 'women' : c.gender === 1 ? 'men' : 'women and men';
  const pillarName = c.pillar === 'joy' ? 'entertainment' : c.pillar;
  const priceFor = (g: Gender) =>
    c.gender === g || c.gender === 2
      ? `From ${usd(fromPrice)} for ${g === 0 ? 'women' : 'men'}; each piece shows its own price.`
      : `${c.name} is made for ${who} only.`;
  return {
    philanthropy: `Every ${c.noun} comes with a gift tied to our ${pillarName} pillar, or a contribution to its support programme. A share of yearly profits goes to charity.`,
    proPrice: `Each ${c.noun} is priced on its own page, in USD. Shipping is added at checkout.`,
    nameOf: c.nameOf,
    dimensionDetails: c.dimensions,
    dimensionBefore: `${c.dimensions} Every piece is made once, so please check the measurements before you buy.`,
    material: c.material,
    madeIn: c.madeIn,
    proImage: `The photographs show this exact ${c.noun}. Colours are as close as a screen allows.`,
    care: c.care,
    duties:
      'None for Canada or the USA. Elsewhere, duties, customs and import fees may be collected by the shipping provider on delivery and are the buyer’s responsibility.',
    taxes: 'Sales tax is added at checkout for Canada and the USA only. Elsewhere no tax is charged by us.',
    shippingMethod:
      'Worldwide via DHL, FedEx, UPS or Canada Post. The address cannot be changed once your piece has shipped.',
    shippingCost: `No free shipping. From ${usd(c.shipping.CA)} to Canada and ${usd(c.shipping.US)} to the USA; the exact cost is shown at checkout once the address is given.`,
    deliveryTime:
      'About 7–11 business days to Canada or the USA and 10–14 elsewhere. For a faster delivery, email support.',
    returns: 'All sales are final: no returns, refunds or exchanges.',
    priceAndCurrency: 'All prices are displayed and billed in USD.',
    changeCountry:
      'The country cannot be changed: prices are displayed and billed only in USD. For another currency, email support.',
    paymentMethod:
      'Visa, Mastercard, American Express, China UnionPay, Japan Credit Bureau, Discover, Diners Club, Maestro debit or credit cards, and PayPal.',
    international: 'Your bank may charge a fee if it does not normally handle USD.',
    unisexPrice:
      c.gender === 2
        ? `From ${usd(fromPrice)}, for women and men alike.`
        : `From ${usd(fromPrice)}. ${c.name} is made for ${who}.`,
    femalePrice: priceFor(0),
    malePrice: priceFor(1),
    contact: `Questions about a ${c.noun}? Write to ${SUPPORT_EMAIL}.`,
    refund: 'All sales are final; no refunds.',
    tracking: 'A tracking number is emailed to you when your piece ships.',
  };
}

// ---------------------------------------------------------------------------------------------
// Products

/** The line under the name on a collection's front photograph, which its pieces share. */
export const SHARED_FRONT_CAPTION = 'One colourway of the collection';

interface ProductSpec {
  id: string;
  typeId: string;
  name?: string;
  size?: string;
  colors: string[];
  priceUs: number;
  sold?: boolean;
  removeShipmentCharge?: boolean;
  soldOnOtherPlatform?: boolean;
  gender?: Gender;
  /** Single products: what to draw and in which tones. */
  kind?: ProductKind;
  look?: string[];
}

type Row = [size: string | undefined, colors: string[], priceUs: number, sold?: boolean];

function rows(typeId: string, list: Row[], extra: Record<number, Partial<ProductSpec>> = {}): ProductSpec[] {
  const short = typeId.slice(2);
  return list.map(([size, colors, priceUs, sold], i) => ({
    id: `p-${short}-${String(i + 1).padStart(2, '0')}`,
    typeId,
    size,
    colors,
    priceUs,
    sold,
    ...extra[i + 1],
  }));
}

const PRODUCTS: ProductSpec[] = [
  ...rows('t-aurora', [
    ['XS', ['black', 'black'], 6800],
    ['XS', ['white', 'pink'], 7200],
    ['XS', ['blue', 'white'], 6950.5],
    ['S', ['red', 'black'], 7400],
    ['S', ['pink', 'white'], 7200],
    ['S', ['black', 'red'], 7400, true],
    ['S', ['green', 'black'], 7100],
    ['M', ['black', 'white'], 7400],
    ['M', ['red', 'black'], 7600, true],
    ['M', ['red', 'pink'], 7600, true],
    ['M', ['purple', 'black'], 7300],
    ['M', ['white', 'white'], 7900],
    ['L', ['blue', 'blue'], 7400],
    ['L', ['black', 'pink'], 7200],
    ['L', ['white', 'black'], 7600],
    ['L', ['red', 'red'], 8100],
  ]),
  ...rows('t-celeste', [
    [undefined, ['black'], 2400],
    [undefined, ['red'], 2400],
    [undefined, ['green'], 2550],
    [undefined, ['pink'], 2400],
    [undefined, ['yellow'], 2650, true],
    [undefined, ['white'], 2450],
    [undefined, ['purple'], 2500],
  ]),
  ...rows('t-regent', [
    ['40', ['black', 'black'], 1850],
    ['40', ['brown', 'black'], 1850],
    ['41', ['brown', 'brown'], 1850.5],
    ['41', ['black', 'red'], 2100],
    ['41', ['blue', 'brown'], 1980],
    ['42', ['black', 'black'], 1850, true],
    ['42', ['brown', 'red'], 2100],
    ['42', ['grey', 'black'], 1920],
    ['42', ['black', 'brown'], 1900],
    ['43', ['brown', 'black'], 1850],
    ['43', ['green', 'brown'], 2050],
    ['40', ['black', 'brown'], 1900],
  ]),
  ...rows('t-meridien', [
    [undefined, ['yellow', 'blue', 'brown'], 14800],
    [undefined, ['yellow', 'white', 'black'], 14200],
    [undefined, ['grey', 'black', 'black'], 9800],
    [undefined, ['grey', 'blue', 'blue'], 9950],
    [undefined, ['white', 'green', 'brown'], 16500],
    [undefined, ['grey', 'white', 'brown'], 9800, true],
  ]),
  ...rows(
    't-voyage',
    [
      [undefined, ['green', 'brown', 'brown'], 4600],
      [undefined, ['black', 'black', 'brown'], 4900],
      [undefined, ['blue', 'brown', 'brown'], 4600],
      [undefined, ['brown', 'black', 'black'], 5200],
      [undefined, ['grey', 'black', 'black'], 4750],
      [undefined, ['orange', 'brown', 'brown'], 4800, true],
      [undefined, ['white', 'brown', 'brown'], 5100],
    ],
    { 4: { removeShipmentCharge: true } },
  ),
  {
    id: 'p-atelier-echarpe',
    typeId: 't-atelier',
    name: 'Écharpe de Soie',
    colors: [],
    priceUs: 980,
    gender: 0,
    kind: 'scarf',
    look: ['red', 'yellow'],
  },
  {
    id: 'p-atelier-optique',
    typeId: 't-atelier',
    name: 'Optique No. 7',
    colors: [],
    priceUs: 1250.75,
    gender: 1,
    kind: 'eyewear',
    look: ['black'],
  },
  {
    id: 'p-atelier-signet',
    typeId: 't-atelier',
    name: 'Signet No. 3',
    colors: [],
    priceUs: 3400,
    gender: 2,
    kind: 'ring',
    look: ['black'],
  },
  {
    id: 'p-atelier-lune',
    typeId: 't-atelier',
    name: 'Pendentif Lune',
    colors: [],
    priceUs: 2750,
    gender: 0,
    kind: 'pendant',
    look: ['blue'],
    sold: true,
  },
  {
    id: 'p-atelier-chevaliere',
    typeId: 't-atelier',
    name: 'Chevalière Verte',
    colors: [],
    priceUs: 3900,
    gender: 1,
    kind: 'ring',
    look: ['green'],
  },
  ...rows('t-lumiere', [
    [undefined, ['green'], 5600],
    [undefined, ['red'], 6200],
    [undefined, ['blue'], 5900],
  ]),
  ...rows(
    't-nocturne',
    [
      [undefined, ['grey', 'purple'], 1450, true],
      [undefined, ['black', 'red'], 1450, true],
      [undefined, ['brown', 'orange'], 1450, true],
    ],
    { 3: { soldOnOtherPlatform: true } },
  ),
];

/** A fixed 16-digit card number per product (FNV-1a of the id; admin-only data). */
function cardNumber(id: string): string {
  let h = 0x811c9dc5;
  for (const ch of id) {
    h ^= ch.codePointAt(0) ?? 0;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  let g = h ^ 0x5bd1e995;
  for (const ch of [...id].reverse()) {
    g ^= ch.codePointAt(0) ?? 0;
    g = Math.imul(g, 0x01000193) >>> 0;
  }
  return `51${String(h % 10_000_000).padStart(7, '0')}${String(g % 10_000_000).padStart(7, '0')}`;
}

const addHours = (iso: string, hours: number) => new Date(Date.parse(iso) + hours * 3_600_000).toISOString();
const canadian = (usdPrice: number) => Math.round((usdPrice * 1.37) / 10) * 10;

// ---------------------------------------------------------------------------------------------
// Sizes, guides and finders

interface SizeSpec {
  typeId: string;
  name: string;
  gender: Gender;
  description: string;
  menDescription?: string;
  /** The size's meaning video (000 §3), for women or for men. */
  womenMeaning?: keyof typeof VIDEO;
  menMeaning?: keyof typeof VIDEO;
}

const VIDEO = {
  collection: 'videos/collection.mp4',
  atelier: 'videos/atelier.mp4',
  pillars: 'videos/pillars.mp4',
  measure: 'videos/measure.mp4',
} as const;

const SIZES: SizeSpec[] = [
  { typeId: 't-aurora', name: 'XS', gender: 0, description: 'Bust 78–82 cm · waist 60–64 cm · hip 84–88 cm' },
  { typeId: 't-aurora', name: 'S', gender: 0, description: 'Bust 82–86 cm · waist 64–68 cm · hip 88–92 cm' },
  {
    typeId: 't-aurora',
    name: 'M',
    gender: 0,
    description: 'Bust 86–90 cm · waist 68–72 cm · hip 92–96 cm',
    womenMeaning: 'atelier',
  },
  { typeId: 't-aurora', name: 'L', gender: 0, description: 'Bust 90–96 cm · waist 72–78 cm · hip 96–102 cm' },
  {
    typeId: 't-regent',
    name: '40',
    gender: 1,
    description: 'Women’s equivalent: EU 40, US 9',
    menDescription: 'EU 40 · UK 6.5 · US 7.5 — foot 25.0–25.5 cm',
  },
  {
    typeId: 't-regent',
    name: '41',
    gender: 1,
    description: 'Women’s equivalent: EU 41, US 10',
    menDescription: 'EU 41 · UK 7 · US 8 — foot 25.6–26.2 cm',
  },
  {
    typeId: 't-regent',
    name: '42',
    gender: 1,
    description: 'Women’s equivalent: EU 42, US 10.5',
    menDescription: 'EU 42 · UK 8 · US 9 — foot 26.3–26.9 cm',
    menMeaning: 'collection',
  },
  {
    typeId: 't-regent',
    name: '43',
    gender: 1,
    description: 'Women’s equivalent: EU 43, US 11.5',
    menDescription: 'EU 43 · UK 9 · US 10 — foot 27.0–27.6 cm',
  },
];

const sizeId = (typeId: string, name: string) => `s-${typeId.slice(2)}-${name.toLowerCase()}`;

const inches = (cm: number) => String(Math.round((cm / 2.54) * 10) / 10);

interface GuideSpec {
  name: string;
  type: number;
  measure: Measure;
  from: number;
  to: number;
  description: string;
}

/** Guide entries per size: type 1 a range, 2 less than, 3 more than, 4 a length note, 5 a single value. */
function guidesFor(typeId: string, size: string): GuideSpec[] {
  if (typeId === 't-aurora') {
    const i = ['XS', 'S', 'M', 'L'].indexOf(size);
    const bust = [78, 82, 86, 90][i] ?? 86;
    const list: GuideSpec[] = [
      {
        name: 'Bust',
        type: 1,
        measure: 'bust',
        from: bust,
        to: bust + (size === 'L' ? 6 : 4),
        description: 'Around the fullest part of the bust, tape level.',
      },
      {
        name: 'Waist',
        type: 2,
        measure: 'waist',
        from: bust - 14,
        to: bust - 14,
        description: 'Your natural waist should measure less than this.',
      },
      {
        name: 'Hip',
        type: 3,
        measure: 'hip',
        from: bust + 6,
        to: bust + 6,
        description: 'The skirt falls freely from a hip of more than this.',
      },
      {
        name: 'Length',
        type: 4,
        measure: 'length',
        from: 148 + i * 2,
        to: 148 + i * 2,
        description: 'Shoulder to hem, cut to the floor for a 9 cm heel.',
      },
    ];
    if (size === 'M') {
      list.push({
        name: 'Heel',
        type: 5,
        measure: 'heel',
        from: 9,
        to: 9,
        description: 'The heel height the hem is cut for.',
      });
    }
    return list;
  }
  const i = ['40', '41', '42', '43'].indexOf(size);
  const foot = [25, 25.6, 26.3, 27][i] ?? 26.3;
  const list: GuideSpec[] = [
    {
      name: 'Foot length',
      type: 1,
      measure: 'foot',
      from: foot,
      to: Math.round((foot + 0.6) * 10) / 10,
      description: 'Heel to the longest toe, standing.',
    },
    {
      name: 'Foot width',
      type: 2,
      measure: 'width',
      from: 9.6 + i * 0.2,
      to: 9.6 + i * 0.2,
      description: 'Across the widest part of the foot, less than this.',
    },
    {
      name: 'Instep',
      type: 3,
      measure: 'width',
      from: 23 + i * 0.5,
      to: 23 + i * 0.5,
      description: 'Around the instep, more than this for a snug lacing.',
    },
    {
      name: 'Inside length',
      type: 4,
      measure: 'foot',
      from: Math.round((foot + 1.1) * 10) / 10,
      to: Math.round((foot + 1.1) * 10) / 10,
      description: 'Inside length of the shoe; runs true to size.',
    },
  ];
  if (size === '42') {
    list.push({
      name: 'Heel',
      type: 5,
      measure: 'heel',
      from: 2.5,
      to: 2.5,
      description: 'Stacked leather heel.',
    });
  }
  return list;
}

/** One photograph per body measured: its measurements are taped on it together. */
const GUIDE_PHOTOS = {
  form: {
    measures: ['length', 'bust', 'waist', 'hip'],
    title: 'Bust, waist, hip, length',
    hint: 'Tape level, close but not tight',
  },
  foot: { measures: ['foot', 'width'], title: 'Foot length and width', hint: 'Standing, weight on the foot' },
  height: { measures: ['height'], title: 'Height', hint: 'Standing, without shoes' },
  heel: { measures: ['heel'], title: 'Heel height', hint: 'From the floor to the heel seat' },
} satisfies Record<string, { measures: Measure[]; title: string; hint: string }>;

const GUIDE_PHOTO_OF: Record<Measure, keyof typeof GUIDE_PHOTOS> = {
  bust: 'form',
  waist: 'form',
  hip: 'form',
  length: 'form',
  foot: 'foot',
  width: 'foot',
  height: 'height',
  heel: 'heel',
};

interface StepSpec {
  type: number;
  shortName: string;
  description: string;
  image?: Measure;
  video?: boolean;
  options?: { content: string; motif?: Motif }[];
}

const FINDERS: { id: string; typeId: string; gender: Gender; steps: StepSpec[] }[] = [
  {
    id: 'f-aurora-w',
    typeId: 't-aurora',
    gender: 0,
    steps: [
      {
        type: STEP_TYPE.singleChoice,
        shortName: 'fit',
        description: 'How do you like an evening gown to sit?',
        options: [{ content: 'Close to the body' }, { content: 'Softly fitted' }, { content: 'Flowing' }],
      },
      {
        type: STEP_TYPE.measurement,
        shortName: 'bust',
        description: 'Measure around the fullest part of your bust, keeping the tape level.',
        image: 'bust',
        video: true,
      },
      {
        type: STEP_TYPE.imageOptions,
        shortName: 'neckline',
        description: 'Which neckline feels most like you?',
        options: [
          { content: 'Sweetheart', motif: { kind: 'neckline', shape: 'sweetheart' } },
          { content: 'Square', motif: { kind: 'neckline', shape: 'square' } },
          { content: 'V-neck', motif: { kind: 'neckline', shape: 'v' } },
        ],
      },
      {
        type: STEP_TYPE.feetInchesOrCm,
        shortName: 'height',
        description: 'How tall are you, without shoes?',
        image: 'height',
      },
      {
        type: STEP_TYPE.multipleImageOptions,
        shortName: 'heel',
        description: 'Which heel heights will you wear with it? Choose any.',
        options: [
          { content: '2 cm', motif: { kind: 'heel', cm: 2 } },
          { content: '5 cm', motif: { kind: 'heel', cm: 5 } },
          { content: '9 cm', motif: { kind: 'heel', cm: 9 } },
        ],
      },
      {
        type: STEP_TYPE.email,
        shortName: 'email',
        description: 'Where should we send your size? We answer within 7 business days.',
      },
    ],
  },
  {
    id: 'f-regent-m',
    typeId: 't-regent',
    gender: 1,
    steps: [
      {
        type: STEP_TYPE.singleChoice,
        shortName: 'fit',
        description: 'How do your shoes usually fit?',
        options: [{ content: 'Snug' }, { content: 'True to size' }, { content: 'Roomy' }],
      },
      {
        type: STEP_TYPE.measurement,
        shortName: 'foot',
        description: 'Stand on a sheet of paper and measure from the heel to the longest toe.',
        image: 'foot',
        video: true,
      },
      {
        type: STEP_TYPE.imageOptions,
        shortName: 'toe',
        description: 'Which toe shape do you prefer?',
        options: [
          { content: 'Round', motif: { kind: 'toe', shape: 'round' } },
          { content: 'Almond', motif: { kind: 'toe', shape: 'almond' } },
          { content: 'Square', motif: { kind: 'toe', shape: 'square' } },
        ],
      },
      {
        type: STEP_TYPE.feetInchesOrCm,
        shortName: 'height',
        description: 'How tall are you, without shoes?',
        image: 'height',
      },
      {
        type: STEP_TYPE.multipleImageOptions,
        shortName: 'leather',
        description: 'Which leathers do you already wear? Choose any.',
        options: [
          { content: 'Calf', motif: { kind: 'leather', finish: 'calf' } },
          { content: 'Suede', motif: { kind: 'leather', finish: 'suede' } },
          { content: 'Patent', motif: { kind: 'leather', finish: 'patent' } },
          { content: 'Cordovan', motif: { kind: 'leather', finish: 'cordovan' } },
        ],
      },
      {
        type: STEP_TYPE.email,
        shortName: 'email',
        description: 'Where should we send your size? We answer within 7 business days.',
      },
    ],
  },
];

const motifKey = (m: Motif): string =>
  m.kind === 'neckline'
    ? `neckline-${m.shape}`
    : m.kind === 'heel'
      ? `heel-${m.cm}cm`
      : m.kind === 'toe'
        ? `toe-${m.shape}`
        : `leather-${m.finish}`;

// ---------------------------------------------------------------------------------------------
// Assembly

export function demoCatalogue(): DemoCatalogue {
  const items: Record<string, unknown>[] = [];
  const media = new Map<string, DemoMedia>();
  const photo = (key: string, compose: () => string): string => {
    if (!media.has(key)) media.set(key, { key, contentType: 'image/jpeg', composition: compose() });
    return s3Url(key);
  };
  const guidePhoto = (measure: Measure): string => {
    const name = GUIDE_PHOTO_OF[measure];
    const { measures, title, hint } = GUIDE_PHOTOS[name];
    return photo(`collection_images/guides/${name}.jpg`, () => measureSvg(measures, title, hint, true));
  };
  const videoUrl = (key: string): string => {
    if (!media.has(key)) {
      const file = join(import.meta.dirname, 'media', key.slice('videos/'.length));
      media.set(key, { key, body: readFileSync(file), contentType: 'video/mp4' });
    }
    return s3Url(key);
  };
  const collectionOf = (typeId: string): CollectionSpec => {
    const c = COLLECTIONS.find((x) => x.id === typeId);
    if (!c) throw new Error(`demo: unknown collection ${typeId}`);
    return c;
  };
  const productOf = (id: string): ProductSpec => {
    const p = PRODUCTS.find((x) => x.id === id);
    if (!p) throw new Error(`demo: unknown product ${id}`);
    return p;
  };

  // A collection's own photographs, for its lists (/women, /men) and its pages (`count` of them):
  // a piece in its first colourway, a detail in its second, and for the collection with a gallery
  // a lookbook of three. No piece is shown with them (pieceShots), so the front's caption names no
  // colour.
  const lookOf = (c: CollectionSpec, name: 'front' | 'detail') =>
    c.looks[name === 'front' ? 0 : 1] ?? c.looks[0] ?? [];
  const shot = (c: CollectionSpec, name: 'front' | 'detail') => ({
    key: `collection_images/pieces/${c.id}-${name}.jpg`,
    compose: () =>
      productSvg({
        kind: c.kind,
        colors: lookOf(c, name),
        areas: c.areas,
        name: c.name,
        view: name === 'front' ? 1 : 2,
        subtitle: SHARED_FRONT_CAPTION,
      }),
  });
  const lookbook = (c: CollectionSpec): string =>
    photo(`collection_images/pieces/${c.id}-lookbook.jpg`, () =>
      collectionSvg({
        kind: c.kind,
        title: c.name.split(' ')[0] ?? c.name,
        subtitle: c.label ?? `${c.name} · one of one`,
        colorways: c.looks,
        view: 1,
      }),
    );
  const shotsOf = (c: CollectionSpec, count = 3): string[] => {
    const names = (['front', 'detail'] as const).slice(0, count);
    return [
      ...names.map((name) => {
        const s = shot(c, name);
        return photo(s.key, s.compose);
      }),
      ...(c.id === DEMO.typeWithGallery && count > 2 ? [lookbook(c)] : []),
    ];
  };
  // Each piece photographed in its own colours, at camera size, as staff upload a piece: its
  // front, whose caption names its colours (the collection with a gallery adds its lookbook).
  // One photograph each: every one more is a picture set of 18 files to make at a first start.
  const pieceShots = (c: CollectionSpec, p: ProductSpec, name: string): string[] => [
    photo(`collection_images/pieces/${p.id}.jpg`, () =>
      productSvg({ kind: c.kind, colors: p.colors, areas: c.areas, name, view: 1 }),
    ),
    ...(c.id === DEMO.typeWithGallery ? [lookbook(c)] : []),
  ];
  // Single products are photographed one by one.
  const singleArea = (kind: ProductKind | undefined) =>
    kind === 'eyewear' ? 'frame' : kind === 'scarf' ? 'silk' : 'stone';
  const singleFront = (p: ProductSpec): string =>
    photo(`collection_images/pieces/${p.id}.jpg`, () =>
      productSvg({
        kind: p.kind ?? 'ring',
        colors: p.look ?? p.colors,
        areas: [singleArea(p.kind)],
        name: p.name ?? p.id,
        view: 1,
      }),
    );

  // Collections
  for (const c of COLLECTIONS) {
    const prices = PRODUCTS.filter((p) => p.typeId === c.id).map((p) => p.priceUs);
    const fromPrice = Math.min(...prices);
    const pictures = (g: 0 | 1): string => {
      if (c.gender !== 2 && c.gender !== g) return 'undefined';
      const count = c.preSaleText !== undefined || c.issoldout ? 1 : c.gender === 2 ? 2 : 3;
      const urls = c.singlecollection
        ? (g === 0
            ? ['p-atelier-lune', 'p-atelier-echarpe', 'p-atelier-signet']
            : ['p-atelier-optique', 'p-atelier-chevaliere', 'p-atelier-lune']
          ).map((id) => singleFront(productOf(id)))
        : shotsOf(c, count);
      return JSON.stringify(urls.slice(0, count));
    };
    const type: CollectionEntity = {
      kind: 'type',
      id: c.id,
      name: c.name,
      ...(c.label ? { label: c.label } : {}),
      gender: c.gender,
      areaAmount: c.areas.length,
      ...(c.areas.length ? { areaNames: c.areas } : {}),
      singlecollection: c.singlecollection ?? false,
      issoldout: c.issoldout ?? false,
      preSale: c.preSaleText !== undefined,
      ...(c.preSaleText ? { preSaleText: c.preSaleText } : {}),
      discount: c.discount ?? false,
      ...(c.discount ? { discountCode: DEMO.discountCode, discountAmount: DEMO.discountAmount } : {}),
      authPortalText: `Your ${c.noun} from ${c.name} was made once, for you. The photographs below are the record of its authenticity; keep your steel card safe.`,
      womenproductimage: pictures(0),
      menproductimage: pictures(1),
      shippingPrices: shippingPrices(c.shipping),
      createdAt: c.createdAt,
      ...infoTexts(c, fromPrice),
    };
    items.push({ ...collectionKeys(type), ...type });
  }

  // Sizes and their guides
  for (const [i, s] of SIZES.entries()) {
    const id = sizeId(s.typeId, s.name);
    const index = SIZES.filter((x, j) => x.typeId === s.typeId && j < i).length + 1;
    const size: SizeEntity = {
      kind: 'size',
      id,
      typeId: s.typeId,
      name: s.name,
      gender: s.gender,
      index,
      description: s.description,
      ...(s.menDescription ? { menDescription: s.menDescription } : {}),
      ...(s.menMeaning ? { menMeaning: videoUrl(VIDEO[s.menMeaning]) } : {}),
      ...(s.womenMeaning ? { womenMeaning: videoUrl(VIDEO[s.womenMeaning]) } : {}),
    };
    items.push({ ...sizeKeys(size), ...size });
    for (const [k, g] of guidesFor(s.typeId, s.name).entries()) {
      const guide: SizeGuideEntity = {
        kind: 'sizeGuide',
        id: `g-${id.slice(2)}-${k + 1}`,
        sizeId: id,
        name: g.name,
        index: k + 1,
        fromCm: String(g.from),
        toCm: String(g.to),
        fromInches: inches(g.from),
        toInches: inches(g.to),
        description: g.description,
        type: g.type,
        gender: s.gender === 1 ? 1 : 0,
        // A photograph is large enough for both; the picture set serves each its size.
        imageUrl: guidePhoto(g.measure),
        largeImgUrl: guidePhoto(g.measure),
      };
      items.push({ ...sizeGuideKeys(guide), ...guide });
    }
  }

  // Size finders, steps, options
  for (const f of FINDERS) {
    const finder: SizeFinderEntity = {
      kind: 'sizeFinder',
      id: f.id,
      typeId: f.typeId,
      gender: f.gender,
      numberOfSteps: f.steps.length,
    };
    items.push({ ...sizeFinderKeys(finder), ...finder });
    const short = f.typeId.slice(2);
    for (const [i, st] of f.steps.entries()) {
      const measure = st.image;
      const step: StepEntity = {
        kind: 'step',
        id: `st-${short}-${i + 1}`,
        sizeFinderId: f.id,
        index: i + 1,
        description: st.description,
        type: st.type,
        shortName: st.shortName,
        ...(measure ? { imageUrl: guidePhoto(measure) } : {}),
        ...(st.video ? { videoUrl: videoUrl(VIDEO.measure) } : {}),
      };
      items.push({ ...stepKeys(step, finder), ...step });
      for (const [k, o] of (st.options ?? []).entries()) {
        const motif = o.motif;
        const option: OptionEntity = {
          kind: 'option',
          id: `op-${short}-${i + 1}-${k + 1}`,
          stepsId: step.id,
          sizeFinderId: f.id,
          index: k + 1,
          content: o.content,
          ...(motif
            ? {
                imageUrl:
                  // The 9 cm heel is the heel the size guide measures: one photograph for both.
                  motif.kind === 'heel' && motif.cm === 9
                    ? guidePhoto('heel')
                    : photo(`collection_images/finder/${motifKey(motif)}.jpg`, () =>
                        optionSvg(motif, o.content),
                      ),
              }
            : {}),
        };
        items.push({ ...optionKeys(option, step, finder), ...option });
      }
    }
  }

  // Products with their pictures, authenticity photos and videos
  const perType = new Map<string, number>();
  for (const p of PRODUCTS) {
    const c = collectionOf(p.typeId);
    const n = (perType.get(c.id) ?? 0) + 1;
    perType.set(c.id, n);
    const name = p.name ?? `${c.name} No. ${String(n).padStart(2, '0')}`;
    const size = p.size === undefined ? undefined : { size: p.size, sizeId: sizeId(c.id, p.size) };
    const product: ProductEntity = {
      kind: 'product',
      id: p.id,
      typeId: c.id,
      typeName: c.name,
      name,
      gender: p.gender ?? c.gender,
      ...size,
      colors: p.colors,
      status: p.sold ? 0 : 1,
      priceUs: p.priceUs,
      priceCanada: canadian(p.priceUs),
      removeShipmentCharge: p.removeShipmentCharge ?? false,
      singleproduct: c.singlecollection ?? false,
      soldOnOtherPlatform: p.soldOnOtherPlatform ?? false,
      cardNumber: cardNumber(p.id),
      createdAt: addHours(c.createdAt, n),
    };
    items.push({ ...productKeys(product), ...product });

    const kind = p.kind ?? c.kind;
    const colors = p.look ?? p.colors;
    const short = p.id.slice(2);
    const owner = imageOwner('product', p.id);
    const pictures = c.singlecollection ? [singleFront(p), lookbook(c)] : pieceShots(c, p, name);
    for (const [i, url] of pictures.entries()) {
      const image: ImageEntity = {
        kind: 'image',
        id: `img-${short}-${i + 1}`,
        ownerId: p.id,
        type: IMAGE_TYPE.product,
        index: i + 1,
        url,
      };
      items.push({ ...imageKeys({ ...image, ownerPk: owner }), ...image });
    }
    // Every piece's authenticity photographs are its own (docs/passport.md: its certificate names
    // them): a close-up of the piece in its own colours with its name, number and card; the pieces
    // of DEMO.authenticityProducts have the steel card with the piece first.
    const closeUp = () =>
      authenticitySvg({ kind, colors, name, cardNumber: product.cardNumber ?? '', view: 2 });
    const steelCard = () =>
      authenticitySvg({ kind, colors, name, cardNumber: product.cardNumber ?? '', view: 1 });
    const views = (DEMO.authenticityProducts as readonly string[]).includes(p.id)
      ? [steelCard, closeUp]
      : [closeUp];
    for (const [i, compose] of views.entries()) {
      const view = i + 1;
      const image: ImageEntity = {
        kind: 'image',
        id: `auth-${short}-${view}`,
        ownerId: p.id,
        type: IMAGE_TYPE.authenticity,
        index: view,
        url: photo(`authenticity/${p.id}-${view}.jpg`, compose),
      };
      items.push({ ...imageKeys({ ...image, ownerPk: owner }), ...image });
    }
    if ((DEMO.videoProducts as readonly string[]).includes(p.id)) {
      const video: ProductVideoEntity = {
        kind: 'video',
        id: `v-${short}-1`,
        productId: p.id,
        index: 1,
        url: videoUrl(c.gender === 1 ? VIDEO.collection : VIDEO.atelier),
      };
      items.push({ ...productVideoKeys(video), ...video });
    }
  }

  // Collection images: dimension drawings (type 3) and a gallery (type 6)
  const dimensions: { typeId: string; kind: ProductKind; width: string; height: string; note: string }[] = [
    {
      typeId: 't-celeste',
      kind: 'clutch',
      width: '28 cm',
      height: '16 cm',
      note: 'Depth 5 cm · chain drop 48 cm',
    },
    {
      typeId: 't-celeste',
      kind: 'clutch',
      width: '11 in',
      height: '6.3 in',
      note: 'Depth 2 in · chain drop 19 in',
    },
    {
      typeId: 't-meridien',
      kind: 'watch',
      width: '40 mm',
      height: '47 mm',
      note: 'Lug to lug 47 mm · 9.8 mm thick',
    },
    {
      typeId: 't-voyage',
      kind: 'bag',
      width: '52 cm',
      height: '30 cm',
      note: 'Depth 24 cm · handle drop 14 cm',
    },
  ];
  const dimensionIndex = new Map<string, number>();
  for (const d of dimensions) {
    const c = collectionOf(d.typeId);
    const index = (dimensionIndex.get(d.typeId) ?? 0) + 1;
    dimensionIndex.set(d.typeId, index);
    const image: ImageEntity = {
      kind: 'image',
      id: `dim-${d.typeId.slice(2)}-${index}`,
      ownerId: d.typeId,
      type: IMAGE_TYPE.dimension,
      index,
      url: photo(`collection_images/dimensions/${d.typeId}-${index}.jpg`, () =>
        dimensionSvg({ kind: d.kind, title: c.name, width: d.width, height: d.height, note: d.note }),
      ),
    };
    items.push({ ...imageKeys({ ...image, ownerPk: imageOwner('type', d.typeId) }), ...image });
  }
  const gallery = collectionOf(DEMO.typeWithGallery);
  for (const [i, url] of [lookbook(gallery), ...shotsOf(gallery, 2)].entries()) {
    const image: ImageEntity = {
      kind: 'image',
      id: `gal-${gallery.id.slice(2)}-${i + 1}`,
      ownerId: gallery.id,
      type: IMAGE_TYPE.gallery,
      index: i + 1,
      url,
    };
    items.push({ ...imageKeys({ ...image, ownerPk: imageOwner('type', gallery.id) }), ...image });
  }

  // Detail pictures (types 4 men's, 5 women's): the collection's detail and front photographs,
  // already made for its lists (no photograph more to make at the first start).
  const details = [
    [DEMO.typeWithWomenDetails, IMAGE_TYPE.womenDetails, 'wdet'],
    [DEMO.typeWithMenDetails, IMAGE_TYPE.menDetails, 'mdet'],
  ] as const;
  for (const [typeId, type, prefix] of details) {
    const c = collectionOf(typeId);
    for (const [i, url] of shotsOf(c, 2).reverse().entries()) {
      const image: ImageEntity = {
        kind: 'image',
        id: `${prefix}-${typeId.slice(2)}-${i + 1}`,
        ownerId: typeId,
        type,
        index: i + 1,
        url,
      };
      items.push({ ...imageKeys({ ...image, ownerPk: imageOwner('type', typeId) }), ...image });
    }
  }

  // Collection and pillar videos
  const typeVideo = (ownerId: string, gender: Gender, key: string) => {
    const v: CollectionVideoEntity = { kind: 'typeVideo', ownerId, gender, url: videoUrl(key) };
    items.push({ ...collectionVideoKeys(v), ...v });
  };
  for (const c of COLLECTIONS) {
    const genders: Gender[] = c.gender === 2 ? [0, 1, 2] : [c.gender];
    for (const g of genders) typeVideo(c.id, g, c.singlecollection ? VIDEO.atelier : VIDEO.collection);
  }
  for (const pillar of DEMO.pillars) {
    for (const g of [0, 1] as const) typeVideo(pillar, g, VIDEO.pillars);
  }

  // The films of the content pages (shared/films.ts): every slot an upload of a demo clip, served
  // from /media like the collection videos, with a collection's photograph as its poster.
  const clips = [VIDEO.collection, VIDEO.atelier, VIDEO.pillars] as const;
  // Posters: the pieces' photographs already made (no photograph more to make at the first start).
  const posters = [...media.keys()].filter((key) => key.endsWith('-front.jpg')).map(s3Url);
  FILM_SLOTS.forEach((slot, i) => {
    const film: FilmEntity = {
      kind: 'film',
      slot: slot.id,
      title: slot.label,
      film: {
        source: 'upload',
        // "How to measure" plays the measuring clip the finder's steps play too.
        video: videoUrl(slot.id === MEASURE_FILM ? VIDEO.measure : (clips[i % clips.length] as string)),
        poster: posters[i % posters.length] as string,
      },
    };
    items.push({ ...filmKeys(slot.id), ...film });
  });

  return { items, media: [...media.values()] };
}
