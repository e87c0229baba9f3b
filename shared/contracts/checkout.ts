import { pageQuerySchema } from '#shared/admin.ts';
import { checkoutKeySchema, checkoutRequestSchema } from '#shared/checkout.ts';
import { DUTY_NOT_INCLUDED } from '#shared/pricing.ts';
import { idSchema, pageShape } from '#shared/schemas.ts';
import {
  CARRIER_IDS,
  FULFILMENT_STATES,
  GENDERS,
  ORDER_LIST_FILTERS,
  ORDER_STATES,
  ORDER_STATUSES,
} from '#shared/vocabulary.ts';
import * as z from '#shared/zod.ts';
import type { Contract } from './contract.ts';

/**
 * Checkout and orders (001 §4, §7): the discount check, the start of a card or PayPal payment,
 * the success page's reads, the providers' webhooks, and the admin's orders screens.
 */

export const checkoutCodeSchema = z.string().check(z.uuid({ error: 'must be a checkout code' }));
const orderStatusSchema = z.enum(ORDER_STATUSES);
/** The state the admin shows: the payment status, or shipped / delivered for a paid order. */
const orderStateSchema = z.enum(ORDER_STATES);
/** 1 card, 2 PayPal. */
const paymentTypeSchema = z.union([z.literal(1), z.literal(2)]);

/* ---------- the shopper's calls ---------- */

export const typeDiscountQuerySchema = z.object({
  discountCode: z
    .string({ error: 'is required' })
    .check(
      z.trim(),
      z.minLength(1, { error: 'is required' }),
      z.maxLength(64, { error: 'is at most 64 characters' }),
    ),
  typeId: idSchema,
});

/** GET /type-discount?discountCode&typeId: is the code the collection's, and its percent (0 when not). */
export const typeDiscountContract = {
  query: typeDiscountQuerySchema,
  response: z.object({ status: z.literal(200), isCodeValid: z.boolean(), discountAmount: z.number() }),
} satisfies Contract;

/** The server's amounts for a started checkout (shared/pricing.ts `Quote`): the ones charged. */
export const serverAmountsSchema = z.object({
  productPrice: z.number(),
  discountAmount: z.number(),
  productPriceAfterDiscount: z.number(),
  shippingFee: z.number(),
  /** The rate applied, as a fraction (0.13). */
  taxRate: z.number(),
  tax: z.number(),
  duty: z.union([z.literal(0), z.literal(DUTY_NOT_INCLUDED)]),
  total: z.number(),
  currency: z.literal('USD'),
});

/** A piece held for this shopper (POST /checkout/hold; POST /secret adds its PaymentIntent). */
const heldSchema = z.object({
  status: z.literal(200),
  checkoutCode: z.string(),
  /** Absent when the stack has no publishable key (the local stand-in needs none). */
  publishableKey: z.optional(z.string()),
  /** 'local': Stripe.js is the emulator's stand-in (/__payments). */
  paymentsMode: z.enum(['local', 'stripe']),
  /** Until when the piece is held for this shopper (epoch ms). */
  holdUntil: z.number(),
  amounts: serverAmountsSchema,
});

/**
 * POST /secret (the flat checkout fields and the checkout key, as a JSON body): starts a card
 * payment, or answers the same one again for the same key. A sold piece answers 406 { status,
 * message }; a piece held by another shopper 406 { status, message, availableAfter }; an order
 * of this key that is paid already 409 { status, message, checkoutCode }.
 */
export const secretContract = {
  body: checkoutRequestSchema,
  response: z.extend(heldSchema, {
    /** The Stripe PaymentIntent's client secret. */
    client_secret: z.string(),
  }),
} satisfies Contract;

/**
 * POST /checkout/hold (the same body as POST /secret): "continue to payment" of the purchase
 * page. The piece is held for this shopper exactly as POST /secret holds it (the same key, the
 * same order), with the server's amounts; no payment is created yet — the page's Payment Element
 * collects the card first (Stripe's deferred intent), and the pay click asks POST /secret for the
 * PaymentIntent. The same refusals as POST /secret: 406 sold or held by someone else, 409 with
 * checkoutCode for an order of this key that is paid already.
 */
export const holdContract = {
  body: checkoutRequestSchema,
  response: heldSchema,
} satisfies Contract;

/**
 * POST /checkout/quote: what a piece costs shipped to an address, before any hold — the wallet
 * sheet asks it at every address change (issue 46), so its shipping and tax are the server's.
 * Only the parts of an address a price depends on (a wallet gives no more before the confirm).
 * Sold: 406 { status, message }; held by another shopper: 406 { status, message, availableAfter };
 * a country the collection does not ship to: 400. The checkout key, when given, lets this
 * shopper's own hold count as available. The discount code is counted as a /type-discount try.
 */
export const checkoutQuoteContract = {
  body: z.object({
    id: idSchema,
    typeId: z.optional(idSchema),
    country: z
      .string({ error: 'is required' })
      .check(z.trim(), z.regex(/^[A-Za-z]{2}$/, { error: 'is a country code' })),
    state: z.optional(z.string().check(z.trim(), z.maxLength(60))),
    city: z.optional(z.string().check(z.trim(), z.maxLength(120))),
    discountCode: z.optional(z.string().check(z.trim(), z.maxLength(60))),
    checkoutKey: z.optional(checkoutKeySchema),
  }),
  response: z.object({
    status: z.literal(200),
    productName: z.string(),
    amounts: serverAmountsSchema,
    /** What the wallet buttons (Stripe's Express Checkout Element) load Stripe.js with, as POST /secret says. */
    publishableKey: z.optional(z.string()),
    paymentsMode: z.enum(['local', 'stripe']),
  }),
} satisfies Contract;

/**
 * POST /secret/release { id, checkoutKey }: the shopper cancelled or left the page; their own
 * unpaid hold ends at once. Idempotent; never touches a paid order or another shopper's hold.
 */
export const releaseCheckoutContract = {
  body: z.object({ id: idSchema, checkoutKey: checkoutKeySchema }),
  response: z.object({ status: z.literal(200), released: z.boolean() }),
} satisfies Contract;

/** POST /paypal/orders (the same fields as /secret, as a JSON body): starts a PayPal payment. */
export const paypalCreateOrderContract = {
  body: checkoutRequestSchema,
  response: z.object({
    status: z.literal(200),
    checkoutCode: z.string(),
    paypalOrderId: z.string(),
    /** Where the shopper approves the payment at PayPal. */
    approveUrl: z.string(),
    holdUntil: z.number(),
    amounts: serverAmountsSchema,
  }),
} satisfies Contract;

/**
 * POST /orders { checkoutCode, id?, …the spec's other order fields, which are not read }: confirms
 * the order exists for that piece.
 */
export const postOrderContract = {
  body: z.looseObject({ checkoutCode: checkoutCodeSchema, id: z.optional(idSchema) }),
  response: z.object({ status: z.literal(200), orderStatus: orderStatusSchema }),
} satisfies Contract;

/**
 * PATCH /orders { checkoutCode, id }: whether the order is complete. Always an HTTP 200; the
 * body's status says 200 paid, 202 still being confirmed, 409 failed or refunded.
 */
export const patchOrderContract = {
  body: z.strictObject({ checkoutCode: checkoutCodeSchema, id: idSchema }),
  response: z.object({
    status: z.union([z.literal(200), z.literal(202), z.literal(409)]),
    orderStatus: orderStatusSchema,
  }),
} satisfies Contract;

/** GET /orders/{checkout code}: the order's real state, for the success page. */
export const getOrderContract = {
  path: z.object({ id: checkoutCodeSchema }),
  response: z.object({
    status: z.literal(200),
    order: z.object({
      checkoutCode: z.string(),
      status: orderStatusSchema,
      productName: z.string(),
      finalPrice: z.number(),
      currency: z.literal('USD'),
      paymentType: paymentTypeSchema,
      /** Epoch ms. */
      holdUntil: z.number(),
      /** The piece's picture (a stored url, `s3/…`), when it has one. */
      picture: z.optional(z.string()),
      /**
       * Only for the buyer: asked with the key behind the code (header `x-checkout-key`), which
       * only the browser that checked out holds. The code alone (in mails, on staff screens) never
       * shows where the piece goes or to whom.
       */
      buyer: z.optional(
        z.object({
          name: z.string(),
          /** Where the confirmation mail went. */
          email: z.string(),
          /** The shipping address as the buyer reads it back (shared/postal-address.ts). */
          address: z.array(z.string()),
        }),
      ),
    }),
  }),
} satisfies Contract;

/** POST /paypal/capture { checkoutCode }: captures the approved PayPal order; answers its state. */
export const paypalCaptureContract = {
  body: z.strictObject({ checkoutCode: checkoutCodeSchema }),
  response: z.object({
    status: z.literal(200),
    order: z.object({ checkoutCode: z.string(), status: orderStatusSchema }),
  }),
} satisfies Contract;

/* ---------- the providers' webhooks ---------- */

/** What a confirmed payment did to its order (functions/checkout/payment-completion.ts). */
export const COMPLETION_RESULTS = [
  'sold',
  'already-done',
  'refunded',
  'unknown-order',
  'amount-mismatch',
  'needs-attention',
] as const;

/** A webhook's answer to the provider: received, and what it did when it was a payment. */
const webhookAnswer = z.object({
  received: z.literal(true),
  result: z.optional(z.enum(COMPLETION_RESULTS)),
});

/**
 * POST /webhooks/stripe: Stripe's signed event. The request is the provider's raw body, checked
 * by its signature in the handler, so the contract describes only the answer.
 */
export const stripeWebhookContract = { response: webhookAnswer } satisfies Contract;

/** POST /webhooks/paypal: PayPal's notice, verified with PayPal; the contract describes only the answer. */
export const paypalWebhookContract = { response: webhookAnswer } satisfies Contract;

/* ---------- the admin's orders ---------- */

/** One row of the admin's orders list (001 §3, under the spec's names). */
export const orderListItemSchema = z.object({
  /** The checkout code. */
  id: z.string(),
  checkoutCode: z.string(),
  checkoutTime: z.string(),
  productName: z.string(),
  typeName: z.string(),
  name: z.string(),
  email: z.string(),
  finalPrice: z.number(),
  currency: z.literal('USD'),
  status: orderStatusSchema,
  /** 001 §3: status true is paid, anything else is not. */
  paid: z.boolean(),
  paymentType: paymentTypeSchema,
  /** Set on a deleted order that shows again because money moved for it later. */
  deletedAt: z.optional(z.string()),
  /** The payment status, or shipped / delivered once a paid order went out (`state` is the address's). */
  orderState: orderStateSchema,
  /** ISO time the piece was shipped. */
  shippedAt: z.optional(z.string()),
  /** A paid order waiting to ship: business days since payment (Vancouver calendar), and over 7. */
  businessDays: z.optional(z.number()),
  overdue: z.optional(z.boolean()),
});

/**
 * GET /orders?offset&pageSize&filter (admin): orders newest first; the page has no `status`.
 * `filter`: all (the default, as before), waiting (paid, not shipped), overdue (waiting longer
 * than 7 business days, Vancouver calendar), shipped (shipped or delivered), refunded.
 */
export const listOrdersContract = {
  query: z.extend(pageQuerySchema, {
    filter: z._default(
      z.enum(ORDER_LIST_FILTERS, { error: 'must be all, waiting, overdue, shipped or refunded' }),
      'all',
    ),
  }),
  response: z.object(pageShape(orderListItemSchema)),
} satisfies Contract;

/** The fields of one address as the admin's order view spells them (countryId is the ISO code). */
export const ORDER_ADDRESS_FIELDS = [
  'name',
  'phone',
  'email',
  'address',
  'address1',
  'address2',
  'country',
  'countryId',
  'unit',
  'city',
  'postalCode',
  'state',
] as const;
export type OrderAddressField = (typeof ORDER_ADDRESS_FIELDS)[number];

/** The shipping address: every field a string ('' when not given). */
const shippingShape = Object.fromEntries(ORDER_ADDRESS_FIELDS.map((field) => [field, z.string()])) as {
  [K in OrderAddressField]: z.ZodMiniString<string>;
};
/** The billing twins (`nameBilling`, …): present only when the order has a billing address. */
const billingShape = Object.fromEntries(
  ORDER_ADDRESS_FIELDS.map((field) => [`${field}Billing`, z.optional(z.string())]),
) as { [K in OrderAddressField as `${K}Billing`]: z.ZodMiniOptional<z.ZodMiniString<string>> };

/** How a shipped order went out: carrier, tracking, when and by whom (and its last correction). */
export const shipmentSchema = z.object({
  carrier: z.enum(CARRIER_IDS),
  trackingNumber: z.string(),
  trackingUrl: z.string(),
  shippedAt: z.string(),
  shippedBy: z.string(),
  correctedAt: z.optional(z.string()),
  correctedBy: z.optional(z.string()),
});

/** 001 §3 Order as the admin sees it: flat, with the billing twins. */
export const orderViewSchema = z.object({
  ...shippingShape,
  ...billingShape,
  checkoutCode: z.string(),
  /** The product (001 §3 `id`). */
  id: z.string(),
  typeId: z.string(),
  /** The card form is the provider's: the shop never receives the name on the card. */
  cardName: z.null(),
  hasBilling: z.boolean(),
  productName: z.string(),
  typeName: z.string(),
  /** The piece's authenticity card number (absent if the product is gone or has none). */
  cardNumber: z.optional(z.string()),
  size: z.string(),
  gender: z.literal(GENDERS),
  colors: z.array(z.string()),
  currency: z.literal('USD'),
  productPrice: z.number(),
  discountCode: z.string(),
  /** The version of the terms the shopper was shown before paying ('' if the page showed none). */
  termsVersion: z.string(),
  discountAmount: z.number(),
  productPriceAfterDiscount: z.number(),
  shippingFee: z.number(),
  tax: z.number(),
  duty: z.union([z.number(), z.literal(DUTY_NOT_INCLUDED)]),
  finalPrice: z.number(),
  /** What the shopper was charged (001 §3 `amount`): the final price. */
  amount: z.number(),
  paymentType: paymentTypeSchema,
  status: orderStatusSchema,
  paid: z.boolean(),
  checkoutTime: z.string(),
  paidAt: z.optional(z.string()),
  refundedAt: z.optional(z.string()),
  refundReason: z.optional(z.string()),
  mailSentAt: z.optional(z.string()),
  /** The provider's payment: a Stripe PaymentIntent or a PayPal order id. */
  paymentRef: z.optional(z.string()),
  deletedAt: z.optional(z.string()),
  deletedBy: z.optional(z.string()),
  /** The payment status, or shipped / delivered once a paid order went out (`state` is the address's). */
  orderState: orderStateSchema,
  fulfilment: z.optional(z.enum(FULFILMENT_STATES)),
  shipment: z.optional(shipmentSchema),
  deliveredAt: z.optional(z.string()),
  deliveredBy: z.optional(z.string()),
  deliveryMailSentAt: z.optional(z.string()),
  /** A paid order waiting to ship: business days since payment (Vancouver calendar), and over 7. */
  businessDays: z.optional(z.number()),
  overdue: z.optional(z.boolean()),
});

/**
 * GET /order-details?id=<checkout code> (admin): one order with every field; when it may be
 * deleted, a fresh single-use delete token (10 minutes), else why not. No `status`.
 */
export const orderDetailsContract = {
  query: z.object({ id: checkoutCodeSchema }),
  response: z.discriminatedUnion('deletable', [
    z.object({
      order: orderViewSchema,
      deletable: z.literal(true),
      deleteToken: z.string(),
      /** ISO time. */
      deleteTokenValidUntil: z.string(),
    }),
    z.object({ order: orderViewSchema, deletable: z.literal(false), deleteRefusal: z.string() }),
  ]),
} satisfies Contract;

/** DELETE /orders { id, token } (admin): the order becomes a tombstone; its item is kept. */
export const deleteOrderContract = {
  body: z.object({
    id: checkoutCodeSchema,
    token: z
      .string({ error: 'the delete token is missing. please open the order and delete it again.' })
      .check(z.regex(/^[\w-]{43}$/, { error: 'the delete token is not valid' })),
  }),
  response: z.object({ status: z.literal(200), id: z.string(), deletedAt: z.string() }),
} satisfies Contract;
