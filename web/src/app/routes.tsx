import type { RouteObject } from 'react-router-dom';
import { Layout } from '../components/layout.tsx';
import { adminRoutes } from '../features/admin/routes.tsx';
import { authenticityRoutes } from '../features/authenticity/routes.tsx';
import { catalogRoutes } from '../features/catalog/routes.tsx';
import { checkoutRoutes } from '../features/checkout/routes.tsx';
import { contentRoutes } from '../features/content/routes.tsx';
import { drawRoutes } from '../features/draws/routes.tsx';
import { pickingRoutes } from '../features/picking/routes.tsx';
import { Home } from './home.tsx';
import { Landing } from './landing.tsx';
import { NotFound } from './not-found.tsx';

/** Every route of the app: the browser's router (router.tsx) and the page renderer (web/src/render/) use these. */
export const appRoutes: RouteObject[] = [
  {
    element: <Layout />,
    errorElement: <NotFound />,
    children: [
      { path: '/', element: <Landing /> },
      { path: '/home', element: <Home /> },
      ...catalogRoutes,
      ...pickingRoutes,
      ...contentRoutes,
      ...checkoutRoutes,
      ...drawRoutes,
      ...adminRoutes,
      ...authenticityRoutes,
      { path: '*', element: <NotFound /> },
    ],
  },
];
