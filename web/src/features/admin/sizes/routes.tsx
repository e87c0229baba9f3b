import type { RouteObject } from 'react-router-dom';
import { lazyRoute } from '../lazy-route.ts';

/** The admin's sizes screens (001 §2); each loads on first visit. */
export const sizesAdminRoutes: RouteObject[] = [
  lazyRoute('/view-sizes', () => import('./view-sizes.tsx'), 'ViewSizes'),
  lazyRoute('/edit-size', () => import('./edit-size.tsx'), 'EditSize'),
  lazyRoute('/view-size-guides', () => import('./view-size-guides.tsx'), 'ViewSizeGuides'),
  lazyRoute('/edit-size-guide', () => import('./edit-size-guide.tsx'), 'EditSizeGuide'),
  lazyRoute('/add-size-guide-img', () => import('./add-size-guide-img.tsx'), 'AddSizeGuideImg'),
];
