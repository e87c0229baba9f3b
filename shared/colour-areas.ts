/**
 * The names of a collection's colour areas (bodice, skirt; case, dial, strap), as its editor
 * gives them; an area the collection names not is "colour" (one area) or "colour n".
 */
export function colourAreaNames(areaAmount: number, names: readonly string[] = []): string[] {
  return Array.from({ length: areaAmount }, (_, i) => {
    const given = names[i]?.trim();
    if (given) return given;
    return areaAmount === 1 ? 'colour' : `colour ${i + 1}`;
  });
}

/** Each colour area's name with the piece's colour in it, in area order. */
export function coloursInWords(
  colors: readonly string[],
  areaAmount: number,
  names?: readonly string[],
): { area: string; color: string }[] {
  const areas = colourAreaNames(Math.max(areaAmount, colors.length), names);
  return colors.map((color, i) => ({ area: areas[i] ?? `colour ${i + 1}`, color }));
}

/** The editor's text for the names ("bodice, skirt"), and back. */
export const AREA_NAMES_SEPARATOR = ',';
export function parseAreaNames(text: string): string[] {
  return text
    .split(AREA_NAMES_SEPARATOR)
    .map((n) => n.trim())
    .filter((n) => n !== '');
}
