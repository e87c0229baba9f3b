import { countryName } from '#shared/countries.ts';

export interface ShippingPrice {
  countryId: string;
  country: string;
  price: number;
}

/** A collection's shipping prices by country, free for a piece that removes the shipment charge. */
export function shippingList(prices: Record<string, number>, removeShipmentCharge: boolean): ShippingPrice[] {
  return Object.entries(prices)
    .map(([countryId, price]) => ({
      countryId,
      country: countryName(countryId),
      price: removeShipmentCharge ? 0 : price,
    }))
    .sort((a, b) => a.country.localeCompare(b.country, 'en'));
}
