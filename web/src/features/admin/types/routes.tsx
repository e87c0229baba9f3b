import type { RouteObject } from 'react-router-dom';
import { lazyRoute } from '../lazy-route.ts';

/** The admin's types screens (001 §2); each loads on first visit. */
export const typesAdminRoutes: RouteObject[] = [
  lazyRoute('/view-types', () => import('./types-list.tsx'), 'TypesList'),
  lazyRoute('/adtype', () => import('./type-form.tsx'), 'TypeForm'),
  lazyRoute('/ad-type-video', () => import('./type-video.tsx'), 'TypeVideoPage'),
  lazyRoute('/view-dimensions/:id', () => import('./dimensions.tsx'), 'TypeDimensions'),
  lazyRoute('/ad-shippings/:tid', () => import('./shippings.tsx'), 'TypeShippings'),
];
