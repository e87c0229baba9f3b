import { Outlet, type RouteObject } from 'react-router-dom';
import { NotFound } from '../../app/not-found.tsx';
import { findersAdminRoutes } from './finders/routes.tsx';
import { lazyRoute } from './lazy-route.ts';
import { ordersAdminRoutes } from './orders/routes.tsx';
import { productsAdminRoutes } from './products/routes.tsx';
import { storedAdmin } from './session.ts';
import { sizesAdminRoutes } from './sizes/routes.tsx';
import { typesAdminRoutes } from './types/routes.tsx';

/**
 * The admin area (001 §2). Its routes exist only while a staff username is stored; otherwise
 * they fall through to "Sorry your page is not found." The server checks the real session on
 * every call regardless.
 */
function RequireAdmin() {
  return storedAdmin() ? <Outlet /> : <NotFound />;
}

export const adminRoutes: RouteObject[] = [
  lazyRoute('/admin', () => import('./login.tsx'), 'AdminLogin'),
  {
    element: <RequireAdmin />,
    children: [
      lazyRoute('/admin-home', () => import('./home.tsx'), 'AdminHome'),
      lazyRoute('/audit-log', () => import('./audit-log.tsx'), 'AuditLog'),
      lazyRoute('/view-films', () => import('./films.tsx'), 'ViewFilms'),
      ...productsAdminRoutes,
      ...typesAdminRoutes,
      ...sizesAdminRoutes,
      ...ordersAdminRoutes,
      ...findersAdminRoutes,
    ],
  },
];
