import { listPieceIds, listTypes } from '#catalog/index.ts';
import { listDraws } from '#draws/index.ts';
import { logger, safeError } from '#platform/logger.ts';
import { CONTENT_PATHS, type PublicPage, pageKey, pagePath } from '#shared/pages/public-pages.ts';
import { collectionPages } from '#shared/pages/sitemap.ts';
import { renderPages } from '../app/render-pages.ts';
import { writeSiteFiles } from '../app/site-files.ts';
import type { RenderPages } from '../render-port.ts';

/**
 * The full re-render (issue 47): every public page from the table as it is, in chunks. Run daily
 * as the safety net of the stream (infra/constructs/page-rendering.ts) and as one command locally
 * (`npm run pages:render`). Pages only rendered, never removed: a deleted piece's page was removed
 * by the change that deleted it (or, if that failed for good, its batch is in the stream's
 * on-failure queue, which alarms).
 */

/**
 * Every public page. Three queries, each paged through to the end: the pieces on gsi2 `PRODUCTS`
 * (ids only), the collections on gsi2 `TYPES` (id, gender, whether single) and the draws on gsi1
 * `DRAWS` (every draw keeps its page, settled ones their result); no scan. Every piece has its
 * page: the API answers any piece by its id. Every collection has its page on each list it is
 * on (a unisex one on both): its landing, or a single collection's list of pieces.
 */
export async function allPublicPages(): Promise<PublicPage[]> {
  const [pieces, collections, draws] = await Promise.all([
    listPieceIds(),
    listTypes(['id', 'gender', 'singlecollection']),
    listDraws(),
  ]);
  const pages: PublicPage[] = [
    { kind: 'home' },
    { kind: 'list', gender: 0 },
    { kind: 'list', gender: 1 },
    ...CONTENT_PATHS.map((path): PublicPage => ({ kind: 'content', path })),
    { kind: 'draws' },
    ...collections.flatMap((type) =>
      collectionPages({ id: type.id, gender: type.gender, singlecollection: type.singlecollection === true }),
    ),
    ...draws.map((draw): PublicPage => ({ kind: 'draw', drawId: draw.drawId })),
    ...pieces.map((piece): PublicPage => ({ kind: 'piece', productId: piece.id })),
  ];
  return pages.filter((page) => {
    try {
      pageKey(page);
      return true;
    } catch {
      logger.warn('a page whose id no key can hold, skipped', { page: pagePath(page) });
      return false;
    }
  });
}

/** Pages a call of the renderer: enough to use it well, few enough that a failure costs little. */
export const RENDER_CHUNK = 50;

export interface RenderAllReport {
  pages: number;
  chunks: number;
  failed: string[];
  ms: number;
}

export async function renderAll(deps: {
  renderPages: RenderPages;
  pages?: () => Promise<PublicPage[]>;
  chunk?: number;
  progress?: (done: number, total: number) => void;
}): Promise<RenderAllReport> {
  const started = performance.now();
  const pages = await (deps.pages ?? allPublicPages)();
  const size = Math.max(1, deps.chunk ?? RENDER_CHUNK);
  const failed: string[] = [];
  let chunks = 0;
  for (let at = 0; at < pages.length; at += size) {
    const chunk = pages.slice(at, at + size);
    chunks++;
    try {
      const report = await deps.renderPages({ render: chunk, remove: [] });
      failed.push(...report.failed.map(pagePath));
    } catch (error) {
      // One chunk failing leaves the others to go: the report names every page not written.
      logger.error('renderPages failed for a chunk', {
        from: at,
        pages: chunk.length,
        error: safeError(error),
      });
      failed.push(...chunk.map(pagePath));
    }
    const done = Math.min(at + size, pages.length);
    deps.progress?.(done, pages.length);
    logger.info('full re-render progress', { done, total: pages.length, failed: failed.length });
  }
  return { pages: pages.length, chunks, failed, ms: Math.round(performance.now() - started) };
}

/**
 * The scheduled run, with the site's sitemap.xml and robots.txt written after the pages: fails
 * (and so alarms) when any page was not written.
 */
export async function renderAllPages(): Promise<RenderAllReport> {
  const pages = await allPublicPages();
  const report = await renderAll({ renderPages, pages: async () => pages });
  await writeSiteFiles(pages);
  if (report.failed.length > 0)
    throw new Error(`the full re-render left ${report.failed.length} of ${report.pages} pages unwritten`);
  return report;
}

export const handler = async (): Promise<RenderAllReport> => renderAllPages();
