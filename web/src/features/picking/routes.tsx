import type { RouteObject } from 'react-router-dom';

/** The picking screens (000 §2): colour and size pickers, size guide and finder, texts, videos. */
export const pickingRoutes: RouteObject[] = [
  {
    path: '/products/shopproduct',
    lazy: () => import('./color-picker.tsx').then((m) => ({ Component: m.ColorPicker })),
  },
  {
    path: '/products/sizepicker',
    lazy: () => import('./size-picker.tsx').then((m) => ({ Component: m.SizePicker })),
  },
  {
    path: '/products/material',
    lazy: () => import('./material.tsx').then((m) => ({ Component: m.Material })),
  },
  {
    path: '/products/productinfo',
    lazy: () => import('./material.tsx').then((m) => ({ Component: m.ProductInfo })),
  },
  {
    path: '/products/measure',
    lazy: () => import('./info-pages.tsx').then((m) => ({ Component: m.Measure })),
  },
  {
    path: '/products/questions',
    lazy: () => import('./info-pages.tsx').then((m) => ({ Component: m.Questions })),
  },
  {
    path: '/products/productprice',
    lazy: () => import('./info-pages.tsx').then((m) => ({ Component: m.ProductPrice })),
  },
  {
    path: '/products/productsizeguide',
    lazy: () => import('./size-guide-menu.tsx').then((m) => ({ Component: m.ProductSizeGuide })),
  },
  {
    path: '/products/productvideo',
    lazy: () => import('./videos.tsx').then((m) => ({ Component: m.ProductVideo })),
  },
  {
    path: '/products/videoofproduct',
    lazy: () => import('./videos.tsx').then((m) => ({ Component: m.VideoOfProduct })),
  },
  {
    path: '/collection-video/:id',
    lazy: () => import('./videos.tsx').then((m) => ({ Component: m.CollectionVideo })),
  },
  {
    path: '/care/:id',
    lazy: () => import('./videos.tsx').then((m) => ({ Component: m.CareVideo })),
  },
];
