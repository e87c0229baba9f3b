import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { ADMIN_REQUEST_HEADER } from '#shared/admin.ts';
import { isRandomLookingCheckoutKey } from '#shared/checkout.ts';
import { INFO_TITLES } from '#shared/constants.ts';
import type { Route } from '../../../functions/routes.ts';
import {
  asText,
  clientAddress,
  encode,
  extraFieldName,
  headerSafe,
  hostileString,
  hostileValue,
  hugeString,
} from './hostile.ts';
import type { RawRequest } from './private-stack.ts';

/**
 * What the fuzzer knows of each endpoint: the field names its handler reads (so random values
 * land where the code looks) and, for some, a valid request to mutate (so inputs get past the
 * first check and reach deeper code). Every row of the route table needs an entry here.
 */
export interface Known {
  /** Real ids in the fuzzed table, by what they name. */
  types: string[];
  products: string[];
  sizes: string[];
  guides: string[];
  finders: string[];
  steps: string[];
  options: string[];
  images: string[];
  videos: string[];
  answers: string[];
  checkoutCodes: string[];
  memberEmails: string[];
  cardNumbers: string[];
  /** Every id above, for fields that may name anything. */
  all: string[];
}

type Fields = Record<string, unknown>;
export interface Spec {
  fields: string[];
  /** A valid (or nearly valid) request, mutated by the fuzzer. */
  base?: (k: Known) => fc.Arbitrary<Fields>;
  /**
   * Client addresses to send from; by default a random loopback address each. A route limited
   * per address sends mostly from one, so the run passes its limit and sees it refuse.
   */
  from?: fc.Arbitrary<string>;
}

/**
 * Nearly always one address: about 1 request in 12 is valid (the rest are refused before any
 * count), so a default run of 300 sends some 20 valid ones from it, past a limit of 10.
 */
const mostlyOneAddress = fc.oneof(
  { weight: 9, arbitrary: fc.constant('127.251.0.2') },
  { weight: 1, arbitrary: clientAddress },
);
const CHECKOUT_FIELDS = [
  'checkoutKey',
  'id',
  'typeId',
  'paymentType',
  'name',
  'phone',
  'email',
  'address1',
  'address2',
  'city',
  'state',
  'country',
  'postalCode',
  'unit',
  'hasBilling',
  'nameBilling',
  'phoneBilling',
  'emailBilling',
  'address1Billing',
  'cityBilling',
  'stateBilling',
  'countryBilling',
  'postalCodeBilling',
  'discountCode',
  'discountAmount',
];
/** A key the server takes (random-looking: shared/checkout.ts), drawn from a hash so it shrinks. */
const checkoutKey = fc
  .nat()
  .map((n) => createHash('sha256').update(`checkout-key:${n}`).digest('base64url').slice(0, 32))
  .filter(isRandomLookingCheckoutKey);

const checkoutBase = (k: Known) =>
  fc.record({
    checkoutKey,
    id: pick(k.products),
    name: fc.constant('Fuzz Buyer'),
    phone: fc.constant('+1 604 555 0100'),
    email: fc.constant('fuzz-buyer@example.com'),
    address1: fc.constant('1 Main Street'),
    city: fc.constant('Vancouver'),
    state: fc.constantFrom('BC', 'ON', 'CA', 'NY'),
    country: fc.constantFrom('CA', 'US', 'FR'),
    postalCode: fc.constant('V5K 0A1'),
  });

const PRODUCT_FIELDS = [
  'name',
  'priceUs',
  'priceCanada',
  'size',
  'sizeId',
  'cardNumber',
  'status',
  'typeId',
  'gender',
  'colors',
  'colours',
  'colour',
  'removeShipmentCharge',
  'singleproduct',
  'soldOnOtherPlatform',
];
const productBase = (k: Known) =>
  fc.record({
    name: fc.constant('Fuzz piece'),
    priceUs: fc.integer({ min: 0, max: 100_000 }),
    cardNumber: fc.stringMatching(/^\d{16}$/),
    typeId: pick(k.types),
    colors: fc.constant(['black', 'white']),
    gender: fc.constantFrom(0, 1, 2),
  });

const TYPE_FIELDS = [
  'name',
  'label',
  'gender',
  'areaAmount',
  'singlecollection',
  'issoldout',
  'preSale',
  'preSaleText',
  'discount',
  'discountCode',
  'discountAmount',
  'authPortalText',
  'womenImages',
  'menImages',
  ...INFO_TITLES,
];
const typeBase = () =>
  fc.record({
    name: fc.constant('Fuzz collection'),
    gender: fc.constantFrom(0, 1, 2),
    areaAmount: fc.integer({ min: 0, max: 10 }),
    womenImages: fc.constant(['s3/collection_images/demo-missing.png']),
  });

const SIZE_FIELDS = [
  'name',
  'typeId',
  'gender',
  'index',
  'description',
  'menDescription',
  'menMeaning',
  'womenMeaning',
];
const GUIDE_FIELDS = [
  'sizeId',
  'name',
  'index',
  'type',
  'gender',
  'fromCm',
  'toCm',
  'fromInches',
  'toInches',
  'description',
];
const PAGE = ['offset', 'pageSize'];
const SHIPMENT_FIELDS = ['carrier', 'trackingNumber', 'trackingUrl'];
const shipmentBase = () =>
  fc.record({
    carrier: fc.constantFrom('dhl', 'fedex', 'ups', 'canada-post', 'other'),
    trackingNumber: fc.constantFrom('1Z999AA10123456784', 'JD0146 0000 6101', 'ab-12'),
    trackingUrl: fc.constantFrom(
      undefined,
      'https://track.example.com/p?n=1',
      'http://x.example.com',
      'javascript:1',
    ),
  });

const pick = (list: string[]) => (list.length > 0 ? fc.constantFrom(...list) : fc.uuid());

export const SPECS: Record<string, Spec> = {
  // Storefront
  'POST /member': {
    fields: ['email', 'page'],
    base: () => fc.record({ email: fc.emailAddress(), page: fc.constantFrom('/world/membership', '/x', '') }),
  },
  'POST /member/confirm': { fields: ['token'] },
  'POST /member/unsubscribe': { fields: ['token'] },
  'GET /get-pro-related-video': { fields: ['id', 'gender'] },
  'GET /getTypeByGender': { fields: ['gender'] },
  'GET /has-single-product': { fields: ['id', 'gender'] },
  'GET /get-imgs-by-pid': { fields: ['id', 'type', 'gender', 'usrType'] },
  'GET /type': { fields: ['id'] },
  'GET /has-sizes': { fields: ['id'] },
  'GET /size-guides-for-product': { fields: ['sizeId', 'gender'] },
  'GET /all-steps-by-tid': { fields: ['tid', 'gender'] },
  'POST /answers': {
    fields: ['typeId', 'gender', 'email', 'result'],
    from: mostlyOneAddress,
    base: (k) =>
      fc.record({
        typeId: pick(k.types),
        gender: fc.constantFrom(0, 1, '0'),
        email: fc.constantFrom('skip', 'shopper@example.com'),
        result: fc.constant({ '0': { shortName: 'height', val: '170' } }),
      }),
  },
  'GET /sizes-by-type': { fields: ['tid', 'gender'] },
  'GET /getNextColor': { fields: ['gender', 'index', 'typeId', 'colorComb', 'size'] },
  'GET /getProductIdByColor': { fields: ['gender', 'typeId', 'color', 'size'] },
  'GET /get-product-info': { fields: ['title', 'tid'] },
  'GET /get-product-details-info': { fields: ['title', 'tid'] },
  'GET /get-vid-by-pid': { fields: ['id'] },
  'GET /is-sold': { fields: ['id'] },
  'GET /price-with-shipping': { fields: ['id', 'tid'] },
  'GET /products/{id}': { fields: [] },
  'GET /films': { fields: [] },
  'GET /terms': { fields: [] },

  // Checkout and orders
  'GET /type-discount': { fields: ['discountCode', 'typeId'] },
  'POST /secret': { fields: CHECKOUT_FIELDS, base: checkoutBase },
  'POST /secret/release': {
    fields: ['id', 'checkoutKey'],
    base: (k) => fc.record({ id: pick(k.products), checkoutKey }),
  },
  'POST /checkout/hold': { fields: CHECKOUT_FIELDS, base: checkoutBase },
  'POST /checkout/quote': {
    fields: ['id', 'typeId', 'country', 'state', 'city', 'discountCode', 'checkoutKey'],
    base: (k) => fc.record({ id: pick(k.products), country: fc.constantFrom('CA', 'US', 'FR') }),
  },
  'POST /orders': {
    fields: ['checkoutCode', 'id', 'amount', 'shippingFee', ...CHECKOUT_FIELDS],
    base: (k) => fc.record({ checkoutCode: pick(k.checkoutCodes), id: pick(k.products) }),
  },
  'PATCH /orders': {
    fields: ['checkoutCode', 'id'],
    base: (k) => fc.record({ checkoutCode: pick(k.checkoutCodes), id: pick(k.products) }),
  },
  'POST /product-auth': { fields: ['pid', 'email'] },
  'GET /orders': { fields: PAGE },
  'GET /orders/{id}': { fields: [] },
  'DELETE /orders': { fields: ['id', 'token'] },
  'GET /order-details': { fields: ['id'] },
  'POST /orders/{id}/shipment': { fields: SHIPMENT_FIELDS, base: shipmentBase },
  'PATCH /orders/{id}/shipment': { fields: SHIPMENT_FIELDS, base: shipmentBase },
  'POST /orders/{id}/delivered': { fields: [] },
  'POST /overdue-orders': { fields: [] },
  'GET /paypal/sdk': { fields: [] },
  'POST /paypal/orders': { fields: CHECKOUT_FIELDS, base: checkoutBase },
  'POST /paypal/capture': { fields: ['checkoutCode'] },
  'POST /webhooks/stripe': { fields: ['id', 'type', 'data', 'object'] },
  'POST /webhooks/paypal': { fields: ['id', 'event_type', 'resource'] },

  // Authenticity portal
  'POST /authenticationcard': {
    fields: ['cardNumber', 'password'],
    // A few known cards: their daily limit soon answers 429 without an scrypt check (see POST /admin).
    base: (k) =>
      fc.record({
        cardNumber: fc.oneof(
          { weight: 6, arbitrary: pick(k.cardNumbers.slice(0, 3)) },
          { weight: 1, arbitrary: fc.stringMatching(/^\d{16}$/) },
        ),
        password: fc.string({ minLength: 16, maxLength: 16 }),
      }),
  },
  'GET /authenticationcard': { fields: ['cardNumber', 'password'] },
  'DELETE /authenticationcard': { fields: [] },
  'POST /transfer-auth': {
    fields: ['cardNumber', 'pid', 'email', 'pwd'],
    base: (k) =>
      fc.record({
        cardNumber: pick(k.cardNumbers),
        pid: pick(k.products),
        email: fc.emailAddress(),
        pwd: fc.string({ minLength: 1, maxLength: 16 }),
      }),
  },
  // The passport (issue 37)
  'POST /passport/certificates': { fields: ['pid'], base: (k) => fc.record({ pid: pick(k.products) }) },
  'GET /passport/certificates': { fields: ['pid'] },
  'POST /passport/keys/rotate': { fields: [] },
  'GET /passport/log': { fields: ['piece', 'before'] },
  'POST /passport/proofs': {
    fields: ['days'],
    base: () => fc.record({ days: fc.integer({ min: -1, max: 32 }) }),
  },
  'GET /passport/proofs/{id}': { fields: [] },
  'GET /passport/mine': { fields: [] },
  // The release draws (issue 35): no draw exists in the fuzzed table, so every entry is refused
  // with a clear 4xx; an entry's secret is a checkout key.
  'GET /draws/open': { fields: [] },
  'GET /draws/{drawId}': { fields: [] },
  'POST /draws/{drawId}/entry-links': {
    fields: ['email'],
    base: () => fc.record({ email: fc.emailAddress() }),
  },
  'POST /draws/{drawId}/entry-links/status': {
    fields: ['link'],
    base: () =>
      fc.record({
        link: fc
          .base64String({ minLength: 44, maxLength: 44 })
          .map((s) => s.slice(0, 43).replace(/\+/g, '-').replace(/\//g, '_')),
      }),
  },
  'POST /draws/{drawId}/entries': { fields: [...CHECKOUT_FIELDS, 'link', 'authorise'], base: checkoutBase },
  'POST /draws/{drawId}/entries/{entryId}/confirm': {
    fields: ['token'],
    base: () => fc.record({ token: checkoutKey }),
  },
  'POST /draws/{drawId}/entries/{entryId}/withdraw': {
    fields: ['token'],
    base: () => fc.record({ token: checkoutKey }),
  },
  'POST /draws/{drawId}/entries/{entryId}/status': {
    fields: ['token'],
    base: () => fc.record({ token: checkoutKey }),
  },
  'POST /draws': {
    fields: ['pid', 'typeId', 'opensAt', 'closesAt'],
    base: (k) =>
      fc.record({
        pid: pick(k.products),
        opensAt: fc.constant('2026-01-01T00:00:00Z'),
        closesAt: fc.constantFrom('2026-01-02T00:00:00Z', 'not a time'),
      }),
  },
  'GET /draws': { fields: [] },
  'GET /draws/{drawId}/admin': { fields: [] },
  'GET /draw-pieces': { fields: [] },
  'POST /reset-pwd': {
    fields: ['email', 'cardNumber'],
    base: (k) => fc.record({ email: fc.emailAddress(), cardNumber: pick(k.cardNumbers) }),
  },
  'POST /authenticationcard/login-link': {
    fields: ['cardNumber', 'email'],
    base: (k) => fc.record({ cardNumber: pick(k.cardNumbers), email: fc.emailAddress() }),
  },
  'POST /authenticationcard/login-link/redeem': {
    fields: ['token'],
    // Well-formed tokens nobody was mailed, and anything else.
    base: () => fc.record({ token: fc.stringMatching(/^[A-Za-z0-9_-]{43}$/) }),
  },
  'POST /reset-pwd/confirm': {
    fields: ['token'],
    // Well-formed tokens nobody was mailed, and anything else.
    base: () => fc.record({ token: fc.stringMatching(/^[A-Za-z0-9_-]{43}$/) }),
  },

  // The passport
  'GET /passport/pieces/{pid}': { fields: ['since'] },
  'POST /passport/lost': { fields: ['lost'], base: () => fc.record({ lost: fc.boolean() }) },

  // Admin
  'POST /admin': {
    fields: ['user', 'pass'],
    // Mostly known names: their per-account limit soon answers 429 without an scrypt check, which
    // keeps the run short; now and then a new name, which costs one.
    base: () =>
      fc.record({
        user: fc.oneof(
          { weight: 6, arbitrary: fc.constantFrom('demo-admin', 'admin', 'root') },
          { weight: 1, arbitrary: fc.string({ minLength: 1, maxLength: 64 }) },
        ),
        pass: fc.string({ minLength: 1 }),
      }),
  },
  'GET /admin': { fields: [] },
  'DELETE /admin': { fields: [] },
  'POST /upload-url': {
    fields: ['kind', 'contentType', 'size'],
    base: () =>
      fc.record({
        kind: fc.constantFrom('image', 'authenticity', 'video'),
        contentType: fc.constantFrom('image/png', 'image/jpeg', 'video/mp4'),
        size: fc.integer({ min: 1, max: 1_000_000 }),
      }),
  },
  'GET /audit-log': { fields: PAGE },
  'GET /opening': { fields: [] },
  'GET /products': { fields: [...PAGE, 'searchInfo', 'id'] },
  'POST /products/search': { fields: [...PAGE, 'searchInfo'] },
  'POST /products': { fields: PRODUCT_FIELDS, base: productBase },
  'PATCH /products': {
    fields: ['id', ...PRODUCT_FIELDS],
    base: (k) => productBase(k).chain((p) => pick(k.products).map((id) => ({ ...p, id }))),
  },
  'DELETE /products': { fields: ['id'] },
  'GET /products-auth': { fields: [...PAGE, 'searchInfo'] },
  'POST /products-auth/search': { fields: [...PAGE, 'searchInfo'] },
  'GET /typelist': { fields: [] },
  'GET /types': { fields: PAGE },
  'GET /type-id-gender': { fields: [] },
  'GET /sizelist-by-tid': { fields: ['tid'] },
  'POST /types': { fields: TYPE_FIELDS, base: typeBase },
  'PATCH /types': {
    fields: ['id', ...TYPE_FIELDS],
    base: (k) => typeBase().chain((t) => pick(k.types).map((id) => ({ ...t, womenImages: undefined, id }))),
  },
  'DELETE /types': { fields: ['id'] },
  'PATCH /types/productimage': { fields: ['id', 'gender', 'urls'] },
  'GET /type-admin': { fields: ['id'] },
  'POST /uploadimgs': { fields: ['id', 'type', 'urls'] },
  'DELETE /pictures': { fields: ['id', 'ownerId', 'type'] },
  'GET /admin-images': { fields: ['id', 'type'] },
  'GET /picture-set': {
    fields: ['url'],
    base: () =>
      fc.record({
        url: fc.constantFrom(
          's3/collection_images/a.jpg',
          's3/collection_images/pieces/t-aurora-front.jpg',
          's3/authenticity/a.png',
          's3/collection_images/a/1920w.jpg',
        ),
      }),
  },
  'PATCH /pictures-order': { fields: ['ownerId', 'type', 'ids'] },
  'GET /product-image': { fields: ['id'] },
  'POST /upload-product-img': { fields: ['id', 'url'] },
  'DELETE /product-img': { fields: ['id', 'imageId'] },
  'GET /get-type-video': { fields: ['id'] },
  'POST /upload-type-video-new': { fields: ['pId', 'url', 'gender'] },
  'POST /upload-video': { fields: ['pid', 'urls'] },
  'GET /get-video-by-pid': { fields: ['pid'] },
  'DELETE /videos': { fields: ['id', 'pid'] },
  'POST /films': {
    fields: ['slot', 'title', 'film'],
    base: () =>
      fc.record({
        // Slots no other suite reads or writes, so a fuzzed film never lands on a page a browser test plays.
        slot: fc.constantFrom('collection-16', 'collection-17', 'collection-18'),
        title: fc.string({ minLength: 1, maxLength: 120 }),
        film: fc.oneof(
          fc.record({
            source: fc.constant('embed'),
            provider: fc.constant('vimeo'),
            id: fc.stringMatching(/^[0-9]{1,20}$/),
          }),
          fc.record({
            source: fc.constant('embed'),
            provider: fc.constant('youtube'),
            id: fc.stringMatching(/^[A-Za-z0-9_-]{11}$/),
          }),
          fc.record({
            source: fc.constant('upload'),
            video: fc.constantFrom('s3/videos/collection.mp4', 's3/videos/x.webm'),
            poster: fc.constantFrom('s3/collection_images/a.jpg'),
          }),
        ),
      }),
  },
  'DELETE /films': { fields: ['slot'] },
  'GET /size': { fields: ['id'] },
  'GET /sizes': { fields: [...PAGE, 'typeId'] },
  'POST /sizes': {
    fields: SIZE_FIELDS,
    base: (k) =>
      fc.record({
        name: fc.string({ minLength: 1, maxLength: 40 }),
        typeId: pick(k.types),
        gender: fc.constantFrom(0, 1, 2),
      }),
  },
  'PATCH /sizes': { fields: ['id', ...SIZE_FIELDS] },
  'DELETE /sizes': { fields: ['id'] },
  'GET /size-guide': { fields: ['id', 'sizeId'] },
  'POST /size-guide': {
    fields: GUIDE_FIELDS,
    base: (k) =>
      fc.record({
        sizeId: pick(k.sizes),
        name: fc.constant('Bust'),
        type: fc.constantFrom(1, 2, 3, 4),
        gender: fc.constantFrom(0, 1),
        fromCm: fc.integer({ min: 0, max: 200 }),
        toCm: fc.integer({ min: 0, max: 200 }),
      }),
  },
  'PATCH /size-guide': { fields: ['id', ...GUIDE_FIELDS] },
  'DELETE /size-guide': { fields: ['id', 'sizeId'] },
  'GET /size-guides': { fields: ['sizeId', ...PAGE] },
  'POST /upload-sg-img': { fields: ['id', 'sizeId', 'type', 'url'] },
  'DELETE /sg-img': { fields: ['id', 'sizeId', 'type'] },
  'POST /add-shipping-all': { fields: ['price', 'typeId'] },
  'GET /shipping-price-one': { fields: ['typeId', 'countryId'] },
  'PATCH /shippings': { fields: ['typeId', 'prices'] },
  'GET /members': { fields: PAGE },
  'DELETE /member': { fields: ['email'] },
  'GET /members-export': { fields: [] },
  'POST /terms-versions': {
    fields: ['version', 'effectiveDate', 'summary'],
    base: () =>
      fc.record({
        version: fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9._-]{0,12}$/),
        effectiveDate: fc.constantFrom('2027-01-01', '2026-12-31', '2027-02-30'),
        summary: fc.string({ minLength: 1, maxLength: 200 }),
      }),
  },
  'GET /terms-versions': { fields: [] },
  'POST /release-preview': {
    fields: ['typeId', 'subject', 'text'],
    base: (k) => fc.record({ typeId: pick(k.types), subject: fc.string(), text: fc.string() }),
  },
  'POST /release-test': {
    fields: ['typeId', 'subject', 'text', 'to'],
    base: (k) =>
      fc.record({ typeId: pick(k.types), subject: fc.string(), text: fc.string(), to: fc.emailAddress() }),
  },
  'POST /releases': {
    fields: ['announces', 'typeId', 'eventTitle', 'eventDate', 'subject', 'text', 'sendAt'],
    base: (k) => fc.record({ typeId: pick(k.types), subject: fc.string(), text: fc.string() }),
  },
  'GET /releases': { fields: [] },
  'PATCH /releases': {
    fields: ['id', 'announces', 'typeId', 'eventTitle', 'eventDate', 'subject', 'text', 'sendAt'],
    base: (k) =>
      fc.record({
        id: fc.uuid(),
        typeId: pick(k.types),
        subject: fc.string(),
        text: fc.string(),
        sendAt: fc.constantFrom('2030-01-01T00:00:00Z', 'tomorrow', '2026-13-01T00:00:00Z'),
      }),
  },
  'DELETE /releases': { fields: ['id'], base: () => fc.record({ id: fc.uuid() }) },
  'GET /size-finder': { fields: ['tid', ...PAGE] },
  'GET /size-finder-id': { fields: ['id', 'tid', 'gender'] },
  'POST /size-finder': { fields: ['typeId', 'gender', 'numberOfSteps'] },
  'PATCH /size-finder': { fields: ['id', 'typeId', 'gender', 'numberOfSteps'] },
  'DELETE /size-finder': { fields: ['id'] },
  'GET /all-steps': { fields: ['id', ...PAGE] },
  'GET /step': { fields: ['id', 'sizeFinderId'] },
  'POST /step': {
    fields: ['sizeFinderId', 'index', 'type', 'shortName', 'description'],
    base: (k) =>
      fc.record({
        sizeFinderId: pick(k.finders),
        index: fc.integer({ min: 0, max: 9999 }),
        type: fc.integer({ min: 1, max: 6 }),
        shortName: fc.constant('height'),
        description: fc.constant('How tall are you?'),
      }),
  },
  'PATCH /step': {
    fields: ['id', 'sizeFinderId', 'index', 'type', 'shortName', 'description', 'removeImage', 'removeVideo'],
  },
  'DELETE /step': { fields: ['id', 'sizeFinderId'] },
  'POST /upload-step-img': { fields: ['id', 'sizeFinderId', 'url'] },
  'POST /upload-step-video': { fields: ['id', 'sizeFinderId', 'url'] },
  'GET /all-options': { fields: ['id', 'sizeFinderId', ...PAGE] },
  'GET /option': { fields: ['id', 'sizeFinderId'] },
  'POST /option': { fields: ['sizeFinderId', 'stepsId', 'index', 'content'] },
  'PATCH /option': { fields: ['id', 'sizeFinderId', 'index', 'content'] },
  'DELETE /option': { fields: ['id', 'sizeFinderId'] },
  'POST /upload-option-img': { fields: ['id', 'sizeFinderId', 'url'] },
  'DELETE /options-img': { fields: ['id', 'sizeFinderId'] },
  'GET /answers': { fields: [...PAGE, 'filter'] },
  'GET /answer-details': { fields: ['id'] },
  'POST /answer-reply': {
    fields: ['id', 'replyId', 'sizeId', 'note', 'again'],
    base: (k) =>
      fc.record({
        id: pick(k.answers),
        replyId: fc.uuid(),
        sizeId: pick(k.sizes),
        note: fc.string({ maxLength: 40 }),
        again: fc.boolean(),
      }),
  },
  'POST /answer-reply/mail': { fields: ['id'], base: (k) => fc.record({ id: pick(k.answers) }) },
};

/** A plausible value for a field, by its name: real ids, well-formed codes, in-range numbers. */
function plausible(name: string, k: Known): fc.Arbitrary<unknown> {
  const idLike = fc.stringMatching(/^[A-Za-z0-9_-]{1,64}$/);
  const anyId = fc.oneof(pick(k.all), fc.uuid(), idLike);
  const small = fc.integer({ min: -3, max: 12 });
  switch (name) {
    case 'id':
      return anyId;
    case 'pid':
    case 'pId':
      return fc.oneof(pick(k.products), pick(k.types), anyId);
    case 'tid':
    case 'typeId':
      return fc.oneof(pick(k.types), anyId);
    case 'ownerId':
      return fc.oneof(pick(k.products), pick(k.types));
    case 'sizeId':
      return fc.oneof(pick(k.sizes), anyId);
    case 'sizeFinderId':
      return fc.oneof(pick(k.finders), anyId);
    case 'stepsId':
      return fc.oneof(pick(k.steps), anyId);
    case 'imageId':
      return fc.oneof(pick(k.images), anyId);
    case 'ids':
      return fc.array(fc.oneof(pick(k.images), anyId), { maxLength: 12 });
    case 'checkoutCode':
      return fc.oneof(pick(k.checkoutCodes), fc.uuid());
    case 'token':
      return fc.stringMatching(/^[\w-]{43}$/);
    case 'gender':
      return fc.constantFrom(0, 1, 2, 3, -1, '0', '1', '2', '00', '11', '3');
    case 'type':
      return fc.constantFrom(1, 2, 3, 4, 5, 6, 7, 0, '1', '3', 'imageUrl', 'largeImgUrl');
    case 'offset':
    case 'pageSize':
    case 'index':
    case 'numberOfSteps':
    case 'areaAmount':
      return fc.oneof(small, fc.integer({ min: -100, max: 1_000_001 }), small.map(String));
    case 'size':
    case 'price':
    case 'priceUs':
    case 'priceCanada':
    case 'amount':
    case 'shippingFee':
    case 'discountAmount':
    case 'fromCm':
    case 'toCm':
    case 'fromInches':
    case 'toInches':
      return fc.oneof(
        fc.integer({ min: -10, max: 200_000_000 }),
        fc.double({ min: -1, max: 1e6, noNaN: true }),
        fc.constantFrom('12.5', '$1,200', '1e3'),
      );
    case 'email':
    case 'emailBilling':
      return fc.oneof(
        fc.emailAddress(),
        pick(k.memberEmails),
        fc.constantFrom('skip', 'a@b', '@x.y', 'a@b.c '),
      );
    case 'filter':
      return fc.constantFrom('all', 'unanswered', 'overdue', '', 'ALL');
    case 'again':
      return fc.constantFrom(true, false, 'true', 1, null);
    case 'replyId':
      return fc.oneof(fc.uuid(), idLike);
    case 'note':
      return fc.oneof(fc.string({ maxLength: 40 }), fc.string({ minLength: 1001, maxLength: 1100 }));
    case 'cardNumber':
      return fc.oneof(
        { weight: 4, arbitrary: pick(k.cardNumbers.slice(0, 3)) },
        { weight: 1, arbitrary: fc.stringMatching(/^\d{16}$/) },
        { weight: 2, arbitrary: fc.constantFrom('4111 2222 3333 4444', '4111-2222', '41112222333344445') },
      );
    case 'password':
    case 'pwd':
    case 'pass':
      return fc.string({ minLength: 1, maxLength: 20 });
    case 'user':
      return fc.constantFrom('demo-admin', 'admin', 'root', 'Demo-Admin');
    case 'url':
      return fc.oneof(
        fc.uuid().map((u) => `s3/collection_images/${u}.png`),
        fc.uuid().map((u) => `s3/videos/${u}.mp4`),
        fc.constantFrom(
          'https://evil.example/x.png',
          's3/authenticity/p-aurora-08-1.jpg',
          'collection_images/x.png',
        ),
      );
    case 'urls':
    case 'womenImages':
    case 'menImages':
      return fc.array(plausible('url', k), { maxLength: 12 });
    case 'colors':
    case 'colours':
    case 'colour':
    case 'color':
    case 'colorComb':
      return fc.oneof(
        fc.constantFrom('black,white', '{black,white}', '{}', 'black', ','),
        fc.array(fc.constantFrom('black', 'white', 'ivory', ''), { maxLength: 4 }),
      );
    case 'title':
      return fc.constantFrom(...INFO_TITLES, 'password', 'discountCode', 'authPortalText', 'pk');
    case 'result':
      return fc.dictionary(
        fc.constantFrom('0', '1', '999', '1000', 'x'),
        fc.record({ shortName: fc.string({ maxLength: 5 }), val: fc.string({ maxLength: 5 }) }),
      );
    case 'prices':
      return fc.array(
        fc.record({
          countryId: fc.constantFrom('CA', 'US', 'FR', 'ZZ'),
          price: fc.oneof(fc.integer(), fc.constant(null)),
        }),
        { maxLength: 4 },
      );
    case 'country':
    case 'countryBilling':
    case 'countryId':
      return fc.constantFrom('CA', 'US', 'FR', 'ZZ', 'ca', '');
    case 'state':
    case 'stateBilling':
      return fc.constantFrom('BC', 'ON', 'QC', 'CA', 'NY', 'XX', '');
    case 'kind':
      return fc.constantFrom('image', 'video', 'authenticity', 'document');
    case 'contentType':
      return fc.constantFrom(
        'image/png',
        'image/svg+xml',
        'text/html',
        'video/mp4',
        'application/x-msdownload',
      );
    case 'paymentType':
      return fc.constantFrom('1', '2', '3', 1);
    case 'hasBilling':
    case 'removeImage':
    case 'removeVideo':
    case 'removeShipmentCharge':
    case 'singleproduct':
    case 'soldOnOtherPlatform':
    case 'authorise':
      return fc.constantFrom('later', 'now', '', 'LATER');
    case 'singlecollection':
    case 'issoldout':
    case 'preSale':
    case 'discount':
    case 'status':
      return fc.constantFrom(true, false, 'true', 'false', '1', '0', 1, 0, 2);
    default:
      return fc.string({ maxLength: 30 });
  }
}

type Edit = { op: 'set'; name: string; value: unknown } | { op: 'drop'; name: string };

/** Fields for one request: a mutated valid request, random known fields, or extra ones. */
function fieldsArb(spec: Spec, k: Known, maxHuge: number): fc.Arbitrary<Fields> {
  const names = spec.fields.length > 0 ? spec.fields : ['id'];
  const field = fc.constantFrom(...names);
  const value = (name: string) =>
    fc.oneof({ weight: 1, arbitrary: plausible(name, k) }, { weight: 1, arbitrary: hostileValue(maxHuge) });
  const edit: fc.Arbitrary<Edit> = fc.oneof(
    {
      weight: 3,
      arbitrary: field.chain((name) => value(name).map((v) => ({ op: 'set' as const, name, value: v }))),
    },
    { weight: 1, arbitrary: field.map((name) => ({ op: 'drop' as const, name })) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(extraFieldName, hostileValue(200))
        .map(([name, v]) => ({ op: 'set' as const, name, value: v })),
    },
  );
  const start: fc.Arbitrary<Fields> = fc.oneof(
    ...(spec.base ? [{ weight: 2, arbitrary: spec.base(k) }] : []),
    {
      weight: 2,
      arbitrary: fc
        .subarray(names)
        .chain((chosen) => fc.tuple(...chosen.map((n) => plausible(n, k))).map((vs) => zip(chosen, vs))),
    },
    { weight: 1, arbitrary: fc.constant({}) },
  );
  return fc.tuple(start, fc.array(edit, { minLength: 0, maxLength: 3 })).map(([base, edits]) => {
    const out: Fields = { ...base };
    for (const e of edits) {
      if (e.op === 'drop') delete out[e.name];
      else
        Object.defineProperty(out, e.name, {
          value: e.value,
          enumerable: true,
          writable: true,
          configurable: true,
        });
    }
    return out;
  });
}

const zip = (names: string[], values: unknown[]): Fields =>
  Object.fromEntries(names.map((n, i) => [n, values[i]]));

/** A query string built from fields, or a malformed one. */
function queryArb(fields: fc.Arbitrary<Fields>): fc.Arbitrary<string> {
  const built = fields.map((f) =>
    Object.entries(f)
      .flatMap(([name, value]) =>
        Array.isArray(value) && value.length < 20
          ? value.map((v) => `${encode(name)}=${encode(asText(v))}`)
          : [`${encode(name)}=${encode(asText(value))}`],
      )
      .join('&'),
  );
  const malformed = fc.constantFrom(
    '%',
    '%zz',
    '%C0%AF',
    '%FF%FE',
    '&&&',
    '=x',
    'a=%E0%A4%A',
    'id',
    'id=&id=',
    '?',
  );
  return fc.oneof(
    { weight: 6, arbitrary: built },
    { weight: 1, arbitrary: fc.tuple(built, malformed).map(([a, b]) => (a ? `${a}&${b}` : b)) },
  );
}

export interface Body {
  body?: string | Buffer;
  contentType?: string;
}

/** A body: JSON of the fields, JSON that is not an object, text that is not JSON, bytes, or none. */
function bodyArb(fields: fc.Arbitrary<Fields>, maxHuge: number): fc.Arbitrary<Body> {
  const jsonType = fc.constantFrom(
    'application/json',
    'application/json',
    'application/json',
    'application/json; charset=utf-8',
    'application/vnd.api+json',
  );
  return fc.oneof(
    {
      weight: 8,
      arbitrary: fc
        .tuple(fields, jsonType)
        .map(([f, contentType]) => ({ body: JSON.stringify(f), contentType })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fields, fc.constantFrom('1e999', '123456789012345678901234567890', '-0', '1.0e-400'))
        .map(([f, raw]) => ({
          // A number JSON.parse cannot hold exactly, in place of the first field's value.
          body: JSON.stringify({ ...f, amount: '__RAW__' }).replace('"__RAW__"', raw),
          contentType: 'application/json',
        })),
    },
    {
      weight: 1,
      arbitrary: fc
        .oneof(
          fc.constantFrom('null', '[]', '0', '"x"', 'true', '[{}]', '{"a":{"b":{"c":{}}}}'),
          fc.integer({ min: 2, max: 20_000 }).map((n) => `${'['.repeat(n)}${']'.repeat(n)}`),
          fc.integer({ min: 2, max: 20_000 }).map((n) => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`),
        )
        .map((body) => ({ body, contentType: 'application/json' })),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(
          fc.oneof(
            fc.constantFrom(
              '{',
              '{"a":',
              '}',
              "{'a':1}",
              'x=1&y=2',
              '<?xml version="1.0"?><a/>',
              '\u0000',
              '',
            ),
            hostileString(maxHuge),
          ),
          fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded', undefined),
        )
        .map(([body, contentType]) => ({ body, contentType })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.uint8Array({ maxLength: 200 }),
          fc.constantFrom(
            'application/octet-stream',
            'image/png',
            'multipart/form-data; boundary=x',
            'application/json',
          ),
        )
        .map(([bytes, contentType]) => ({ body: Buffer.from(bytes), contentType })),
    },
    {
      weight: 1,
      arbitrary: hugeString(maxHuge * 40).map((s) => ({
        body: JSON.stringify({ name: s }),
        contentType: 'application/json',
      })),
    },
    { weight: 1, arbitrary: fc.constant({}) },
  );
}

/** A value for a path parameter ({id}). */
function pathParamArb(k: Known): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 2, arbitrary: fc.oneof(pick(k.all), pick(k.checkoutCodes), fc.uuid()).map(encode) },
    { weight: 4, arbitrary: hostileString(500).map(encode) },
    // Raw forms: a slash, dot segments, and encodings a decoder could trip on.
    {
      weight: 1,
      arbitrary: fc.constantFrom('..', '.', '%2e%2e', '%2F', 'a%2Fb', '%252F', '%00', '%20', '%C3%A9'),
    },
  );
}

export type Variant =
  | { kind: 'anonymous' }
  | { kind: 'admin-session'; cookie: string }
  | { kind: 'no-admin-session'; ownerCookie: string; staleAdminCookie: string }
  | { kind: 'owner-session'; cookie: string }
  | { kind: 'no-owner-session'; adminCookie: string }
  | { kind: 'bad-signature' };

/** Cookies a caller without a (valid) session might send. */
function strangerCookie(extra: string[]): fc.Arbitrary<string | undefined> {
  return fc.oneof(
    fc.constant(undefined),
    ...(extra.length > 0 ? [fc.constantFrom(...extra)] : []),
    fc.stringMatching(/^[\w-]{43}$/).map((t) => `__Host-admin=${t}`),
    fc.stringMatching(/^[\w-]{43}$/).map((t) => `__Host-owner=${t}`),
    hostileString(2_000).map((t) => `__Host-admin=${headerSafe(t)}`),
    hostileString(2_000).map((t) => headerSafe(t)),
    fc.constantFrom(
      '__Host-admin=',
      '__Host-admin',
      '=;=;',
      '__Host-admin=a; __Host-admin=b',
      'admin=1; role=admin',
    ),
  );
}

/** Headers a hostile client adds: a cross-site origin, spoofed addresses, odd admin headers. */
const extraHeaders: fc.Arbitrary<Record<string, string>> = fc.oneof(
  { weight: 6, arbitrary: fc.constant({}) },
  {
    weight: 1,
    arbitrary: fc.record(
      {
        origin: fc.constantFrom('https://evil.example', 'null', 'http://localhost', 'not a url'),
        'sec-fetch-site': fc.constantFrom('cross-site', 'same-site', 'none', 'same-origin', 'x'),
        'x-forwarded-for': fc.constantFrom('1.2.3.4', '127.0.0.1, 10.0.0.1'),
        'cloudfront-viewer-address': fc.constantFrom('1.2.3.4:443', '::1:80'),
        'x-origin-verify': fc.string({ maxLength: 40 }).map(headerSafe),
        [ADMIN_REQUEST_HEADER]: fc.constantFrom('1', '0', 'true', ''),
      },
      { requiredKeys: [] },
    ),
  },
);

/** Webhook signature headers: missing, random, well-formed but signed with the wrong secret. */
function webhookHeaders(route: Route): fc.Arbitrary<Record<string, string>> {
  if (route.path === '/webhooks/stripe') {
    return fc.oneof(
      fc.constant({}),
      hostileString(500).map((s) => ({ 'stripe-signature': headerSafe(s) })),
      fc
        .tuple(fc.integer({ min: 0, max: 2 ** 40 }), fc.stringMatching(/^[0-9a-f]{64}$/))
        .map(([t, v1]) => ({ 'stripe-signature': `t=${t},v1=${v1}` })),
      fc
        .stringMatching(/^[0-9a-f]{64}$/)
        .map((v1) => ({ 'stripe-signature': `t=${Math.floor(Date.now() / 1000)},v1=${v1}` })),
    );
  }
  const names = [
    'paypal-transmission-id',
    'paypal-transmission-time',
    'paypal-transmission-sig',
    'paypal-cert-url',
    'paypal-auth-algo',
  ];
  return fc.oneof(
    fc.constant({}),
    fc
      .tuple(...names.map(() => fc.oneof(fc.constant(undefined), hostileString(300).map(headerSafe))))
      .map((values) =>
        Object.fromEntries(
          names.flatMap((n, i) => (values[i] === undefined ? [] : [[n, values[i] as string]])),
        ),
      ),
    fc.constant(
      Object.fromEntries(
        names.map((n) => [n, n === 'paypal-cert-url' ? 'https://evil.example/cert.pem' : 'x']),
      ),
    ),
  );
}

const MAX_URL = 10_000;

export interface FuzzRequest extends RawRequest {
  from: string;
}

/** Every request the fuzzer sends to one route under one way of calling it. */
export function requestArb(
  route: Route,
  variant: Variant,
  k: Known,
  maxHuge: number,
): fc.Arbitrary<FuzzRequest> {
  const spec = SPECS[`${route.method} ${route.path}`];
  if (!spec) throw new Error(`no fuzz spec for ${route.method} ${route.path}`);
  const fields = fieldsArb(spec, k, maxHuge);
  const readsBody = route.method !== 'GET';
  const query = fc.oneof(
    { weight: readsBody ? 1 : 6, arbitrary: queryArb(fields) },
    { weight: readsBody ? 3 : 1, arbitrary: fc.constant('') },
  );
  const body = readsBody
    ? bodyArb(fields, maxHuge)
    : fc.oneof(
        { weight: 6, arbitrary: fc.constant<Body>({}) },
        { weight: 1, arbitrary: bodyArb(fields, maxHuge) },
      );
  const path = route.path.includes('{')
    ? pathParamArb(k).map((p) => route.path.replace(/\{\w+\}/, p))
    : fc.constant(route.path);

  let auth: fc.Arbitrary<Record<string, string>>;
  switch (variant.kind) {
    case 'admin-session':
      auth = fc.constant({
        cookie: variant.cookie,
        ...(route.method === 'GET' ? {} : { [ADMIN_REQUEST_HEADER]: '1' }),
      });
      break;
    case 'owner-session':
      auth = fc.constant({ cookie: variant.cookie });
      break;
    case 'no-admin-session':
      auth = fc
        .tuple(strangerCookie([variant.ownerCookie, variant.staleAdminCookie]), fc.boolean())
        .map(([cookie, header]) => ({
          ...(cookie ? { cookie } : {}),
          ...(header ? { [ADMIN_REQUEST_HEADER]: '1' } : {}),
        }));
      break;
    case 'no-owner-session':
      auth = strangerCookie([variant.adminCookie]).map(
        (cookie): Record<string, string> => (cookie ? { cookie } : {}),
      );
      break;
    case 'bad-signature':
      auth = webhookHeaders(route);
      break;
    default:
      auth = strangerCookie([]).map((cookie): Record<string, string> => (cookie ? { cookie } : {}));
  }

  return fc
    .record({ path, query, body, auth, extra: extraHeaders, from: spec.from ?? clientAddress })
    .map((r) => {
      const headers: Record<string, string> = { ...r.extra, ...r.auth };
      if (r.body.contentType) headers['content-type'] = r.body.contentType;
      // Node's HTTP server (the local gateway) refuses a request line and headers over 16 KB with
      // an empty 431 before any handler runs; API Gateway has its own, similar limit.
      const query = r.query.slice(0, Math.max(0, MAX_URL - r.path.length));
      return {
        method: route.method,
        path: query ? `${r.path}?${query}` : r.path,
        headers,
        ...(r.body.body === undefined ? {} : { body: r.body.body }),
        from: r.from,
      };
    });
}
