import { SHOP } from '../../lib/shop-settings.ts';

export const SUPPORT_EMAIL = SHOP.supportEmail;

/** The product's Instagram account (000 §2: the social page links to it). */
export const INSTAGRAM_URL = 'https://www.instagram.com/oneofoneluxury/';

export { PILLARS } from '#shared/vocabulary.ts';
