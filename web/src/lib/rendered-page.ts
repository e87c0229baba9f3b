import type { DehydratedState } from '@tanstack/react-query';

import { PAGE_DATA_ID, RENDERED_META } from '#shared/pages/rendered-page.ts';

export interface RenderedPageData {
  /** Path and query the page was rendered for. */
  url: string;
  queries: DehydratedState;
  /** When it was rendered (ms since the epoch): what it says of time is as of then (lib/render-clock.tsx). */
  at?: number;
  /**
   * Whether it was rendered for this very address (the browser hydrates it), or for the canonical
   * address of the same page the edge served it for (a piece's address with the app's inputs:
   * infra/edge/spa-fallback.js), whose HTML the app's render for this address would not match.
   */
  here: boolean;
}

const thisAddress = () => `${location.pathname}${location.search}`;

/**
 * Whether a page rendered for `url` is this address's page: the address itself, or the same piece
 * (its path and productId) asked with the app's inputs beside its id.
 */
function samePage(url: string): boolean {
  if (url === thisAddress()) return true;
  const rendered = new URL(url, location.origin);
  const productId = rendered.searchParams.get('productId');
  return (
    rendered.pathname === '/products/productdetails' &&
    location.pathname === rendered.pathname &&
    productId !== null &&
    new URLSearchParams(location.search).getAll('productId').join() === productId
  );
}

/** The rendered page's data, when this document is one rendered for this address's page. */
export function renderedPageData(): RenderedPageData | undefined {
  const text = document.getElementById(PAGE_DATA_ID)?.textContent;
  if (!text) return undefined;
  try {
    const data = JSON.parse(text) as Omit<RenderedPageData, 'here'>;
    if (typeof data.url !== 'string' || !samePage(data.url)) return undefined;
    return { ...data, here: data.url === thisAddress() };
  } catch {
    return undefined;
  }
}

/** The address this document was rendered for, when it is a page rendered ahead of time. */
const renderedFor = () => document.querySelector(`meta[name="${RENDERED_META}"]`)?.getAttribute('content');

/**
 * Whether this document was rendered ahead of time for this address's page (this address, or the
 * canonical address of the same piece): it carries the page's answers, nothing needs asking early.
 */
export const isRenderedForThisPage = () => {
  const url = renderedFor();
  return typeof url === 'string' && samePage(url);
};
