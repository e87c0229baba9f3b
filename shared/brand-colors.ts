/** The brand colours (000 §1) and the refined tones the pictures and the colour picker use. */
export const BRAND_COLORS = [
  'black',
  'blue',
  'brown',
  'green',
  'grey',
  'orange',
  'pink',
  'purple',
  'red',
  'white',
  'yellow',
] as const;
export type BrandColor = (typeof BRAND_COLORS)[number];

export const TONE: Record<BrandColor, string> = {
  black: '#1a1a1a',
  blue: '#2c3e6b',
  brown: '#6b4a32',
  green: '#2f4f3e',
  grey: '#8c8a86',
  orange: '#c2703a',
  pink: '#d7a3a6',
  purple: '#5b3a5e',
  red: '#8e1f2a',
  white: '#f4f1ea',
  yellow: '#d6b25a',
};

/** The tone of a colour name; unknown names are shown as written (CSS understands many). */
export function toneOf(color: string): string {
  const key = color.trim().toLowerCase() as BrandColor;
  return TONE[key] ?? color;
}
