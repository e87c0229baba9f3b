import { countries } from 'countries-list';

/** ISO 3166-1 alpha-2 code → English name, for every country the shop ships to. */
export function countryName(code: string): string {
  return (countries as Record<string, { name: string }>)[code]?.name ?? code;
}

export const COUNTRY_CODES: readonly string[] = Object.keys(countries);
