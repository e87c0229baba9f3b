import { Link } from 'react-router-dom';
import { navTarget } from '../../lib/nav-input.ts';

/** The collection's own texts a buyer reads before paying (/products/productinfo, 000 §2). */
const TEXTS: [title: string, label: string][] = [
  ['shippingMethod', 'shipping'],
  ['deliveryTime', 'delivery time'],
  ['duties', 'duties'],
  ['taxes', 'taxes'],
  ['returns', 'returns'],
  ['paymentMethod', 'payment'],
];

/**
 * At checkout, beside the summary: the piece's collection texts (shipping, delivery, duties,
 * taxes, returns, payment, each its /products/productinfo page) and where the shop sells, the
 * digital and the physical boutique (/boutique/twoboutiques).
 */
export function BeforeYouBuy({ typeId }: { typeId: string }) {
  return (
    <nav className="checkout-before" aria-label="before you buy">
      <p className="checkout-before-title">before you buy</p>
      <ul>
        {TEXTS.map(([title, label]) => {
          const values = { tid: typeId, title };
          return (
            <li key={title}>
              <Link to={navTarget('/products/productinfo', values)} state={values}>
                {label}
              </Link>
            </li>
          );
        })}
        <li>
          <Link to="/boutique/twoboutiques">our digital and physical boutiques</Link>
        </li>
      </ul>
    </nav>
  );
}
