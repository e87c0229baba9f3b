import { matchRoutes, type RouteObject } from 'react-router-dom';
import { lazyRoute } from './lazy-route.ts';

/**
 * Every staff screen, by the folder that holds it; each loads on first visit. Each opens from
 * anywhere (a new tab, a link in a mail) with a live staff session, and otherwise shows the
 * login, which returns to it (RequireAdmin; 001 §2 had them answer "not found", issue 45).
 */
export const staffRoutes: RouteObject[] = [
  lazyRoute('/admin-home', () => import('./home.tsx'), 'AdminHome'),
  lazyRoute('/audit-log', () => import('./audit-log.tsx'), 'AuditLog'),
  // the staff's API reference (issue 48)
  lazyRoute('/admin-api', () => import('./api-reference.tsx'), 'ApiReference'),
  lazyRoute('/view-films', () => import('./films.tsx'), 'ViewFilms'),
  // products
  lazyRoute('/viewproducts', () => import('./products/products-list.tsx'), 'ProductsList'),
  lazyRoute('/adproduct', () => import('./products/product-form.tsx'), 'ProductForm'),
  lazyRoute('/viewdetails/:id', () => import('./products/product-details.tsx'), 'ProductDetails'),
  lazyRoute('/adpicture/:id', () => import('./products/pictures.tsx'), 'PicturesPage'),
  lazyRoute('/ad-product-image', () => import('./products/product-image.tsx'), 'ProductImagePage'),
  lazyRoute('/advideo/:id', () => import('./products/product-videos.tsx'), 'ProductVideos'),
  lazyRoute('/view-products-auth', () => import('./products/auth-records.tsx'), 'AuthRecords'),
  // collections (a "type" on the wire and in the addresses)
  lazyRoute('/view-types', () => import('./collections/types-list.tsx'), 'TypesList'),
  lazyRoute('/adtype', () => import('./collections/type-form.tsx'), 'TypeForm'),
  lazyRoute('/ad-type-video', () => import('./collections/type-video.tsx'), 'TypeVideoPage'),
  lazyRoute('/view-dimensions/:id', () => import('./collections/dimensions.tsx'), 'TypeDimensions'),
  lazyRoute('/ad-shippings/:tid', () => import('./collections/shippings.tsx'), 'TypeShippings'),
  // sizes and size guides
  lazyRoute('/view-sizes', () => import('./sizes/view-sizes.tsx'), 'ViewSizes'),
  lazyRoute('/edit-size', () => import('./sizes/edit-size.tsx'), 'EditSize'),
  lazyRoute('/view-size-guides', () => import('./sizes/view-size-guides.tsx'), 'ViewSizeGuides'),
  lazyRoute('/edit-size-guide', () => import('./sizes/edit-size-guide.tsx'), 'EditSizeGuide'),
  lazyRoute('/add-size-guide-img', () => import('./sizes/add-size-guide-img.tsx'), 'AddSizeGuideImg'),
  // orders
  lazyRoute('/orders', () => import('./orders/orders-list.tsx'), 'OrdersList'),
  lazyRoute('/view-order/:id', () => import('./orders/view-order.tsx'), 'ViewOrder'),
  // the passport's log and keys (issue 37)
  lazyRoute('/view-passport', () => import('./passport/passport-log.tsx'), 'PassportLog'),
  // members, release announcements, terms versions
  lazyRoute('/view-members', () => import('./members/members.tsx'), 'ViewMembers'),
  lazyRoute('/announce-release', () => import('./releases/releases.tsx'), 'AnnounceRelease'),
  // release draws (issue 35)
  lazyRoute('/view-draws', () => import('./draws/draws.tsx'), 'ViewDraws'),
  lazyRoute('/view-draw/:drawId', () => import('./draws/view-draw.tsx'), 'ViewDraw'),
  lazyRoute('/terms-versions', () => import('./terms/terms.tsx'), 'TermsVersions'),
  // size finders
  lazyRoute('/view-size-finders', () => import('./finders/view-size-finders.tsx'), 'ViewSizeFinders'),
  lazyRoute('/view-steps', () => import('./finders/view-steps.tsx'), 'ViewSteps'),
  lazyRoute('/edit-step', () => import('./finders/edit-step.tsx'), 'EditStep'),
  lazyRoute('/view-options', () => import('./finders/view-options.tsx'), 'ViewOptions'),
  lazyRoute('/edit-option', () => import('./finders/edit-option.tsx'), 'EditOption'),
  lazyRoute('/add-option-img', () => import('./finders/add-option-img.tsx'), 'AddOptionImg'),
  lazyRoute('/view-answers', () => import('./finders/view-answers.tsx'), 'ViewAnswers'),
  lazyRoute('/view-answer', () => import('./finders/view-answer.tsx'), 'ViewAnswer'),
];

/** Whether a path is one of the staff screens: the only places the login returns to. */
export const isStaffPath = (pathname: string): boolean =>
  (matchRoutes(staffRoutes, pathname)?.length ?? 0) > 0;
