import { getProductCollection } from '#catalog/index.ts';
import { defineHandler } from '#platform/handler.ts';
import { openDrawsContract } from '#shared/contracts/draws.ts';
import { drawsOpenAfter } from '../entities/draw.ts';

/** The product pictures a shopper sees (type 1); authenticity photos (type 2) are never shown here. */
const PRODUCT_PICTURE = 1;

/**
 * GET /draws/open (issue 45): the draws open now or opening later, the soonest to close first,
 * each with its piece's name and first picture. Public: nothing of the entries, not even their count.
 */
export const handler = defineHandler(openDrawsContract, async () => {
  const draws = await drawsOpenAfter(new Date());
  return {
    status: 200 as const,
    draws: await Promise.all(
      draws.map(async (draw) => {
        const { product, images } = await getProductCollection(draw.pid);
        const first = images.filter((i) => i.type === PRODUCT_PICTURE).sort((a, b) => a.index - b.index)[0];
        return {
          drawId: draw.drawId,
          pid: draw.pid,
          pieceName: product?.name ?? draw.pid,
          ...(first ? { picture: first.url } : {}),
          opensAt: draw.opensAt,
          closesAt: draw.closesAt,
        };
      }),
    ),
  };
});
