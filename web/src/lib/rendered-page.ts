import type { DehydratedState } from '@tanstack/react-query';

import { PAGE_DATA_ID, RENDERED_META } from '#shared/pages/rendered-page.ts';

export interface RenderedPageData {
  /** Path and query the page was rendered for. */
  url: string;
  queries: DehydratedState;
}

/** The rendered page's data, when this document is one rendered for this very address. */
export function renderedPageData(): RenderedPageData | undefined {
  const text = document.getElementById(PAGE_DATA_ID)?.textContent;
  if (!text) return undefined;
  try {
    const data = JSON.parse(text) as RenderedPageData;
    return data.url === `${location.pathname}${location.search}` ? data : undefined;
  } catch {
    return undefined;
  }
}

/** Whether this document was rendered ahead of time for this very address (its head says so). */
export const isRenderedHere = () =>
  document.querySelector(`meta[name="${RENDERED_META}"]`)?.getAttribute('content') ===
  `${location.pathname}${location.search}`;
