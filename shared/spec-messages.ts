/**
 * The messages the spec words (shown word for word, never prefixed with a field name). Each
 * message list registers itself here, so a function's bundle carries only the lists its own
 * schemas can produce (a storefront read has no portal, checkout or admin messages).
 */
const specMessages = new Set<string>();

export function specMessageList<const M extends Record<string, string>>(messages: M): M {
  for (const text of Object.values(messages)) specMessages.add(text);
  return messages;
}

export function isSpecMessage(text: string): boolean {
  return specMessages.has(text);
}
