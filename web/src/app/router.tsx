import { createBrowserRouter, matchRoutes } from 'react-router-dom';
import { appRoutes } from './routes.tsx';

/** The browser's router of the app's routes (routes.tsx). */
export const createAppRouter = () => createBrowserRouter(appRoutes);

/**
 * Loads the route modules of the current address that are loaded lazily: a page rendered ahead of
 * time (web/src/render/) is hydrated with its route's component in place, as the renderer had it,
 * never with a fallback the HTML does not show.
 */
export async function loadRouteModules(): Promise<void> {
  const matches = matchRoutes(appRoutes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (!route.lazy || typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}
