import type { Gender } from '#shared/constants.ts';
import { isAvailable, type Sellable } from './availability.ts';

/**
 * Colour picking (000 §4): colours are chosen one colour area at a time. A colour is offered
 * only if some available product of the collection, for the shopper's gender and size, has the
 * colours chosen so far followed by that colour.
 */
export interface Pickable extends Sellable {
  id: string;
  gender: Gender;
  size?: string;
  sizeId?: string;
  colors: string[];
}

export interface PickFilter {
  gender: Gender;
  /** The chosen size (its name or its id); absent when the collection has no sizes. */
  size?: string;
}

const sameColor = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

function fitsShopper(product: Pickable, filter: PickFilter): boolean {
  const genderFits = product.gender === filter.gender || product.gender === 2 || filter.gender === 2;
  const sizeFits =
    filter.size === undefined || product.size === filter.size || product.sizeId === filter.size;
  return genderFits && sizeFits;
}

function startsWith(colors: string[], chosen: string[]): boolean {
  return chosen.every((color, i) => colors[i] !== undefined && sameColor(colors[i], color));
}

export interface ColorChoices {
  /** Colours that still lead to an available piece. */
  available: string[];
  /** Colours this collection has for the area, every piece behind which is sold or held. */
  unavailable: string[];
}

/** The colours for area `chosen.length`, in first-seen order, without duplicates. */
export function nextColors(
  products: Pickable[],
  filter: PickFilter,
  chosen: string[],
  now: number,
): ColorChoices {
  const index = chosen.length;
  const available: string[] = [];
  const seen: string[] = [];
  const add = (list: string[], color: string) => {
    if (!list.some((c) => sameColor(c, color))) list.push(color);
  };
  for (const product of products) {
    if (!fitsShopper(product, filter) || !startsWith(product.colors, chosen)) continue;
    const color = product.colors[index];
    if (color === undefined) continue;
    add(seen, color);
    if (isAvailable(product, now)) add(available, color);
  }
  const unavailable = seen.filter((c) => !available.some((a) => sameColor(a, c)));
  return { available, unavailable };
}

/**
 * The one product with exactly these colours, for the shopper's gender and size. An unsold one
 * wins over a sold one, so the details page can still say "this product is sold." when it is.
 */
export function productByColors(
  products: Pickable[],
  filter: PickFilter,
  colors: string[],
  now: number,
): Pickable | undefined {
  const matches = products.filter(
    (p) => fitsShopper(p, filter) && p.colors.length === colors.length && startsWith(p.colors, colors),
  );
  return matches.find((p) => isAvailable(p, now)) ?? matches.find((p) => p.status !== 0) ?? matches[0];
}
