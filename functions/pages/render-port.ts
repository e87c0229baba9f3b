import type { PublicPage } from '#shared/pages/public-pages.ts';

/**
 * The port between what triggers a render (a table change, the full re-render) and the renderer
 * (issue 47). The trigger decides which pages are stale; the renderer reads the table as it is
 * at the call and writes each page to the web bucket under its key (pageKey).
 */
export interface PageWork {
  /**
   * Pages to render from the table as it is now, each once. A page whose subject is gone by the
   * time it is rendered (a piece deleted after the change that asked) is written as for `remove`.
   */
  render: readonly PublicPage[];
  /**
   * Pages whose subject is gone (a deleted piece, a deleted draw): from now on they answer
   * 404/410, by a "gone" page written in their place or by deleting their object.
   */
  remove: readonly PublicPage[];
}

export interface PageWorkReport {
  /**
   * The pages of the call not written (or not removed): the trigger asks again for them (a stream
   * batch is retried from the first change that asked for one). Empty when all went.
   */
  failed: readonly PublicPage[];
}

/**
 * Renders and removes pages. Resolves with the pages that failed; rejects when nothing can be
 * said of any page (all count as failed). Idempotent: a page asked twice is written twice with
 * the same content, so retries and the overlap of a re-render with a change are harmless.
 */
export type RenderPages = (work: PageWork) => Promise<PageWorkReport>;
