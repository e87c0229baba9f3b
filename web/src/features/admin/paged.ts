import { useSearchParams } from 'react-router-dom';

/** Every admin list shows pages of 10. */
export const PAGE_SIZE = 10;

/**
 * The list's page lives in the address (`?page=2`), so going back from a detail returns to it;
 * other parameters of the address (the orders' filter) are kept.
 */
export function usePageOffset(): [number, (offset: number) => void] {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const setOffset = (offset: number) => {
    const next = Math.floor(offset / PAGE_SIZE) + 1;
    setParams((current) => {
      const copy = new URLSearchParams(current);
      if (next > 1) copy.set('page', String(next));
      else copy.delete('page');
      return copy;
    });
  };
  return [(page - 1) * PAGE_SIZE, setOffset];
}
