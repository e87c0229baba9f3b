import type { RouteObject } from 'react-router-dom';

/** The catalog screens (000 §2), each its own chunk so the first load stays small. */
export const catalogRoutes: RouteObject[] = [
  { path: '/women/*', lazy: () => import('./gender-list.tsx').then((m) => ({ Component: m.WomenList })) },
  { path: '/men/*', lazy: () => import('./gender-list.tsx').then((m) => ({ Component: m.MenList })) },
  {
    path: '/products/singleproducts',
    lazy: () => import('./single-products.tsx').then((m) => ({ Component: m.SingleProducts })),
  },
  {
    path: '/products/productrelated',
    lazy: () => import('./product-related.tsx').then((m) => ({ Component: m.ProductRelated })),
  },
  {
    path: '/products/meaning-of-design',
    lazy: () => import('./product-related.tsx').then((m) => ({ Component: m.MeaningOfDesign })),
  },
  {
    path: '/products/productdetails',
    lazy: () => import('./product-details.tsx').then((m) => ({ Component: m.ProductDetails })),
  },
  {
    path: '/products/productdimensions',
    lazy: () => import('./product-dimensions.tsx').then((m) => ({ Component: m.ProductDimensions })),
  },
];
