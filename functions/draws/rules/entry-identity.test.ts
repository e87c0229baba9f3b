import { describe, expect, it } from 'vitest';
import { addressDigest, normaliseEmail } from './entry-identity.ts';

const place = {
  address1: '12 Rue de la Paix',
  city: 'Paris',
  postalCode: '75002',
  country: 'FR',
};

describe("an entry's identity", () => {
  it('counts an e-mail the same whatever its case and surrounding spaces', () => {
    expect(normaliseEmail('  Ada.Lovelace@Example.COM ')).toBe('ada.lovelace@example.com');
    expect(normaliseEmail('ada+1@example.com')).not.toBe(normaliseEmail('ada@example.com'));
  });

  it('counts an address the same however it is typed, and another place as another', () => {
    const same = addressDigest(place);
    expect(addressDigest({ ...place, address1: ' 12,  RUE de la paix. ', city: 'PARIS' })).toBe(same);
    expect(addressDigest({ ...place, address1: '12 Rue de la', address2: 'Paix' })).toBe(same);
    expect(addressDigest({ ...place, address1: '１２ Rue de la Paix' })).toBe(same);
    expect(addressDigest({ ...place, unit: '4' })).not.toBe(same);
    expect(addressDigest({ ...place, address1: '14 Rue de la Paix' })).not.toBe(same);
    expect(addressDigest({ ...place, country: 'BE' })).not.toBe(same);
    // A part moved to another field is another address (city "Paris 75002" is not postal code 75002).
    expect(addressDigest({ ...place, city: 'Paris 75002', postalCode: '' })).not.toBe(same);
    expect(same).toMatch(/^[0-9a-f]{64}$/);
  });
});
