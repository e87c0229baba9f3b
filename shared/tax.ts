import { PricingError } from '#shared/money.ts';

/**
 * Sales tax tables of 001 §9, pure data and lookups, used by the checkout form (display) and by
 * the server (authoritative). Rates are fractions (0.13 is 13 %).
 *
 * 001 §1 and §9: "tax is computed only for Canada and the USA"; every other country pays no tax
 * here and shows duty as "not included". (§9 says the storefront lists "also USA 5 and Other 5";
 * "Other 5" is not applied: it contradicts the rule twice stated that only Canada and the USA
 * are taxed, and a shopper abroad would pay a tax the shop has no authority to collect.)
 */

export interface Region {
  /** Province, territory or state code as the post writes it (ON, QC, CA, NY…). */
  code: string;
  name: string;
}

export interface Province extends Region {
  rate: number;
  /** How the rate is made up, where it is more than one tax. */
  makeUp?: string;
}

/** 001 §9, "Provincial tax percentages": all 13 provinces and territories. */
export const PROVINCES: readonly Province[] = [
  { code: 'AB', name: 'Alberta', rate: 0.05 },
  { code: 'BC', name: 'British Columbia', rate: 0.12, makeUp: '5 % GST + 7 % PST' },
  { code: 'MB', name: 'Manitoba', rate: 0.12 },
  { code: 'NB', name: 'New Brunswick', rate: 0.15, makeUp: '15 % HST' },
  { code: 'NL', name: 'Newfoundland and Labrador', rate: 0.15 },
  { code: 'NT', name: 'Northwest Territories', rate: 0.05 },
  { code: 'NS', name: 'Nova Scotia', rate: 0.15 },
  { code: 'NU', name: 'Nunavut', rate: 0.05 },
  { code: 'ON', name: 'Ontario', rate: 0.13 },
  { code: 'PE', name: 'Prince Edward Island', rate: 0.15 },
  { code: 'QC', name: 'Quebec', rate: 0.14975, makeUp: '5 % GST + 9.975 % QST' },
  { code: 'SK', name: 'Saskatchewan', rate: 0.11 },
  { code: 'YT', name: 'Yukon', rate: 0.05 },
];

/** The 50 states and the District of Columbia (territories have their own ISO country codes). */
export const US_STATES: readonly Region[] = [
  { code: 'AL', name: 'Alabama' },
  { code: 'AK', name: 'Alaska' },
  { code: 'AZ', name: 'Arizona' },
  { code: 'AR', name: 'Arkansas' },
  { code: 'CA', name: 'California' },
  { code: 'CO', name: 'Colorado' },
  { code: 'CT', name: 'Connecticut' },
  { code: 'DE', name: 'Delaware' },
  { code: 'DC', name: 'District of Columbia' },
  { code: 'FL', name: 'Florida' },
  { code: 'GA', name: 'Georgia' },
  { code: 'HI', name: 'Hawaii' },
  { code: 'ID', name: 'Idaho' },
  { code: 'IL', name: 'Illinois' },
  { code: 'IN', name: 'Indiana' },
  { code: 'IA', name: 'Iowa' },
  { code: 'KS', name: 'Kansas' },
  { code: 'KY', name: 'Kentucky' },
  { code: 'LA', name: 'Louisiana' },
  { code: 'ME', name: 'Maine' },
  { code: 'MD', name: 'Maryland' },
  { code: 'MA', name: 'Massachusetts' },
  { code: 'MI', name: 'Michigan' },
  { code: 'MN', name: 'Minnesota' },
  { code: 'MS', name: 'Mississippi' },
  { code: 'MO', name: 'Missouri' },
  { code: 'MT', name: 'Montana' },
  { code: 'NE', name: 'Nebraska' },
  { code: 'NV', name: 'Nevada' },
  { code: 'NH', name: 'New Hampshire' },
  { code: 'NJ', name: 'New Jersey' },
  { code: 'NM', name: 'New Mexico' },
  { code: 'NY', name: 'New York' },
  { code: 'NC', name: 'North Carolina' },
  { code: 'ND', name: 'North Dakota' },
  { code: 'OH', name: 'Ohio' },
  { code: 'OK', name: 'Oklahoma' },
  { code: 'OR', name: 'Oregon' },
  { code: 'PA', name: 'Pennsylvania' },
  { code: 'RI', name: 'Rhode Island' },
  { code: 'SC', name: 'South Carolina' },
  { code: 'SD', name: 'South Dakota' },
  { code: 'TN', name: 'Tennessee' },
  { code: 'TX', name: 'Texas' },
  { code: 'UT', name: 'Utah' },
  { code: 'VT', name: 'Vermont' },
  { code: 'VA', name: 'Virginia' },
  { code: 'WA', name: 'Washington' },
  { code: 'WV', name: 'West Virginia' },
  { code: 'WI', name: 'Wisconsin' },
  { code: 'WY', name: 'Wyoming' },
];

/** 001 §9: "The storefront lists also USA 5": every state but California. */
export const US_DEFAULT_RATE = 0.05;

/** 001 §9: "the default for a California city not in the table is 7.25 percent" (the state rate). */
export const CALIFORNIA_DEFAULT_RATE = 0.0725;

/** 001 §9: California city rates run "from 0.0725 to 0.1125". */
export const CALIFORNIA_RATE_RANGE = { min: 0.0725, max: 0.1125 } as const;

/**
 * Combined sales tax rates (state + county + district) of California cities, as the California
 * Department of Tax and Fee Administration publishes them. Los Angeles 0.0975 and San Francisco
 * 0.08625 are the spec's own examples (001 §9); the spec's full table is not shown, so the rest
 * is the published rate of each city — district taxes change at quarter starts, so review this
 * list against CDTFA's "California City & County Sales & Use Tax Rates" every quarter. A few
 * neighbourhoods of the City of Los Angeles that shoppers write as their city carry its rate.
 */
const CALIFORNIA_CITIES: readonly (readonly [name: string, rate: number])[] = [
  ['Los Angeles', 0.0975],
  ['San Francisco', 0.08625],
  ['Anaheim', 0.0775],
  ['Bakersfield', 0.0825],
  ['Bel Air', 0.0975],
  ['Berkeley', 0.1025],
  ['Beverly Hills', 0.0975],
  ['Carlsbad', 0.0775],
  ['Costa Mesa', 0.0775],
  ['Culver City', 0.1025],
  ['Cupertino', 0.09125],
  ['Fremont', 0.1025],
  ['Fresno', 0.08375],
  ['Hayward', 0.1075],
  ['Hollywood', 0.0975],
  ['Huntington Beach', 0.0775],
  ['Irvine', 0.0775],
  ['La Jolla', 0.0775],
  ['Laguna Beach', 0.0775],
  ['Long Beach', 0.1025],
  ['Los Gatos', 0.09125],
  ['Menlo Park', 0.09375],
  ['Mountain View', 0.09125],
  ['Newport Beach', 0.0775],
  ['Oakland', 0.1025],
  ['Palm Springs', 0.0925],
  ['Palo Alto', 0.09125],
  ['Pasadena', 0.1025],
  ['Riverside', 0.0875],
  ['Sacramento', 0.0875],
  ['San Diego', 0.0775],
  ['San Jose', 0.09375],
  ['Santa Ana', 0.0925],
  ['Santa Barbara', 0.0875],
  ['Santa Clara', 0.09125],
  ['Santa Monica', 0.1025],
  ['Sherman Oaks', 0.0975],
  ['Stockton', 0.09],
  ['Sunnyvale', 0.09125],
  ['Venice', 0.0975],
  ['West Hollywood', 0.1025],
];

/**
 * City names match whatever their case and spacing ("SAN  francisco", "sanfrancisco"); dots,
 * hyphens and apostrophes are ignored too, so "St. Helena" and "St Helena" are one city.
 */
export function normalizeCity(city: string): string {
  return city.toLowerCase().replace(/[\s.\-'’]+/g, '');
}

/** Normalised city name → rate. */
export const CALIFORNIA_CITY_RATES: ReadonlyMap<string, number> = new Map(
  CALIFORNIA_CITIES.map(([name, rate]) => [normalizeCity(name), rate]),
);

/** Display names of the cities in the table, for documentation and tests. */
export const CALIFORNIA_CITY_NAMES: readonly string[] = CALIFORNIA_CITIES.map(([name]) => name);

/**
 * The rate for a shipping address in California.
 *
 * A city not in the table gets the 7.25 % default (001 §9). So does a blank city: the spec notes
 * that "one reading says a blank city gives tax 0", but a careful shop charges at least the
 * state rate, which every California address owes whatever its city (the form requires the city
 * anyway, 001 §5, so a blank city only reaches here from a display before the form is filled).
 */
export function californiaCityRate(city: string | undefined): number {
  return CALIFORNIA_CITY_RATES.get(normalizeCity(city ?? '')) ?? CALIFORNIA_DEFAULT_RATE;
}

const byCodeOrName = (regions: readonly Region[], value: string) => {
  const wanted = value.trim().toLowerCase();
  return regions.find((r) => r.code.toLowerCase() === wanted || r.name.toLowerCase() === wanted);
};

/** Normalised ISO 3166-1 alpha-2 country code. */
export const countryCode = (country: string): string => country.trim().toUpperCase();

/** The province or state list the checkout form shows for a country; empty for other countries. */
export function regionsOf(country: string): readonly Region[] {
  const code = countryCode(country);
  if (code === 'CA') return PROVINCES.map(({ code, name }) => ({ code, name }));
  if (code === 'US') return US_STATES;
  return [];
}

/** 001 §5: province or state is required when the country is Canada or the USA. */
export function needsRegion(country: string): boolean {
  return regionsOf(country).length > 0;
}

/**
 * The region of an address, by code or name (case-insensitive), or a PricingError: Canada and
 * the USA need a known province or state (001 §5); other countries have none.
 */
export function findRegion(country: string, state: string | undefined): Region | undefined {
  const regions = regionsOf(country);
  if (regions.length === 0) return undefined;
  const kind = countryCode(country) === 'CA' ? 'province' : 'state';
  if (!state?.trim()) throw new PricingError('missing-region', `please choose a ${kind}`);
  const region = byCodeOrName(regions, state);
  if (!region) throw new PricingError('unknown-region', `unknown ${kind}`);
  return region;
}

export interface TaxAddress {
  /** ISO 3166-1 alpha-2 code (CA, US, FR…). */
  country: string;
  /** Province or state, by code or name; required for Canada and the USA. */
  state?: string | undefined;
  city?: string | undefined;
}

/**
 * The sales tax rate for a shipping address, as a fraction: the province's rate in Canada; in
 * the USA the city table for California and 5 % elsewhere; 0 in any other country.
 */
export function taxRate({ country, state, city }: TaxAddress): number {
  const code = countryCode(country);
  const region = findRegion(code, state);
  if (code === 'CA') return PROVINCES.find((p) => p.code === region?.code)?.rate ?? 0;
  if (code === 'US') return region?.code === 'CA' ? californiaCityRate(city) : US_DEFAULT_RATE;
  return 0;
}
