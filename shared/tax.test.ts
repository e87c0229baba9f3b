import { describe, expect, it } from 'vitest';
import { applyParts, fromCents, PricingError, toCents } from '#shared/money.ts';
import {
  CALIFORNIA_CITY_NAMES,
  CALIFORNIA_CITY_RATES,
  CALIFORNIA_DEFAULT_RATE,
  CALIFORNIA_RATE_RANGE,
  californiaCityRate,
  needsRegion,
  PROVINCES,
  regionsOf,
  taxRate,
  US_DEFAULT_RATE,
  US_STATES,
} from '#shared/tax.ts';

describe('Canadian provinces and territories (001 §9)', () => {
  // The spec's list, in its order, as percentages.
  const spec: [string, string, number][] = [
    ['AB', 'Alberta', 5],
    ['BC', 'British Columbia', 12],
    ['MB', 'Manitoba', 12],
    ['NB', 'New Brunswick', 15],
    ['NL', 'Newfoundland and Labrador', 15],
    ['NT', 'Northwest Territories', 5],
    ['NU', 'Nunavut', 5],
    ['NS', 'Nova Scotia', 15],
    ['ON', 'Ontario', 13],
    ['PE', 'Prince Edward Island', 15],
    ['QC', 'Quebec', 14.975],
    ['SK', 'Saskatchewan', 11],
    ['YT', 'Yukon', 5],
  ];

  it('lists the 13 of them, no more', () => {
    expect(PROVINCES.map((p) => p.code).sort()).toEqual(spec.map(([code]) => code).sort());
  });

  it.each(spec)('%s (%s) is taxed %d %%', (code, name, percent) => {
    expect(taxRate({ country: 'CA', state: code })).toBeCloseTo(percent / 100, 10);
    expect(taxRate({ country: 'CA', state: name })).toBe(taxRate({ country: 'CA', state: code }));
    expect(PROVINCES.find((p) => p.code === code)?.name).toBe(name);
  });

  it('makes British Columbia 5 GST + 7 PST and Quebec 5 GST + 9.975 QST', () => {
    expect(PROVINCES.find((p) => p.code === 'BC')).toMatchObject({ rate: 0.12, makeUp: '5 % GST + 7 % PST' });
    expect(PROVINCES.find((p) => p.code === 'QC')).toMatchObject({
      rate: 0.14975,
      makeUp: '5 % GST + 9.975 % QST',
    });
  });

  it('reads country and province codes whatever their case and spacing', () => {
    expect(taxRate({ country: ' ca ', state: ' on ' })).toBe(0.13);
    expect(taxRate({ country: 'CA', state: 'ontario' })).toBe(0.13);
  });

  it('needs a province, and a known one (001 §5)', () => {
    expect(() => taxRate({ country: 'CA' })).toThrow(PricingError);
    expect(() => taxRate({ country: 'CA', state: '  ' })).toThrow(/please choose a province/);
    expect(() => taxRate({ country: 'CA', state: 'XX' })).toThrow(/unknown province/);
    try {
      taxRate({ country: 'CA', state: 'XX' });
    } catch (error) {
      expect((error as PricingError).code).toBe('unknown-region');
    }
  });
});

describe('the USA (001 §9)', () => {
  it('lists the 50 states and DC', () => {
    expect(US_STATES).toHaveLength(51);
    expect(new Set(US_STATES.map((s) => s.code)).size).toBe(51);
    expect(US_STATES).toContainEqual({ code: 'CA', name: 'California' });
    expect(US_STATES).toContainEqual({ code: 'DC', name: 'District of Columbia' });
  });

  it.each(US_STATES.filter((s) => s.code !== 'CA'))('taxes $code ($name) at the USA default 5 %', (state) => {
    expect(taxRate({ country: 'US', state: state.code, city: 'Los Angeles' })).toBe(US_DEFAULT_RATE);
    expect(US_DEFAULT_RATE).toBe(0.05);
  });

  it('needs a state, and a known one (001 §5)', () => {
    expect(() => taxRate({ country: 'US', state: '' })).toThrow(/please choose a state/);
    expect(() => taxRate({ country: 'US', state: 'Ontario' })).toThrow(/unknown state/);
  });
});

describe('California city rates (001 §9)', () => {
  it("has the spec's examples: Los Angeles 0.0975, San Francisco 0.08625", () => {
    expect(taxRate({ country: 'US', state: 'CA', city: 'Los Angeles' })).toBe(0.0975);
    expect(taxRate({ country: 'US', state: 'California', city: 'San Francisco' })).toBe(0.08625);
  });

  it.each([
    ['Oakland', 0.1025],
    ['San Jose', 0.09375],
    ['San Diego', 0.0775],
    ['Sacramento', 0.0875],
    ['Fresno', 0.08375],
    ['Long Beach', 0.1025],
    ['Santa Monica', 0.1025],
    ['Beverly Hills', 0.0975],
    ['Palo Alto', 0.09125],
    ['Berkeley', 0.1025],
  ])('%s is %d', (city, rate) => {
    expect(taxRate({ country: 'US', state: 'CA', city })).toBe(rate);
  });

  it('matches a city whatever its case and spacing', () => {
    for (const city of ['los angeles', 'LOS ANGELES', '  Los   Angeles ', 'losangeles', 'Los\tAngeles']) {
      expect(californiaCityRate(city), city).toBe(0.0975);
    }
    expect(californiaCityRate('san  FRANCISCO')).toBe(0.08625);
  });

  it('gives a city not in the table the 7.25 % state rate', () => {
    expect(CALIFORNIA_DEFAULT_RATE).toBe(0.0725);
    expect(taxRate({ country: 'US', state: 'CA', city: 'Modesto' })).toBe(0.0725);
    expect(taxRate({ country: 'US', state: 'CA', city: 'Los Angelesx' })).toBe(0.0725);
  });

  it('gives a blank city the 7.25 % state rate too, never 0', () => {
    expect(taxRate({ country: 'US', state: 'CA', city: '' })).toBe(0.0725);
    expect(taxRate({ country: 'US', state: 'CA', city: '   ' })).toBe(0.0725);
    expect(taxRate({ country: 'US', state: 'CA' })).toBe(0.0725);
  });

  it('keeps every rate of the table within 0.0725–0.1125 and every name distinct', () => {
    expect(CALIFORNIA_CITY_RATES.size).toBe(CALIFORNIA_CITY_NAMES.length);
    expect(CALIFORNIA_CITY_RATES.size).toBeGreaterThanOrEqual(20);
    for (const [city, rate] of CALIFORNIA_CITY_RATES) {
      expect(rate, city).toBeGreaterThanOrEqual(CALIFORNIA_RATE_RANGE.min);
      expect(rate, city).toBeLessThanOrEqual(CALIFORNIA_RATE_RANGE.max);
      expect(Number.isInteger(Math.round(rate * 100_000)), city).toBe(true);
    }
  });

  it('applies the city table only to California, in the USA', () => {
    expect(taxRate({ country: 'US', state: 'NY', city: 'San Francisco' })).toBe(0.05);
    expect(taxRate({ country: 'CA', state: 'ON', city: 'San Francisco' })).toBe(0.13);
  });
});

describe('other countries (001 §1, §9)', () => {
  it.each(['FR', 'GB', 'JP', 'MX', 'fr'])('%s is not taxed, whatever state or city is sent', (country) => {
    expect(taxRate({ country })).toBe(0);
    expect(taxRate({ country, state: 'CA', city: 'Los Angeles' })).toBe(0);
  });
});

describe('regionsOf, for the form', () => {
  it('gives provinces for Canada, states for the USA, nothing elsewhere', () => {
    expect(regionsOf('CA')).toHaveLength(13);
    expect(regionsOf('CA')[0]).toEqual({ code: 'AB', name: 'Alberta' });
    expect(regionsOf('us')).toBe(US_STATES);
    expect(regionsOf('FR')).toEqual([]);
    expect(needsRegion('CA')).toBe(true);
    expect(needsRegion('US')).toBe(true);
    expect(needsRegion('DE')).toBe(false);
  });
});

describe('money in cents', () => {
  it('turns dollars into whole cents, half up, without binary noise', () => {
    expect(toCents(1850.5)).toBe(185050);
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents(1.005)).toBe(101);
    expect(toCents(4200)).toBe(420000);
    expect(fromCents(185050)).toBe(1850.5);
    expect(fromCents(27711)).toBe(277.11);
  });

  it('refuses negative and non-finite amounts', () => {
    expect(() => toCents(-1)).toThrow(PricingError);
    expect(() => toCents(Number.NaN)).toThrow(PricingError);
    expect(() => toCents(Number.POSITIVE_INFINITY)).toThrow(PricingError);
  });

  it('applies a rate exactly and rounds half up at the cent', () => {
    expect(applyParts(100050, 13_000)).toBe(13007); // 13006.5 → 13007
    expect(applyParts(185050, 14_975)).toBe(27711); // 27711.2375 → 27711
    expect(applyParts(50, 13_000)).toBe(7); // 6.5 → 7
    expect(applyParts(0, 14_975)).toBe(0);
  });
});
