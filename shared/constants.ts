export { GENDER, type Gender } from './vocabulary.ts';

/** Image types of the spec (001 §3). Type 2 is authenticity proof and never leaves the portal or admin. */
export const IMAGE_TYPE = {
  product: 1,
  authenticity: 2,
  dimension: 3,
  menDetails: 4,
  womenDetails: 5,
  gallery: 6,
} as const;
export type ImageType = (typeof IMAGE_TYPE)[keyof typeof IMAGE_TYPE];
/** Image types a storefront visitor may list. */
export const PUBLIC_IMAGE_TYPES = [1, 3, 4, 5, 6] as const;
/** Images that belong to a product; the others belong to a collection (type). */
export const PRODUCT_IMAGE_TYPES: readonly number[] = [IMAGE_TYPE.product, IMAGE_TYPE.authenticity];

/** Product status (001 §3): 1 available, 0 sold. */
export const PRODUCT_STATUS = { available: 1, sold: 0 } as const;

/** Size guide entry types (000 §3). */
export const SIZE_GUIDE_TYPE = { range: 1, lessThan: 2, moreThan: 3, lengthNote: 4 } as const;

/** Size finder step types (000 §3, 001 §3). */
export const STEP_TYPE = {
  singleChoice: 1,
  measurement: 2,
  imageOptions: 3,
  email: 4,
  feetInchesOrCm: 5,
  multipleImageOptions: 6,
} as const;

/** Titles a shopper may read with /get-product-info and /get-product-details-info (000 §2). */
export const INFO_TITLES = [
  'philanthropy',
  'proPrice',
  'nameOf',
  'dimensionDetails',
  'dimensionBefore',
  'material',
  'madeIn',
  'proImage',
  'care',
  'duties',
  'taxes',
  'shippingMethod',
  'shippingCost',
  'deliveryTime',
  'returns',
  'priceAndCurrency',
  'changeCountry',
  'paymentMethod',
  'international',
  'unisexPrice',
  'femalePrice',
  'malePrice',
  'contact',
  'refund',
  'tracking',
] as const;
export type InfoTitle = (typeof INFO_TITLES)[number];

export const LIMITS = {
  /**
   * Sign-up attempts per client address before "try again in a few minutes": a burst of 32 in
   * any 10 minutes, 200 in any day. Many people share one address (an office, a carrier's NAT, a
   * launch evening's venue): 30 of them signing up within 10 minutes all go through. A script
   * from one address that mails our confirmation to strangers is stopped after 32, and after 200
   * a day; each inbox gets at most 3 of our mails a day whatever the address (the per-e-mail limit).
   */
  memberSignupsPerWindow: 32,
  memberSignupWindowSeconds: 10 * 60,
  memberSignupsPerDay: 200,
  /**
   * Size finder answers stored per client address per window: a shopper who finishes a size
   * finder a few times (several collections, a second try) stays well inside it.
   */
  answersPerWindow: 10,
  answersWindowSeconds: 60 * 60,
  pageSize: 10,
  cardNumberDigits: 16,
  portalPasswordLength: 16,
  picturesPerPicker: 10,
  imagesPerCollectionSet: 25,
} as const;

export const CURRENCY = 'USD';
export const API_PREFIX = '/api';
/** Public path under which media from the S3 bucket is served (CloudFront behaviour, local gateway). */
export const MEDIA_PREFIX = '/media';
/**
 * Bucket prefixes served publicly under MEDIA_PREFIX. Authenticity photos live under
 * `authenticity/` and are only ever handed out by the portal and admin, never served openly.
 */
export const PUBLIC_MEDIA_PREFIXES = ['collection_images/', 'videos/'] as const;

/** How long a shopper who started checkout holds the piece. */
export const HOLD_MINUTES = 15;

/**
 * The authenticity portal's login page (the password mails link it; its reset page is under it).
 * Here, not in shared/portal.ts, so a function that only links the portal does not carry the
 * portal's schemas and messages (every storefront read reaches the link through the product entity).
 */
export const PORTAL_PAGE = '/authenticity';

/** Pictures larger than this are refused before they are decoded (a decompression bomb). */
export const MAX_INPUT_PIXELS = 100_000_000;
