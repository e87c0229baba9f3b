/** The certificates' and the key set's issuer: the shop's origin (SHOP_URL, set by CDK and the local stack). */
export function issuer(): string {
  const url = process.env.SHOP_URL;
  if (!url) throw new Error('SHOP_URL is not set');
  return new URL(url).origin;
}

/** Today's day (UTC), YYYY-MM-DD. */
export const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10);
