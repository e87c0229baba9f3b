import { useQuery } from '@tanstack/react-query';
import { placeOf } from '#shared/draw/result.ts';
import type { PublicDraw } from './api.ts';

/** The order of result.json, as anyone downloads it. */
const resultOrderQuery = (path: string) => ({
  queryKey: ['draw-result', path],
  queryFn: async () => {
    const answer = await fetch(path, { cache: 'no-store' });
    if (!answer.ok) throw new Error(`${path} answered ${answer.status}`);
    const { order } = (await answer.json()) as { order?: unknown };
    return Array.isArray(order) ? order.filter((c): c is string => typeof c === 'string') : [];
  },
  staleTime: Number.POSITIVE_INFINITY,
});

/** Where the entrant's line came in the published result: what the script will tell them too. */
export function EntryPlace({ draw, commitment }: { draw: PublicDraw; commitment: string }) {
  const drawn = draw.state === 'drawn' || draw.state === 'settled' || draw.state === 'empty';
  const order = useQuery({ ...resultOrderQuery(draw.files.result), enabled: drawn });
  if (!order.data) return null;
  const place = placeOf(order.data, commitment);
  return (
    <p className="draw-place">
      {!place.in
        ? 'your entry is not in the published result.'
        : place.won
          ? 'in the published result, your entry comes first: the winner.'
          : `in the published result, your entry is reserve number ${place.reserve}.`}
    </p>
  );
}
