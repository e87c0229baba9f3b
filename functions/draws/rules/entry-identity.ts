import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import type { PostalAddress } from '#shared/postal-address.ts';

/** Where an entry ships: the parts of checkout's shipping address that name the place (country ISO 3166-1 alpha-2). */
export type ShippingPlace = PostalAddress;

/** An e-mail as one entry per person counts it: trimmed, lower case. */
export const normaliseEmail = (email: string) => email.trim().toLowerCase();

/**
 * One text per place however it is typed: Unicode NFKC, lower case, every run of punctuation
 * and spaces one space, the parts in a fixed order (address, unit, city, state, postal code,
 * country). "12 Rue de la Paix," and "12  rue de la paix" are the same place.
 */
export function normaliseAddress(place: ShippingPlace): string {
  const part = (text: string | undefined) =>
    (text ?? '')
      .normalize('NFKC')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .trim();
  const street = [place.address1, place.address2].map(part).filter(Boolean).join(' ');
  return [street, ...[place.unit, place.city, place.state, place.postalCode, place.country].map(part)].join(
    '\n',
  );
}

/** hex(SHA-256) of the normalised address: what the draw keeps to refuse a second entry there. */
export const addressDigest = (place: ShippingPlace) =>
  bytesToHex(sha256(utf8ToBytes(normaliseAddress(place))));
