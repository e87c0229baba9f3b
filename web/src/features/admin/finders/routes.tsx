import type { RouteObject } from 'react-router-dom';
import { lazyRoute } from '../lazy-route.ts';

/** The admin's size finder screens (001 §2); each loads on first visit. */
export const findersAdminRoutes: RouteObject[] = [
  lazyRoute('/view-size-finders', () => import('./view-size-finders.tsx'), 'ViewSizeFinders'),
  lazyRoute('/view-steps', () => import('./view-steps.tsx'), 'ViewSteps'),
  lazyRoute('/edit-step', () => import('./edit-step.tsx'), 'EditStep'),
  lazyRoute('/view-options', () => import('./view-options.tsx'), 'ViewOptions'),
  lazyRoute('/edit-option', () => import('./edit-option.tsx'), 'EditOption'),
  lazyRoute('/add-option-img', () => import('./add-option-img.tsx'), 'AddOptionImg'),
  lazyRoute('/view-answers', () => import('./view-answers.tsx'), 'ViewAnswers'),
  lazyRoute('/view-answer', () => import('./view-answer.tsx'), 'ViewAnswer'),
];
