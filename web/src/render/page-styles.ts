import type { PublicPage } from '#shared/pages/public-pages.ts';

/** Vite's build manifest (build.manifest): each source module's chunk, its imports and its CSS. */
export type ClientManifest = Record<
  string,
  { file: string; css?: string[]; imports?: string[]; isEntry?: boolean }
>;

/** The module (as Vite's manifest names it) of the route that shows `page`, loaded lazily; none for /home. */
export function pageModule(page: PublicPage): string | undefined {
  switch (page.kind) {
    case 'home':
      return undefined;
    case 'list':
      return 'src/features/catalog/gender-list.tsx';
    case 'piece':
      return 'src/features/catalog/product-details.tsx';
    case 'collection':
      return page.single
        ? 'src/features/catalog/single-products.tsx'
        : 'src/features/catalog/product-related.tsx';
    case 'draws':
      return 'src/features/draws/open-draws-page.tsx';
    case 'draw':
      return 'src/features/draws/draw-page.tsx';
    case 'content':
      if (page.path === '/world/membership') return 'src/features/content/membership.tsx';
      if (page.path === '/allvideos' || page.path === '/world/episodes/viewepisodes')
        return 'src/features/content/video-pages.tsx';
      if (page.path === '/more' || page.path.startsWith('/more/'))
        return 'src/features/content/more-pages.tsx';
      return 'src/features/content/world-pages.tsx';
  }
}

/**
 * The style sheets (their /assets/ paths) a page needs for its first screen: the app's entry's and
 * its route module's, with those of every chunk they import, in the order the browser would apply them.
 */
export function pageStyles(manifest: ClientManifest, page: PublicPage): string[] {
  const sheets: string[] = [];
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the web build's manifest has no ${key}`);
    for (const imported of chunk.imports ?? []) visit(imported);
    for (const css of chunk.css ?? []) if (!sheets.includes(`/${css}`)) sheets.push(`/${css}`);
  };
  visit('index.html');
  const module = pageModule(page);
  if (module) visit(module);
  return sheets;
}

/**
 * The scripts (their /assets/ paths) of a page's route module and every chunk it imports that the
 * app's entry does not: asked for beside the entry when the page starts the app, so the route's
 * module is not one more round trip after it.
 */
export function pageScripts(manifest: ClientManifest, page: PublicPage): string[] {
  const closure = (start: string) => {
    const files = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || files.has(`/${chunk.file}`)) return;
      files.add(`/${chunk.file}`);
      for (const imported of chunk.imports ?? []) visit(imported);
    };
    visit(start);
    return files;
  };
  const module = pageModule(page);
  if (!module) return [];
  const entry = closure('index.html');
  return [...closure(module)].filter((file) => !entry.has(file));
}
