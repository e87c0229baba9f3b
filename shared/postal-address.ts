import { countryName } from '#shared/countries.ts';

/** The parts of an order's address that say where a parcel goes (functions/checkout: Address). */
export interface PostalAddress {
  address1: string;
  address2?: string;
  unit?: string;
  city: string;
  state?: string;
  postalCode?: string;
  country: string;
}

/**
 * An address as a buyer reads it back (the confirmation page, the confirmation mail): street,
 * its second line and unit, `city, state postal code`, the country by its name; empty parts left out.
 */
export function postalLines(a: PostalAddress): string[] {
  const street = [a.address1, a.unit ? `unit ${a.unit}` : ''].filter(Boolean).join(', ');
  const place = [a.city, [a.state, a.postalCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [street, a.address2 ?? '', place, a.country ? countryName(a.country) : '']
    .map((line) => line.trim())
    .filter(Boolean);
}
