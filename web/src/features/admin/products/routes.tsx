import type { RouteObject } from 'react-router-dom';
import { lazyRoute } from '../lazy-route.ts';

/** The admin's products screens (001 §2); each loads on first visit. */
export const productsAdminRoutes: RouteObject[] = [
  lazyRoute('/viewproducts', () => import('./products-list.tsx'), 'ProductsList'),
  lazyRoute('/adproduct', () => import('./product-form.tsx'), 'ProductForm'),
  lazyRoute('/viewdetails/:id', () => import('./product-details.tsx'), 'ProductDetails'),
  lazyRoute('/adpicture/:id', () => import('./pictures.tsx'), 'PicturesPage'),
  lazyRoute('/ad-product-image', () => import('./product-image.tsx'), 'ProductImagePage'),
  lazyRoute('/advideo/:id', () => import('./product-videos.tsx'), 'ProductVideos'),
  lazyRoute('/view-products-auth', () => import('./auth-records.tsx'), 'AuthRecords'),
];
