/**
 * A type's gallery text (000 §3): a JSON array of image paths; the literal 'undefined' counts
 * as empty, and unparsable text gives an empty gallery.
 */
export function parseGallery(text: string | undefined | null): string[] {
  if (!text || text === 'undefined') return [];
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string' && v !== '') : [];
  } catch {
    return [];
  }
}
