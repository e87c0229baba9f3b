import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';

type Module = Record<string, unknown>;

/** A route whose screen loads on first visit (its own chunk, with the admin styles). */
export function lazyRoute<M extends Module>(
  path: string,
  load: () => Promise<M>,
  name: keyof M & string,
): RouteObject {
  return { path, lazy: async () => ({ Component: (await load())[name] as ComponentType }) };
}
