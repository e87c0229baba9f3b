import type { Gender } from '#shared/constants.ts';

/** Key builders: the only place that knows how entities map onto pk/sk/gsi keys. */
const pad = (n: number): string => String(n).padStart(4, '0');

export interface Keys {
  pk: string;
  sk: string;
  gsi1pk?: string;
  gsi1sk?: string;
  gsi2pk?: string;
  gsi2sk?: string;
}

export const typeKey = (id: string) => ({ pk: `TYPE#${id}`, sk: '#TYPE' });
export const typeKeys = (t: { id: string; createdAt: string }): Keys => ({
  ...typeKey(t.id),
  gsi1pk: `TYPE#${t.id}`,
  gsi1sk: '#TYPE',
  gsi2pk: 'TYPES',
  gsi2sk: `${t.createdAt}#${t.id}`,
});
/** gsi1 partition holding a type, its sizes, size finders (with steps and options) and products. */
export const typeFamily = (typeId: string) => `TYPE#${typeId}`;
export const TYPES_LIST = 'TYPES';
export const SIZES_PREFIX = '#TYPE#SIZE#';
export const finderPrefix = (gender: Gender) => `#TYPE#FINDER#G${gender}#`;
export const PRODUCT_PREFIX = 'PRODUCT#';

export const productKey = (id: string) => ({ pk: `PRODUCT#${id}`, sk: '#PRODUCT' });
export const productKeys = (p: { id: string; typeId: string; createdAt: string }): Keys => ({
  ...productKey(p.id),
  gsi1pk: typeFamily(p.typeId),
  gsi1sk: `${PRODUCT_PREFIX}${p.id}`,
  gsi2pk: 'PRODUCTS',
  gsi2sk: `${p.createdAt}#${p.id}`,
});

export const sizeKey = (id: string) => ({ pk: `SIZE#${id}`, sk: '#SIZE' });
export const sizeKeys = (s: { id: string; typeId: string; index: number }): Keys => ({
  ...sizeKey(s.id),
  gsi1pk: typeFamily(s.typeId),
  gsi1sk: `${SIZES_PREFIX}${pad(s.index)}#${s.id}`,
});

export const sizeGuideKeys = (g: { id: string; sizeId: string }): Keys => ({
  pk: `SIZE#${g.sizeId}`,
  sk: `GUIDE#${g.id}`,
});

const finderSk = (f: { id: string; gender: Gender }) => `${finderPrefix(f.gender)}${f.id}`;
export const sizeFinderKeys = (f: { id: string; typeId: string; gender: Gender }): Keys => ({
  pk: `FINDER#${f.id}`,
  sk: '#FINDER',
  gsi1pk: typeFamily(f.typeId),
  gsi1sk: finderSk(f),
});
export const stepKeys = (
  s: { id: string; index: number },
  f: { id: string; typeId: string; gender: Gender },
): Keys => ({
  pk: `FINDER#${f.id}`,
  sk: `STEP#${s.id}`,
  gsi1pk: typeFamily(f.typeId),
  gsi1sk: `${finderSk(f)}#STEP#${pad(s.index)}#${s.id}`,
});
export const optionKeys = (
  o: { id: string; index: number },
  s: { id: string; index: number },
  f: { id: string; typeId: string; gender: Gender },
): Keys => ({
  pk: `FINDER#${f.id}`,
  sk: `STEP#${s.id}#OPTION#${o.id}`,
  gsi1pk: typeFamily(f.typeId),
  gsi1sk: `${finderSk(f)}#STEP#${pad(s.index)}#${s.id}#OPTION#${pad(o.index)}#${o.id}`,
});

/** Images live in their owner's item collection: a product (types 1, 2) or a type (3–6). */
export const imageOwner = (ownerKind: 'product' | 'type', ownerId: string) =>
  ownerKind === 'product' ? `PRODUCT#${ownerId}` : `TYPE#${ownerId}`;
export const imageKeys = (i: { id: string; ownerPk: string; type: number; index: number }): Keys => ({
  pk: i.ownerPk,
  sk: `IMG#${i.type}#${pad(i.index)}#${i.id}`,
});
export const imagePrefix = (type: number) => `IMG#${type}#`;

export const productVideoKeys = (v: { id: string; productId: string; index: number }): Keys => ({
  pk: `PRODUCT#${v.productId}`,
  sk: `VIDEO#${pad(v.index)}#${v.id}`,
});
export const VIDEO_PREFIX = 'VIDEO#';

/** Collection and pillar videos, one per gender, in their own small partition. */
export const typeVideoPartition = (ownerId: string) => `TYPEVIDEO#${ownerId}`;
export const typeVideoKeys = (v: { ownerId: string; gender: Gender }): Keys => ({
  pk: typeVideoPartition(v.ownerId),
  sk: `G${v.gender}`,
});

export const memberKeys = (m: { email: string; createdAt: string }): Keys => ({
  pk: `MEMBER#${m.email}`,
  sk: '#MEMBER',
  gsi2pk: 'MEMBERS',
  gsi2sk: `${m.createdAt}#${m.email}`,
});

export const answerKeys = (a: { id: string; createdTime: string }): Keys => ({
  pk: `ANSWER#${a.id}`,
  sk: '#ANSWER',
  gsi2pk: 'ANSWERS',
  gsi2sk: `${a.createdTime}#${a.id}`,
});

export const rateLimitKey = (name: string, subject: string, windowStart: number) => ({
  pk: `LIMIT#${name}#${subject}`,
  sk: String(windowStart),
});

export const orderKey = (checkoutCode: string) => ({ pk: `ORDER#${checkoutCode}`, sk: '#ORDER' });
export const orderKeys = (o: { checkoutCode: string; checkoutTime: string }): Keys => ({
  ...orderKey(o.checkoutCode),
  gsi2pk: 'ORDERS',
  gsi2sk: `${o.checkoutTime}#${o.checkoutCode}`,
});

export const authRecordKey = (cardNumber: string) => ({ pk: `AUTH#${cardNumber}`, sk: '#AUTH' });
export const authRecordKeys = (a: { cardNumber: string; createdAt: string }): Keys => ({
  ...authRecordKey(a.cardNumber),
  gsi2pk: 'AUTHS',
  gsi2sk: `${a.createdAt}#${a.cardNumber}`,
});

/** A provider event seen once: the key that makes webhooks idempotent. */
export const providerEventKey = (provider: string, eventId: string) => ({
  pk: `EVENT#${provider}#${eventId}`,
  sk: '#EVENT',
});

/** A transfer of an authenticity record, kept beside it, append-only. */
export const transferKey = (cardNumber: string, at: string, id: string) => ({
  pk: `AUTH#${cardNumber}`,
  sk: `TRANSFER#${at}#${id}`,
});
export const TRANSFER_PREFIX = 'TRANSFER#';

/** A session, found by the SHA-256 of its token (the token itself is only in the cookie). */
export const sessionKey = (tokenHash: string) => ({ pk: `SESSION#${tokenHash}`, sk: '#SESSION' });

/**
 * One size finder per collection and gender: this marker item is created with the finder
 * (attribute_not_exists) and moved or deleted with it, so two staff cannot make a second one.
 */
export const finderSlotKey = (typeId: string, gender: Gender) => ({
  pk: `FINDERSLOT#${typeId}`,
  sk: `G${gender}`,
});

/** The gsi1 sort-key prefix of every size finder of a collection, whatever its gender. */
export const FINDERS_PREFIX = '#TYPE#FINDER#';

/** Whole-shop lists on gsi2 of the admin's orders and members screens. */
export const ORDERS_LIST = 'ORDERS';
export const MEMBERS_LIST = 'MEMBERS';

/** A single-use confirmation to delete one order, found by the SHA-256 of its token (TTL). */
export const orderDeleteTokenKey = (tokenHash: string) => ({
  pk: `ORDERDELETE#${tokenHash}`,
  sk: '#ORDERDELETE',
});

/**
 * A card number's claim: one per engraved number, so two pieces can never share one (written
 * with `attribute_not_exists` in the transaction that gives a product its number).
 */
export const cardClaimKey = (cardNumber: string) => ({ pk: `CARD#${cardNumber}`, sk: '#CARD' });

/** A product's keys; a single piece outside any collection (no type id) has no gsi1 family. */
export const productKeysOf = (p: { id: string; typeId: string; createdAt: string }): Keys => {
  if (p.typeId) return productKeys(p);
  const { gsi1pk: _family, gsi1sk: _position, ...rest } = productKeys(p);
  return rest;
};

/** One size finder answer by id, and the shop-wide list of answers (gsi2, in time order). */
export const answerKey = (id: string) => ({ pk: `ANSWER#${id}`, sk: '#ANSWER' });
export const ANSWERS_LIST = 'ANSWERS';

/** A size finder's own item, by id; its steps and options share its partition. */
export const sizeFinderKey = (id: string) => ({ pk: `FINDER#${id}`, sk: '#FINDER' });
