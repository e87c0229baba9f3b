import { getProduct } from '#catalog/index.ts';
import { consistentGet } from '#table/query.ts';
import type { DrawEntity } from './entities/draw.ts';
import { listEntries } from './entities/entry.ts';
import { REFUSAL_REASONS } from './entities/entry-binding.ts';
import { refusalsKey } from './entities/keys.ts';
import { publicDraw } from './views.ts';

/** A draw as staff see it: its entries by state, its refusals by reason, what settling did. */
export async function adminDraw(draw: DrawEntity) {
  const [entries, refused, piece] = await Promise.all([
    listEntries(draw.drawId),
    consistentGet<Record<string, unknown>>(refusalsKey(draw.drawId)),
    getProduct(draw.pid),
  ]);
  const counts: Record<string, number> = {};
  for (const entry of entries) counts[entry.state] = (counts[entry.state] ?? 0) + 1;
  const refusals: Record<string, number> = {};
  for (const reason of REFUSAL_REASONS) {
    const count = refused?.[reason];
    if (typeof count === 'number' && count > 0) refusals[reason] = count;
  }
  const nameOf = (entry: (typeof entries)[number] | undefined) =>
    typeof entry?.order?.form.name === 'string' ? entry.order.form.name : undefined;
  const winnerName = draw.winner ? nameOf(entries.find((e) => e.commitment === draw.winner)) : undefined;
  const buyer = draw.soldTo ? entries.find((e) => e.entryId === draw.soldTo) : undefined;
  return {
    draw: publicDraw(draw, piece?.name ?? draw.pid),
    counts,
    refusals,
    captured: entries.filter((e) => e.paymentSettled === 'captured').length,
    cancelled: entries.filter((e) => e.paymentSettled === 'cancelled').length,
    mailed: entries.filter((e) => e.mailedAt).length,
    ...(winnerName ? { winnerName } : {}),
    ...(draw.checkoutCode
      ? { sale: { name: nameOf(buyer) ?? buyer?.email ?? '', checkoutCode: draw.checkoutCode } }
      : {}),
  };
}
