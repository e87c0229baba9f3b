/** Key builders: the only place that knows how entities map onto pk/sk/gsi keys. */
export const pad = (n: number): string => String(n).padStart(4, '0');

export interface Keys {
  pk: string;
  sk: string;
  gsi1pk?: string;
  gsi1sk?: string;
  gsi2pk?: string;
  gsi2sk?: string;
}
