import { Link } from 'react-router-dom';
import { SHOP } from '../lib/shop-settings.ts';

/** 000 §2: the main menu. */
const menu = [
  ['/world/', 'world'],
  ['/women/', 'women'],
  ['/men/', 'men'],
  ['/boutique/', 'boutique'],
  ['/world/mission/music', 'music'],
  ['/allvideos', 'videos'],
  ['/authenticity/', 'authenticity'],
  ['/more/', 'more'],
] as const;

/**
 * What "more" leads to, for those who do not see the menu (screen readers, search engines): the
 * word alone says nothing of it (Lighthouse's SEO audit "Links do not have descriptive text").
 */
const HIDDEN_DETAIL: Partial<Record<string, string>> = {
  '/more/': ': delivery, payment, returns and contact',
};

export function Home() {
  return (
    <main className="page home">
      <nav aria-label="Main menu">
        <ul className="menu">
          {menu.map(([to, label]) => (
            <li key={to}>
              <Link to={to}>
                {label}
                {HIDDEN_DETAIL[to] && <span className="visually-hidden">{HIDDEN_DETAIL[to]}</span>}
              </Link>
            </li>
          ))}
          {SHOP.sisterSites.map((site) => (
            <li key={site.url}>
              <a href={site.url} rel="noopener">
                {site.name}
              </a>
            </li>
          ))}
        </ul>
      </nav>
    </main>
  );
}
