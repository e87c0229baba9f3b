import { useQuery } from '@tanstack/react-query';
import { Fragment, useDeferredValue, useEffect, useMemo, useRef } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { toneOf } from '#shared/brand-colors.ts';
import { coloursInWords } from '#shared/colour-areas.ts';
import { formatPrice } from '#shared/format.ts';
import { MEMBERSHIP_PAGE } from '#shared/membership.ts';
import { MESSAGES } from '#shared/messages.ts';
import { momentInWords } from '#shared/time-words.ts';
import { BackButton } from '../../components/back-button.tsx';
import { Countdown } from '../../components/countdown.tsx';
import { Loading } from '../../components/page.tsx';
import { forgetStart } from '../../components/payment/checkout-key.ts';
import { ExpressCheckout, ExpressCheckoutSpace } from '../../components/payment/express-checkout.tsx';
import { ZonedTime } from '../../components/zoned-time.tsx';
import { genderOf, navTarget, useNavValues } from '../../lib/nav-input.ts';
import { useNow } from '../../lib/render-clock.tsx';
import { SESSION_KEYS } from '../../lib/scroll.ts';
import { collectionTitle, imagesQuery, productQuery, typeQuery } from './api.ts';
import { CollectionPictures } from './collection-pictures.tsx';
import { DETAILS_GALLERY_SIZES } from './first-screen.ts';
import { Gallery } from './gallery.tsx';
import './catalog.css';

/** The info titles of a product page, in the spec's order (000 §2), with what a shopper reads. */
export const INFO_LINKS = [
  ['philanthropy', 'philanthropy'],
  ['proPrice', 'product price'],
  ['nameOf', 'meaning of the name'],
  ['dimensionDetails', 'dimension details'],
  ['material', 'material'],
  ['madeIn', 'made in'],
  ['proImage', 'product images'],
  ['care', 'care'],
  ['duties', 'duties'],
  ['taxes', 'taxes'],
  ['shippingMethod', 'shipping method'],
  ['shippingCost', 'shipping cost'],
  ['deliveryTime', 'delivery time'],
  ['returns', 'returns'],
  ['priceAndCurrency', 'price and currency'],
  ['changeCountry', 'change country'],
  ['paymentMethod', 'payment method'],
  ['international', 'international transaction fees'],
] as const;

/** Headings the info links are shown under (the order stays the spec's). */
const INFO_GROUP: Record<(typeof INFO_LINKS)[number][0], string> = {
  philanthropy: 'the piece',
  proPrice: 'the piece',
  nameOf: 'the piece',
  dimensionDetails: 'the piece',
  material: 'the piece',
  madeIn: 'the piece',
  proImage: 'the piece',
  care: 'the piece',
  duties: 'delivery',
  taxes: 'delivery',
  shippingMethod: 'delivery',
  shippingCost: 'delivery',
  deliveryTime: 'delivery',
  returns: 'delivery',
  priceAndCurrency: 'payment',
  changeCountry: 'payment',
  paymentMethod: 'payment',
  international: 'payment',
};

const RESTORE_TRIES = 10;
const RESTORE_INTERVAL_MS = 100;

interface ScrollBack {
  page: string;
  y: number;
  link: string;
}

function readScrollBack(): ScrollBack | undefined {
  try {
    const value = JSON.parse(sessionStorage.getItem(SESSION_KEYS.scrollBack) ?? 'null') as ScrollBack | null;
    return value && typeof value.page === 'string' && typeof value.y === 'number' ? value : undefined;
  } catch {
    return undefined;
  }
}

interface Item {
  key: string;
  group?: string;
  label: string;
  to: string;
  values: Record<string, string | number | boolean | undefined>;
  primary?: boolean;
  /** Kept in place but not shown: the piece stopped being for sale after the page showed it. */
  gone?: boolean;
}

/**
 * A piece offered by a release draw (issue 35) is entered, not bought, until its window closes:
 * when, in the shop's zone with a countdown (shared/time-words.ts), and that only members enter,
 * the sign-up a tap away, before anyone opens the form.
 */
function DrawWindow({ closesAt }: { closesAt: string }) {
  const now = new Date(useNow());
  return (
    <div className="catalog-draw-window">
      <p className="catalog-meta catalog-draw">
        Entries close <ZonedTime at={closesAt} words={momentInWords(closesAt, now)} />
      </p>
      <Countdown to={closesAt} words="closes" className="catalog-meta catalog-draw-countdown" />
      <p className="catalog-meta catalog-draw-members">
        Members only. <Link to={MEMBERSHIP_PAGE}>Become a member</Link>, free, to enter.
      </p>
    </div>
  );
}

/** The piece's colours in words, each under its colour area's name as the collection gives it. */
function ChosenColours({
  colors,
  areaAmount,
  names,
}: {
  colors: string[];
  areaAmount: number;
  names?: string[];
}) {
  const list = coloursInWords(colors, areaAmount, names);
  if (list.length === 0) return null;
  return (
    <dl className="catalog-colours">
      {list.map(({ area, color }, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: areas are in a fixed order and may repeat a name.
        <div key={i} className="catalog-colour">
          <dt>{area}</dt>
          <dd>
            <span className="catalog-colour-chip" style={{ background: toneOf(color) }} aria-hidden="true" />
            {color}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** /products/productdetails (000 §2; inputs productId, type, areaAmount, gender, size, singleProduct). */
export function ProductDetails() {
  const values = useNavValues();
  const location = useLocation();
  const navigate = useNavigate();
  const productId = values.productId;
  const product = useQuery({ ...productQuery(productId ?? ''), enabled: Boolean(productId) });
  const typeId = values.type ?? product.data?.typeId;
  const images = useQuery({ ...imagesQuery(productId ?? '', 1), enabled: Boolean(productId) });
  const type = useQuery({ ...typeQuery(typeId ?? ''), enabled: Boolean(typeId) });
  const pageKey = `${location.pathname}${location.search}`;
  // The page is drawn as a background render once its answers are in, so on a phone drawing it
  // yields to the browser instead of blocking it (issue 16).
  const item = useDeferredValue(product.data);
  const collection = useDeferredValue(type.data);
  const imageList = useDeferredValue(images.data);
  const ready = Boolean(item && collection);

  // Back on this page: scroll to the saved offset and the last link clicked, retrying while
  // the page grows (10 tries, 100 ms apart).
  useEffect(() => {
    if (!ready) return;
    const saved = readScrollBack();
    if (!saved || saved.page !== pageKey) return;
    let tries = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const attempt = () => {
      tries += 1;
      const link = document.querySelector<HTMLElement>(`[data-scroll-id="${CSS.escape(saved.link)}"]`);
      const reachable = document.documentElement.scrollHeight - window.innerHeight >= saved.y - 1;
      if (link && reachable) {
        window.scrollTo({ top: saved.y, behavior: 'instant' });
        link.focus({ preventScroll: true });
        return;
      }
      if (tries < RESTORE_TRIES) timer = setTimeout(attempt, RESTORE_INTERVAL_MS);
    };
    attempt();
    return () => clearTimeout(timer);
  }, [ready, pageKey]);

  const remember = (link: string) => {
    const value: ScrollBack = { page: pageKey, y: Math.round(window.scrollY), link };
    sessionStorage.setItem(SESSION_KEYS.scrollBack, JSON.stringify(value));
  };

  const urls = useMemo(() => (imageList ?? []).map((i) => i.url), [imageList]);
  // Whether the piece was for sale when the page first showed it (a page rendered ahead of time
  // shows the state it was rendered with, then the live one, asked after the paint): if it is not
  // any more, its purchase and wallets keep their place, hidden, so nothing below them moves.
  const firstForSale = useRef<boolean | undefined>(undefined);
  if (item && firstForSale.current === undefined) firstForSale.current = !item.sold && !item.draw;

  if (!productId) return <Navigate to="/" replace />;
  const drawing = (product.data && !item) || (type.data && !collection);
  if (product.isPending || (typeId && type.isPending) || drawing) {
    return (
      <main className="catalog-page catalog-narrow">
        <Loading />
      </main>
    );
  }
  if (!item || !typeId) return <Navigate to="/" replace />;

  const gender = genderOf(values.gender) ?? (item.gender === 2 ? 0 : item.gender);
  const single =
    values.singleProduct === 'true' || (values.singleProduct === undefined && item.singleproduct === true);
  const size = values.size ?? item.size;
  const hasSize = Boolean(size) && size !== 'null';
  const areaAmount = values.areaAmount ?? (collection ? String(collection.areaAmount) : undefined);
  const name = item.name ?? item.typeName ?? (collection ? collectionTitle(collection) : 'one of one');

  const forSale = !item.sold && !item.draw;
  const noLongerForSale = firstForSale.current === true && !forSale;
  const items: Item[] = [];
  if (item.draw && !item.sold) {
    items.push({
      key: 'draw',
      label: 'Enter the draw',
      to: `/draw/${item.draw.drawId}`,
      values: {},
      primary: true,
    });
  } else if (!item.sold || noLongerForSale) {
    // Sold since the page showed it for sale: kept in its place, hidden (see firstForSale).
    items.push({
      key: 'purchase',
      label: 'Purchase',
      to: '/products/purchase',
      values: { product: productId, type: typeId },
      primary: true,
      gone: item.sold,
    });
  }
  if (!single) {
    items.push({
      key: 'color',
      label: 'Change Color',
      to: '/products/shopproduct',
      values: { type: typeId, gender, areaAmount, ...(hasSize ? { size } : {}) },
    });
  }
  if (hasSize) {
    items.push({
      key: 'size',
      label: 'Change Size',
      to: '/products/sizepicker',
      values: { type: typeId, gender, areaAmount },
    });
  }
  for (const [title, label] of INFO_LINKS) {
    items.push({
      key: title,
      group: INFO_GROUP[title],
      label,
      to: '/products/material',
      values: { tid: typeId, title },
    });
  }
  if (!single) {
    items.push({
      key: 'video',
      group: 'more',
      label: 'Collection Video',
      to: '/products/productvideo',
      values: { type: typeId, gender },
    });
  }
  items.push(
    hasSize
      ? {
          key: 'find-size',
          group: 'more',
          label: 'Find your size',
          to: '/products/productsizeguide',
          values: { type: typeId, gender },
        }
      : {
          // The dimension drawings (image type 3) with the collection's dimensions text, not the
          // "dimension details" text again.
          key: 'dimensions',
          group: 'more',
          label: 'product dimensions',
          to: '/products/productdimensions',
          values: { type: typeId },
        },
  );
  items.push({ key: 'contact', group: 'more', label: 'Contact Us', to: '/more/contact_us', values: {} });

  const groups: [string, Item[]][] = [];
  for (const link of items) {
    const heading = link.group ?? '';
    const last = groups.at(-1);
    if (last && last[0] === heading) last[1].push(link);
    else groups.push([heading, [link]]);
  }

  if (collection?.preSale) {
    return (
      <main className="catalog-page catalog-narrow">
        <BackButton />
        <h1 className="catalog-title">{collectionTitle(collection)}</h1>
        <hr className="catalog-rule" />
        <p className="catalog-notice">{collection.preSaleText}</p>
      </main>
    );
  }

  // Wallets first (issue 46): the piece bought from its page, a press and the sheet's confirm. They
  // sit right under Purchase, which stays on a phone's first screen.
  const wallets = noLongerForSale ? (
    <ExpressCheckoutSpace />
  ) : forSale ? (
    <ExpressCheckout
      productId={productId}
      typeId={typeId}
      onPaid={(checkoutCode) => {
        forgetStart(productId, { key: true });
        const paid = { checkoutCode };
        navigate(navTarget('/products/success', paid), { state: paid });
      }}
    />
  ) : null;

  return (
    <main className="catalog-page catalog-details">
      <BackButton />
      <div className="catalog-details-grid">
        <Gallery
          urls={urls}
          alt={name}
          label={`${name}, pictures`}
          pager="fraction"
          eager
          sizes={DETAILS_GALLERY_SIZES}
          className="catalog-details-gallery"
        />
        <div className="catalog-details-info">
          {collection && <p className="catalog-kicker">{collectionTitle(collection)}</p>}
          <h1 className="catalog-title catalog-product-name">{name}</h1>
          {hasSize && <p className="catalog-meta">size {size}</p>}
          {item.sold ? (
            <p className="catalog-notice catalog-sold">{MESSAGES.productSold}</p>
          ) : (
            <p className="catalog-price">
              {formatPrice(item.priceUs)} <span className="catalog-currency">USD</span>
            </p>
          )}
          <ChosenColours
            colors={item.colors}
            areaAmount={collection?.areaAmount ?? item.colors.length}
            names={collection?.areaNames}
          />
          {item.draw && !item.sold && <DrawWindow closesAt={item.draw.closesAt} />}
          <p className="catalog-one-of-one">
            <Link
              to="/world/oneofoneluxury"
              className="catalog-one-of-one-link"
              data-scroll-id="one-of-one"
              onClick={() => remember('one-of-one')}
            >
              one of one: made once, never again
            </Link>
          </p>
          <nav aria-label="product" className="catalog-details-nav">
            {groups.map(([heading, list]) => (
              <div key={heading || 'actions'} className="catalog-link-group">
                {heading && <h2 className="catalog-group-title">{heading}</h2>}
                <ul className="catalog-links">
                  {list.map((link) => (
                    <Fragment key={link.key}>
                      <li
                        className={
                          [link.primary && 'catalog-link-primary', link.gone && 'catalog-link-gone']
                            .filter(Boolean)
                            .join(' ') || undefined
                        }
                        {...(link.gone ? { inert: true, 'aria-hidden': true } : {})}
                      >
                        <Link
                          to={navTarget(link.to, link.values)}
                          state={link.values}
                          data-scroll-id={link.key}
                          onClick={() => remember(link.key)}
                        >
                          {link.label}
                        </Link>
                      </li>
                      {link.primary && wallets && (
                        <li
                          className={
                            noLongerForSale
                              ? 'catalog-link-wallets catalog-link-gone'
                              : 'catalog-link-wallets'
                          }
                          {...(noLongerForSale ? { inert: true, 'aria-hidden': true } : {})}
                        >
                          {wallets}
                        </li>
                      )}
                    </Fragment>
                  ))}
                </ul>
              </div>
            ))}
          </nav>
        </div>
      </div>
      <CollectionPictures
        typeId={typeId}
        gender={gender}
        name={collection ? collectionTitle(collection) : name}
      />
    </main>
  );
}
