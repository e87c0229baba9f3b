import './express-checkout.css';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { TERMS_PAGE } from '#shared/terms.ts';
import type { ExpressCheckoutProps } from './wallet-buttons.tsx';

const WalletButtons = lazy(() => import('./wallet-buttons.tsx'));

/**
 * The wallet buttons (Stripe's Express Checkout Element: Apple Pay, Google Pay, Link) of a piece
 * for sale, on its page and on the purchase page. The area's height is kept from the first paint
 * (nothing shifts when the buttons come); Stripe.js (the stand-in locally) is loaded and the
 * element mounted only once the area is near the screen and the browser is idle, after the
 * page's own content.
 */
export function ExpressCheckout(props: ExpressCheckoutProps) {
  const area = useRef<HTMLDivElement>(null);
  const [load, setLoad] = useState(false);

  useEffect(() => {
    const node = area.current;
    if (!node || load) return;
    let idle: number | undefined;
    const start = () => {
      if (idle !== undefined) return;
      idle =
        typeof window.requestIdleCallback === 'function'
          ? window.requestIdleCallback(() => setLoad(true), { timeout: 1500 })
          : window.setTimeout(() => setLoad(true), 200);
    };
    if (typeof IntersectionObserver !== 'function') {
      start();
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          observer.disconnect();
          start();
        }
      },
      { rootMargin: '200px 0px' },
    );
    observer.observe(node);
    return () => {
      observer.disconnect();
      if (idle === undefined) return;
      if (typeof window.cancelIdleCallback === 'function') window.cancelIdleCallback(idle);
      window.clearTimeout(idle);
    };
  }, [load]);

  return (
    <section className="express-checkout" aria-label="express checkout">
      <div ref={area} className="express-checkout-buttons">
        {load && (
          <Suspense fallback={null}>
            <WalletButtons {...props} />
          </Suspense>
        )}
      </div>
      <p className="express-checkout-note">
        All sales are final. Paying with a wallet accepts our{' '}
        <Link to={TERMS_PAGE} target="_blank" rel="noopener">
          terms of use
        </Link>
        .
      </p>
    </section>
  );
}

/**
 * The wallets' area without its buttons, as high as it was: kept (hidden) where the buttons were
 * when the piece stops being for sale on a page that showed them, so nothing below them moves.
 */
export function ExpressCheckoutSpace() {
  return (
    <section className="express-checkout">
      <div className="express-checkout-buttons" />
      <p className="express-checkout-note">
        All sales are final. Paying with a wallet accepts our terms of use.
      </p>
    </section>
  );
}
