import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';
import { MEMBER_CONFIRM_PAGE, MEMBER_UNSUBSCRIBE_PAGE } from '#shared/membership.ts';

/**
 * The content screens (000 §1, §2, §9), split by route into four chunks: the world pages
 * (with /products, /boutique, /accessibility), the membership sign-up, the /more pages, and
 * the videos. Each route loads its module on first visit; the module is then cached.
 */
type Module = Record<string, unknown>;

const world = () => import('./world-pages.tsx');
const membership = () => import('./membership.tsx');
const memberLinks = () => import('./member-links.tsx');
const more = () => import('./more-pages.tsx');
const videos = () => import('./video-pages.tsx');

function route<M extends Module>(path: string, load: () => Promise<M>, name: keyof M & string): RouteObject {
  return {
    path,
    lazy: async () => ({ Component: (await load())[name] as ComponentType }),
  };
}

export const contentRoutes: RouteObject[] = [
  route('/products', world, 'ProductsMenu'),
  route('/boutique', world, 'Boutique'),
  route('/boutique/twoboutiques', world, 'Boutique'),
  route('/accessibility', world, 'Accessibility'),

  route('/world', world, 'WorldMenu'),
  route('/world/authentification', world, 'Authentification'),
  route('/world/club', world, 'Club'),
  route('/world/episodes', world, 'Episodes'),
  route('/world/episodes/viewepisodes', videos, 'PillarVideo'),
  route('/world/followus', world, 'FollowUs'),
  route('/world/meaning', world, 'Meaning'),
  route('/world/membership', membership, 'Membership'),
  route(MEMBER_CONFIRM_PAGE, memberLinks, 'MemberConfirm'),
  route(MEMBER_UNSUBSCRIBE_PAGE, memberLinks, 'MemberUnsubscribe'),
  route('/world/mission', world, 'MissionMenu'),
  route('/world/mission/written', world, 'MissionWritten'),
  route('/world/mission/video', world, 'MissionVideo'),
  route('/world/mission/music', world, 'MissionMusic'),
  route('/world/mission/lyrics', world, 'MissionLyrics'),
  route('/world/oneofoneluxury', world, 'OneOfOneLuxury'),
  route('/world/philanthropy', world, 'Philanthropy'),
  route('/world/products', world, 'Products'),
  route('/world/purchasingproduct', world, 'PurchasingProduct'),
  route('/world/support', world, 'Support'),
  route('/world/gifts', world, 'Gifts'),
  route('/world/fundraiser', world, 'Fundraiser'),

  route('/more', more, 'MoreMenu'),
  route('/more/contact_us', more, 'ContactUs'),
  route('/more/changecountrycurrency', more, 'ChangeCountryCurrency'),
  route('/more/shipping_methods', more, 'ShippingMethods'),
  route('/more/shipping_cost', more, 'ShippingCost'),
  route('/more/delivery_time', more, 'DeliveryTime'),
  route('/more/payment_methods', more, 'PaymentMethods'),
  route('/more/duties', more, 'Duties'),
  route('/more/prices_currencies', more, 'PricesCurrencies'),
  route('/more/int_transaction_fees', more, 'IntTransactionFees'),
  route('/more/returns', more, 'Returns'),
  route('/more/refund', more, 'Refund'),
  route('/more/tracking', more, 'Tracking'),
  route('/more/taxes', more, 'Taxes'),
  route('/more/privacy-policy', more, 'PrivacyPolicyPage'),
  route('/more/terms-and-conditions', more, 'TermsPage'),

  route('/allvideos', videos, 'AllVideos'),
  route('/allvideos/:slug', videos, 'FilmPage'),
];
