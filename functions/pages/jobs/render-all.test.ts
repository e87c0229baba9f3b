import { describe, expect, it } from 'vitest';
import { type PublicPage, pagePath } from '#shared/pages/public-pages.ts';
import type { PageWork } from '../render-port.ts';
import { renderAll } from './render-all.ts';

const pieces = (n: number): PublicPage[] =>
  Array.from({ length: n }, (_, i): PublicPage => ({ kind: 'piece', productId: `p${i}` }));

describe('the full re-render', () => {
  it('renders every page once, in chunks, with its progress', async () => {
    const calls: PageWork[] = [];
    const progress: number[] = [];
    const report = await renderAll({
      pages: async () => pieces(120),
      chunk: 50,
      renderPages: async (work) => {
        calls.push(work);
        return { failed: [] };
      },
      progress: (done) => progress.push(done),
    });
    expect(calls.map((c) => c.render.length)).toEqual([50, 50, 20]);
    expect(calls.every((c) => c.remove.length === 0)).toBe(true);
    expect(new Set(calls.flatMap((c) => c.render.map(pagePath))).size).toBe(120);
    expect(progress).toEqual([50, 100, 120]);
    expect(report).toMatchObject({ pages: 120, chunks: 3, failed: [] });
  });

  it('goes on past a failing chunk and names every page not written', async () => {
    let call = 0;
    const report = await renderAll({
      pages: async () => pieces(5),
      chunk: 2,
      renderPages: async (work) => {
        call++;
        if (call === 1) throw new Error('renderPages: not wired yet');
        return { failed: work.render.filter((p) => p.kind === 'piece' && p.productId === 'p4') };
      },
    });
    expect(report.failed).toEqual([
      '/products/productdetails?productId=p0',
      '/products/productdetails?productId=p1',
      '/products/productdetails?productId=p4',
    ]);
    expect(report.chunks).toBe(3);
  });
});
