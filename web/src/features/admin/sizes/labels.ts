import type { Choice } from '../kit/fields.tsx';

/** 1–4 from 001 §3; 5 is the storefront's single value (000 §3). */
export const GUIDE_TYPES = [
  [1, 'normal (from – to)'],
  [2, 'less than'],
  [3, 'greater than'],
  [4, 'length'],
  [5, 'single value'],
] as const satisfies readonly Choice<number>[];

export const IMAGE_LABELS = { imageUrl: 'picture', largeImgUrl: 'large picture' } as const;

export const labelOf = (list: readonly Choice<number>[], code: number) =>
  list.find(([c]) => c === code)?.[1] ?? String(code);

/** The measurement as the storefront shows it, in both units. */
export function figureOf(g: {
  type: number;
  fromCm?: string;
  toCm?: string;
  fromInches?: string;
  toInches?: string;
}): string {
  const one = (from?: string, to?: string, unit = '') => {
    if (g.type === 1) return `${from ?? '–'} – ${to ?? '–'} ${unit}`;
    const value = from ?? to;
    if (value === undefined) return '';
    const prefix = g.type === 2 ? 'less than ' : g.type === 3 ? 'more than ' : g.type === 4 ? 'length ' : '';
    return `${prefix}${value} ${unit}`;
  };
  return [one(g.fromCm, g.toCm, 'cm'), one(g.fromInches, g.toInches, 'in')].filter(Boolean).join(' · ');
}
