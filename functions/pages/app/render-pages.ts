import type { PublicPage } from '#shared/pages/public-pages.ts';
import type { RenderPages } from '../render-port.ts';
import { renderPage, type WebFiles } from './page-renderer.ts';
import { bucketWebFiles } from './web-files.ts';

/** Pages rendered at once: each waits on the table for its reads while another renders. */
const AT_ONCE = 4;

/**
 * The renderer behind the port (render-port.ts): each page rendered from the table as it is now
 * and written to the web bucket (adapters/page-renderer.ts), a removed one written as gone; a
 * page that fails is named in the report (the trigger asks again), the others still go. `files`
 * gives the deployed build once per call, so a call renders with the build deployed at its start.
 */
export function renderPagesWith(files: () => WebFiles): RenderPages {
  return async ({ render, remove }) => {
    const web = files();
    const work: { page: PublicPage; gone: boolean }[] = [
      ...render.map((page) => ({ page, gone: false })),
      ...remove.map((page) => ({ page, gone: true })),
    ];
    const failed: PublicPage[] = [];
    let next = 0;
    const worker = async () => {
      while (next < work.length) {
        const item = work[next++];
        if (!item) break;
        try {
          await renderPage(item.page, web, { gone: item.gone });
        } catch (error) {
          console.error(
            JSON.stringify({ message: 'page not rendered', page: item.page, error: String(error) }),
          );
          failed.push(item.page);
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(AT_ONCE, work.length) }, worker));
    return { failed };
  };
}

/** In AWS: the build and the pages in the web bucket. */
export const renderPages: RenderPages = renderPagesWith(bucketWebFiles);
