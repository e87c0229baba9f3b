// Only code → English name (about 4 KB), not the whole countries-list data set with languages,
// currencies and phone codes: this ships in storefront functions and the web bundle.
import names from 'countries-list/minimal/countries.en.min.json' with { type: 'json' };

/** ISO 3166-1 alpha-2 code → English name, for every country the shop ships to. */
export function countryName(code: string): string {
  return (names as Record<string, string>)[code] ?? code;
}

export const COUNTRY_CODES: readonly string[] = Object.keys(names);
