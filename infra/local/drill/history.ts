import { randomUUID } from 'node:crypto';
import { BatchWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { type AuthRecordEntity, authRecordKeys, saleEntryItem } from '#authenticity/index.ts';
import { cardClaimKey, collectionKeys, productKeys } from '#catalog/entities/keys.ts';
import type { TypeEntity as CollectionEntity, ProductEntity } from '#catalog/index.ts';
import { type OrderEntity, orderKeys } from '#checkout/entities/order.ts';
import { hashPassword } from '#platform/passwords.ts';
import { newOwnerSalt } from '#shared/passport/log.ts';
import type { Progress } from '../../progress.ts';

/**
 * The restore drill's history (issue 49): what a shop that has sold for years holds, written
 * into the local table beside the demo catalogue as the shop's own code would have written it,
 * so the restore is tried on a table of a real size. `sold` pieces were each sold once: the
 * piece (sold, naming its order), its card claim, its paid order, its owner's authenticity record
 * and the sale's pending passport entry (the drill then runs the real sequencer, which chains
 * and publishes them). The other orders are checkouts never paid (failed: a hold that ran out),
 * as most checkouts end. `available` pieces are for sale: the drill's shoppers buy them.
 *
 * Every owner's password is OWNER_PASSWORD, hashed once (the shop's scrypt), so the drill's
 * shopper journey can sign in to the portal as an owner from before the backup.
 */
export const OWNER_PASSWORD = 'DrillOwner-2026x';
const COLLECTION_ID = 'drill-archive';

export interface HistoryCounts {
  orders: number;
  soldPieces: number;
  availablePieces: ProductEntity[];
  owners: { cardNumber: string; email: string }[];
}

const cardNumberOf = (n: number) => `9${String(n).padStart(15, '0')}`;

function collection(createdAt: string): CollectionEntity {
  return {
    kind: 'type',
    id: COLLECTION_ID,
    name: 'Drill archive',
    gender: 0,
    areaAmount: 1,
    singlecollection: false,
    issoldout: false,
    preSale: false,
    discount: false,
    womenproductimage: '[]',
    menproductimage: 'undefined',
    shippingPrices: { CA: 40, US: 45 },
    material: 'wool',
    createdAt,
  } as CollectionEntity;
}

function piece(n: number, createdAt: string, sold?: { code: string; at: string }): ProductEntity {
  return {
    kind: 'product',
    id: `drill-p-${String(n).padStart(6, '0')}`,
    typeId: COLLECTION_ID,
    typeName: 'Drill archive',
    name: `Archive coat ${n}`,
    gender: 0,
    colors: ['black'],
    status: sold ? 0 : 1,
    priceUs: 900,
    priceCanada: 1200,
    removeShipmentCharge: false,
    singleproduct: false,
    soldOnOtherPlatform: false,
    cardNumber: cardNumberOf(n),
    createdAt,
    ...(sold ? { soldOrder: sold.code, soldAt: sold.at } : {}),
  } as ProductEntity;
}

function order(product: ProductEntity, at: number, status: 'paid' | 'failed', n: number): OrderEntity {
  const checkoutTime = new Date(at).toISOString();
  return {
    kind: 'order',
    checkoutCode: randomUUID(),
    productId: product.id,
    typeId: product.typeId,
    productName: product.name,
    typeName: product.typeName,
    gender: product.gender,
    colors: product.colors,
    contact: {
      name: `Archive Buyer ${n}`,
      phone: '+1 604 555 0100',
      email: `archive-${n}@example.com`,
      address: '1 Main St',
      address1: '1 Main St',
      country: 'CA',
      city: 'Vancouver',
      state: 'BC',
    },
    hasBilling: false,
    paymentType: 1,
    currency: 'USD',
    productPrice: product.priceUs,
    discountAmount: 0,
    productPriceAfterDiscount: product.priceUs,
    shippingFee: 40,
    tax: 0,
    duty: 0,
    finalPrice: product.priceUs + 40,
    status,
    holdId: randomUUID(),
    holdUntil: at + 15 * 60_000,
    checkoutTime,
    paymentRef: `pi_archive${n}`,
    ...(status === 'paid' ? { paidAt: new Date(at + 60_000).toISOString(), mailSentAt: checkoutTime } : {}),
  };
}

/** Writes items 25 a time, four writers at once, each sending again what DynamoDB left unprocessed. */
export async function writeItems(
  db: DynamoDBDocumentClient,
  table: string,
  items: readonly Record<string, unknown>[],
  progress?: Progress,
): Promise<void> {
  const batches: Record<string, unknown>[][] = [];
  for (let i = 0; i < items.length; i += 25) batches.push(items.slice(i, i + 25));
  const next = () => batches.shift();
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      for (let batch = next(); batch; batch = next()) {
        let requests = batch.map((Item) => ({ PutRequest: { Item } }));
        const size = requests.length;
        while (requests.length > 0) {
          const answer = await db.send(new BatchWriteCommand({ RequestItems: { [table]: requests } }));
          requests = (answer.UnprocessedItems?.[table] ?? []) as typeof requests;
        }
        progress?.advance(size);
      }
    }),
  );
}

/** The items of the history: `orders` orders of which `sold` sold a piece, and `available` pieces for sale. */
export async function historyItems(options: {
  orders: number;
  sold: number;
  available: number;
  now?: number;
}): Promise<{ items: Record<string, unknown>[]; counts: HistoryCounts }> {
  const now = options.now ?? Date.now();
  const year = 365 * 24 * 60 * 60_000;
  const start = now - year;
  const createdAt = new Date(start).toISOString();
  const passwordHash = await hashPassword(OWNER_PASSWORD);
  const type = collection(createdAt);
  const items: Record<string, unknown>[] = [{ ...collectionKeys(type), ...type }];
  const owners: HistoryCounts['owners'] = [];
  const soldPieces: ProductEntity[] = [];
  for (let n = 0; n < options.sold; n++) {
    // Spread over the year, oldest first, as the log sequenced them.
    const at = start + Math.floor(((n + 1) / (options.sold + 1)) * (year - 3_600_000));
    const unsold = piece(n, createdAt);
    const paid = order(unsold, at, 'paid', n);
    const sold = piece(n, createdAt, { code: paid.checkoutCode, at: paid.paidAt as string });
    soldPieces.push(sold);
    const record: AuthRecordEntity = {
      kind: 'authRecord',
      cardNumber: sold.cardNumber as string,
      pid: sold.id,
      name: sold.name,
      email: paid.contact.email,
      passwordHash,
      credentialVersion: 1,
      createdAt: paid.paidAt as string,
      ownerSalt: newOwnerSalt(),
    };
    owners.push({ cardNumber: record.cardNumber, email: record.email as string });
    const entry = (await saleEntryItem(record)).Put?.Item as Record<string, unknown>;
    items.push(
      { ...productKeys(sold), ...sold },
      { ...cardClaimKey(record.cardNumber), kind: 'cardClaim', cardNumber: record.cardNumber, pid: sold.id },
      { ...orderKeys(paid), ...paid },
      { ...authRecordKeys(record), ...record },
      entry,
    );
  }
  // Checkouts never paid: each of a sold piece, before its sale (another shopper's hold that ran out).
  for (let n = options.sold; n < options.orders; n++) {
    const of = soldPieces[n % Math.max(1, soldPieces.length)];
    if (!of) break;
    const at = start + Math.floor((n / options.orders) * (year - 7_200_000));
    const unpaid = order(of, at, 'failed', n);
    items.push({ ...orderKeys(unpaid), ...unpaid });
  }
  const availablePieces: ProductEntity[] = [];
  for (let n = 0; n < options.available; n++) {
    const p = piece(options.sold + n, createdAt);
    availablePieces.push(p);
    items.push(
      { ...productKeys(p), ...p },
      { ...cardClaimKey(p.cardNumber as string), kind: 'cardClaim', cardNumber: p.cardNumber, pid: p.id },
    );
  }
  return {
    items,
    counts: {
      orders: Math.max(options.orders, options.sold),
      soldPieces: options.sold,
      availablePieces,
      owners,
    },
  };
}
