import type { Site } from '#shared/pages/head.ts';
import { siteOrigin } from '#shared/pages/head.ts';
import { settingsOf } from './page-document.ts';

/**
 * The deployment a page is rendered for: its public origin (SHOP_ORIGIN: the shop's domain, or
 * its CloudFront address; the local gateway's address locally), which canonical and preview
 * addresses name, and its name as its index.html carries it.
 */
export function siteOf(template: string): Site {
  const origin = process.env.SHOP_ORIGIN;
  if (!origin) throw new Error('SHOP_ORIGIN is not set');
  const { name } = settingsOf(template) as { name: string };
  return { origin: siteOrigin(origin), name };
}
