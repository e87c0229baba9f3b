import { tableName } from '#platform/aws-clients.ts';
import { notFound } from '#platform/http-error.ts';
import type { EntityFileDoc } from '#platform/table-doc.ts';
import { COUNTRY_CODES, countryName } from '#shared/countries.ts';
import { auditedWrite } from '#table/audit.ts';
import { getItem } from '#table/query.ts';
import type { CollectionEntity } from './collection.ts';
import { collectionKey } from './keys.ts';

/**
 * A collection's shipping prices (001 §3 Shipping price: one per collection and country) live
 * on its item as `shippingPrices`: ISO country code → USD. A country without a price is one the
 * collection does not ship to.
 */

export type ShippingOwner = Pick<CollectionEntity, 'id' | 'name' | 'shippingPrices'>;

export async function requireShipping(typeId: string): Promise<ShippingOwner> {
  const type = await getItem<ShippingOwner>(collectionKey(typeId), ['id', 'name', 'shippingPrices']);
  if (!type?.id) throw notFound('collection');
  return type;
}

export interface CountryPrice {
  countryId: string;
  country: string;
  /** null: no price, so no shipping to that country. */
  price: number | null;
}

/** Every country the shop knows, by name, with the collection's price where it has one. */
export async function shippingTable(
  typeId: string,
): Promise<{ type: ShippingOwner; prices: CountryPrice[] }> {
  const type = await requireShipping(typeId);
  const prices = COUNTRY_CODES.map((countryId) => ({
    countryId,
    country: countryName(countryId),
    price: type.shippingPrices?.[countryId] ?? null,
  })).sort((a, b) => a.country.localeCompare(b.country, 'en'));
  return { type, prices };
}

/** "Set all": the same price for every country (the whole map is replaced). */
export async function setAllShipping(typeId: string, price: number, admin: string): Promise<void> {
  const type = await requireShipping(typeId);
  const prices = Object.fromEntries(COUNTRY_CODES.map((c) => [c, price]));
  await auditedWrite(
    [
      {
        Update: {
          TableName: tableName(),
          Key: collectionKey(typeId),
          UpdateExpression: 'SET shippingPrices = :prices',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':prices': prices },
        },
      },
    ],
    {
      admin,
      action: 'set-all-shipping',
      entity: 'type',
      entityId: typeId,
      before: { shippingPrices: type.shippingPrices ?? {} },
      after: { shippingPrices: prices },
    },
  );
}

/**
 * Sets (or, with null, removes) the price of one or more countries. Each country is its own
 * path in the map, so two staff members editing different countries do not undo each other.
 */
export async function setShipping(
  typeId: string,
  changes: { countryId: string; price: number | null }[],
  admin: string,
): Promise<Record<string, number>> {
  const type = await requireShipping(typeId);
  const current = type.shippingPrices;
  const after: Record<string, number> = { ...current };
  for (const { countryId, price } of changes) {
    if (price === null) delete after[countryId];
    else after[countryId] = price;
  }
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  let update: string;
  let condition = 'attribute_exists(pk)';
  if (current && typeof current === 'object') {
    const sets: string[] = [];
    const removes: string[] = [];
    changes.forEach(({ countryId, price }, i) => {
      names[`#c${i}`] = countryId;
      if (price === null) removes.push(`shippingPrices.#c${i}`);
      else {
        values[`:p${i}`] = price;
        sets.push(`shippingPrices.#c${i} = :p${i}`);
      }
    });
    update = [
      sets.length ? `SET ${sets.join(', ')}` : '',
      removes.length ? `REMOVE ${removes.join(', ')}` : '',
    ]
      .filter(Boolean)
      .join(' ');
    condition += ' AND attribute_type(shippingPrices, :map)';
    values[':map'] = 'M';
  } else {
    // An old item with no map yet: the map is made whole, once.
    update = 'SET shippingPrices = :prices';
    values[':prices'] = after;
    condition += ' AND attribute_not_exists(shippingPrices)';
  }
  const changed = changes.map((c) => c.countryId);
  const pick = (prices: Record<string, number> | undefined) =>
    Object.fromEntries(changed.map((c) => [c, prices?.[c] ?? null]));
  await auditedWrite(
    [
      {
        Update: {
          TableName: tableName(),
          Key: collectionKey(typeId),
          UpdateExpression: update,
          ConditionExpression: condition,
          ...(Object.keys(names).length ? { ExpressionAttributeNames: names } : {}),
          ExpressionAttributeValues: values,
        },
      },
    ],
    {
      admin,
      action: 'update-shipping',
      entity: 'type',
      entityId: typeId,
      before: { shippingPrices: pick(current) },
      after: { shippingPrices: pick(after) },
    },
  );
  return after;
}

/** Its table items, for docs/reference/data-model-keys.md (`npm run docs`; functions/platform/table-doc.ts). */
export const tableDoc: EntityFileDoc = {
  adds: { to: 'Type (collection)', what: 'its shipping prices (an attribute of this item)' },
};
