import type { Answer } from '#shared/contracts/contract.ts';
import type { getDrawContract } from '#shared/contracts/draws.ts';
import { type CollectionFacts, collectionHeadHtml, collectionShowsPage } from '#shared/pages/collection.ts';
import { drawHead, headTags, pageHead, type Site } from '#shared/pages/head.ts';
import type { PieceFacts } from '#shared/pages/piece.ts';
import { pieceHeadHtml } from '#shared/pages/product-json-ld.ts';
import type { PublicPage } from '#shared/pages/public-pages.ts';

/**
 * A rendered page's own head (shared/pages/head.ts): title, description, canonical address,
 * preview tags and, for a piece, its schema.org Product. From the same answers the app reads
 * (`api`, the shop's read handlers in process), never from the table directly.
 */
type Api = (url: string) => Promise<Response>;

async function read<T>(api: Api, url: string): Promise<T | undefined> {
  const answer = await api(url);
  return answer.ok ? ((await answer.json()) as T) : undefined;
}

async function pieceFacts(api: Api, productId: string): Promise<PieceFacts | undefined> {
  const id = encodeURIComponent(productId);
  const [product] = (await read<PieceFacts['product'][]>(api, `/api/products/${id}`)) ?? [];
  if (!product) return undefined;
  const [collection, images, sold] = await Promise.all([
    product.typeId
      ? read<{ type: NonNullable<PieceFacts['collection']> }>(
          api,
          `/api/type?id=${encodeURIComponent(product.typeId)}`,
        )
      : undefined,
    read<{ imgs: PieceFacts['images'] }>(api, `/api/get-imgs-by-pid?id=${id}&type=1`),
    read<NonNullable<PieceFacts['sold']>>(api, `/api/is-sold?id=${id}`),
  ]);
  return { product, collection: collection?.type, images: images?.imgs ?? [], sold };
}

/** The collection and, for a single collection's list, its pieces; none when the shop does not show the page. */
export async function collectionFacts(
  api: Api,
  page: Extract<PublicPage, { kind: 'collection' }>,
): Promise<CollectionFacts | undefined> {
  const id = encodeURIComponent(page.typeId);
  const answer = await read<{ type: CollectionFacts['collection'] }>(api, `/api/type?id=${id}`);
  if (!answer || !collectionShowsPage(answer.type, page)) return undefined;
  if (!page.single) return { collection: answer.type };
  const pieces = await read<{ products: NonNullable<CollectionFacts['pieces']> }>(
    api,
    `/api/has-single-product?id=${id}&gender=${page.gender}`,
  );
  return { collection: answer.type, pieces: pieces?.products ?? [] };
}

export async function headOf(page: PublicPage, api: Api, site: Site): Promise<string> {
  switch (page.kind) {
    case 'piece': {
      const facts = await pieceFacts(api, page.productId);
      return facts ? pieceHeadHtml(facts, site) : '';
    }
    case 'draw': {
      const answer = await read<Answer<typeof getDrawContract>>(
        api,
        `/api/draws/${encodeURIComponent(page.drawId)}`,
      );
      return answer ? headTags(drawHead(answer.draw, site), site) : '';
    }
    case 'collection': {
      const facts = await collectionFacts(api, page);
      return facts ? collectionHeadHtml(facts, page, site) : '';
    }
    default:
      return headTags(pageHead(page, site), site);
  }
}

/**
 * The first screen's photograph asked for from the head, at the priority its <img> has: the
 * first picture the rendered app marks fetchPriority="high", in the format the browser takes first
 * (its first <source>), with its responsive set and sizes.
 */
export function firstPicturePreload(rootHtml: string): string {
  const picture =
    /<picture>((?:(?!<\/picture>).)*?fetchPriority="high"(?:(?!<\/picture>).)*)<\/picture>/s.exec(
      rootHtml,
    )?.[1];
  const source = picture && /<source type="([^"]+)" srcSet="([^"]+)" sizes="([^"]+)"\/>/.exec(picture);
  if (!source) return '';
  const [, type, srcset, sizes] = source;
  return `<link rel="preload" as="image" type="${type}" imagesrcset="${srcset}" imagesizes="${sizes}" fetchpriority="high">`;
}
