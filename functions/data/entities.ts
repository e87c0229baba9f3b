import type { Gender, InfoTitle } from '#shared/constants.ts';

/** Entities as stored (keys excluded). Field names follow the spec's entities (000 §3, 001 §3). */

export interface TypeEntity extends Partial<Record<InfoTitle, string>> {
  kind: 'type';
  id: string;
  name: string;
  label?: string;
  gender: Gender;
  areaAmount: number;
  singlecollection: boolean;
  issoldout: boolean;
  preSale: boolean;
  preSaleText?: string;
  discount: boolean;
  /** Admin only: the code a shopper types at checkout. */
  discountCode?: string;
  /** Percent. */
  discountAmount?: number;
  /** Shown in the authenticity portal only. */
  authPortalText?: string;
  /** JSON arrays of image urls, as text (the literal 'undefined' counts as empty). */
  womenproductimage: string;
  menproductimage: string;
  /** Shipping price in USD per ISO 3166 country code. */
  shippingPrices: Record<string, number>;
  createdAt: string;
}

export interface ProductEntity {
  kind: 'product';
  id: string;
  typeId: string;
  typeName: string;
  name: string;
  gender: Gender;
  size?: string;
  sizeId?: string;
  /** One colour per colour area, in area order. */
  colors: string[];
  /** 1 available, 0 sold. */
  status: 0 | 1;
  priceUs: number;
  priceCanada?: number;
  removeShipmentCharge: boolean;
  singleproduct: boolean;
  soldOnOtherPlatform: boolean;
  /** Admin only: the number engraved on the steel authenticity card. */
  cardNumber?: string;
  /** Checkout hold: who holds the piece and until when (epoch ms). */
  holdId?: string;
  holdUntil?: number;
  createdAt: string;
}

export interface SizeEntity {
  kind: 'size';
  id: string;
  typeId: string;
  name: string;
  gender: Gender;
  index: number;
  description?: string;
  menDescription?: string;
  menMeaning?: string;
  womenMeaning?: string;
}

export interface SizeGuideEntity {
  kind: 'sizeGuide';
  id: string;
  sizeId: string;
  name: string;
  index: number;
  fromInches?: string;
  toInches?: string;
  fromCm?: string;
  toCm?: string;
  description?: string;
  type: number;
  gender: 0 | 1;
  imageUrl?: string;
  largeImgUrl?: string;
}

export interface SizeFinderEntity {
  kind: 'sizeFinder';
  id: string;
  typeId: string;
  gender: Gender;
  numberOfSteps: number;
}

export interface StepEntity {
  kind: 'step';
  id: string;
  sizeFinderId: string;
  index: number;
  description: string;
  type: number;
  shortName: string;
  imageUrl?: string;
  videoUrl?: string;
}

export interface OptionEntity {
  kind: 'option';
  id: string;
  stepsId: string;
  sizeFinderId: string;
  index: number;
  content: string;
  imageUrl?: string;
}

export interface ImageEntity {
  kind: 'image';
  id: string;
  ownerId: string;
  type: number;
  index: number;
  url: string;
}

export interface ProductVideoEntity {
  kind: 'video';
  id: string;
  productId: string;
  index: number;
  url: string;
}

export interface TypeVideoEntity {
  kind: 'typeVideo';
  ownerId: string;
  gender: Gender;
  url: string;
}

export interface MemberEntity {
  kind: 'member';
  email: string;
  createdAt: string;
}

export interface AnswerEntity {
  kind: 'answer';
  id: string;
  typeId: string;
  gender?: Gender;
  email: string;
  result: Record<string, { shortName: string; val: string }>;
  createdTime: string;
}

export interface Address {
  name: string;
  phone: string;
  email: string;
  address: string;
  address1: string;
  address2?: string;
  country: string;
  unit?: string;
  city: string;
  postalCode?: string;
  state?: string;
}

export type OrderStatus = 'pending' | 'paid' | 'failed' | 'refunded';

/** An order from checkout start to its end (001 §3 Order). Amounts in USD. */
export interface OrderEntity {
  kind: 'order';
  checkoutCode: string;
  productId: string;
  typeId: string;
  productName: string;
  typeName: string;
  size?: string;
  gender: Gender;
  colors: string[];
  contact: Address;
  hasBilling: boolean;
  billing?: Address;
  /** 1 card, 2 PayPal. */
  paymentType: 1 | 2;
  currency: 'USD';
  productPrice: number;
  discountCode?: string;
  discountAmount: number;
  productPriceAfterDiscount: number;
  shippingFee: number;
  tax: number;
  duty: number | 'not included';
  finalPrice: number;
  status: OrderStatus;
  holdId: string;
  holdUntil: number;
  /** The provider's payment object: Stripe PaymentIntent id or PayPal order id. */
  paymentRef?: string;
  checkoutTime: string;
  paidAt?: string;
  refundedAt?: string;
  refundReason?: string;
  mailSentAt?: string;
  /** Until when the confirmation that sold the piece is sending its mail (epoch ms). */
  mailLeaseUntil?: number;
}

/** The owner's proof of a piece (001 §3 Authenticity record); the password only as a hash. */
export interface AuthRecordEntity {
  kind: 'authRecord';
  cardNumber: string;
  pid: string;
  name: string;
  email?: string;
  passwordHash?: string;
  /** Bumped on every credential change, so a change races with no other. */
  credentialVersion: number;
  createdAt: string;
  transferDateTime?: string;
}

/**
 * An order an admin deleted: kept under its key as a tombstone (a late provider event still
 * finds it), hidden from the admin list unless money moved for it (see functions/data/admin-orders.ts).
 */
export interface OrderTombstone {
  deletedAt?: string;
  deletedBy?: string;
}

/** A confirmation the admin's order view hands out, which DELETE /orders must present once. */
export interface OrderDeleteTokenEntity {
  kind: 'orderDeleteToken';
  checkoutCode: string;
  admin: string;
  /** Epoch ms; the condition of the delete compares it (TTL deletes late). */
  validUntil: number;
  /** Epoch seconds, DynamoDB's TTL. */
  expiresAt: number;
}

/** Keeps a card number unique across products (see keys.ts cardClaimKey). */
export interface CardClaimEntity {
  kind: 'cardClaim';
  cardNumber: string;
  pid: string;
}
