import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { adminOrderPage } from '#shared/admin.ts';
import { adminGet } from './api.ts';
import { OpeningChecklist } from './opening.tsx';
import { AdminPage, ErrorText } from './ui.tsx';

/** /admin-home (001 §2): the lists staff work from. */
const LISTS: [string, string][] = [
  ['/viewproducts', 'products'],
  ['/orders', 'orders'],
  ['/view-types', 'collections'],
  ['/view-sizes', 'sizes'],
  ['/view-films', 'films'],
  ['/view-answers', 'size finder replies'],
  ['/view-members', 'members'],
  ['/announce-release', 'announce a release'],
  ['/view-draws', 'release draws'],
  ['/terms-versions', 'terms of use'],
  ['/view-products-auth', 'authentication records'],
  ['/view-passport', 'passport'],
  ['/audit-log', 'audit log'],
  ['/admin-api', 'API reference'],
];

/** The overdue orders named one by one on the home page; the rest are behind the list's link. */
const OVERDUE_SHOWN = 5;

const orders = (filter: 'waiting' | 'overdue', pageSize: number) =>
  adminGet('/orders', { offset: 0, pageSize, filter });

/**
 * What waits to ship, and what is past the 7 business days promised (the orders list's filters,
 * the rule of functions/checkout/rules/shipping-wait.ts): counts linking their lists, and each of
 * the longest-waiting overdue orders linking its page.
 */
function ToShip() {
  const waiting = useQuery({
    queryKey: ['admin', 'orders', 'waiting', 'count'],
    queryFn: () => orders('waiting', 1),
  });
  const overdue = useQuery({
    queryKey: ['admin', 'orders', 'overdue', 'home'],
    queryFn: () => orders('overdue', 100),
  });
  const error = waiting.error ?? overdue.error;
  if (error) return <ErrorText>{error.message}</ErrorText>;
  if (!waiting.data || !overdue.data) return <p className="adm-muted">counting the orders to ship…</p>;
  const late = [...overdue.data.list].sort((a, b) => (b.businessDays ?? 0) - (a.businessDays ?? 0));
  const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  return (
    <section className="adm-home-ship" aria-labelledby="adm-home-ship">
      <h2 id="adm-home-ship">to ship</h2>
      <ul className="adm-menu">
        <li>
          <Link to="/orders?filter=waiting">
            {count(waiting.data.total, 'paid order waits', 'paid orders wait')} to ship
          </Link>
        </li>
        <li className={overdue.data.total > 0 ? 'adm-home-overdue' : undefined}>
          {overdue.data.total === 0 ? (
            <span>none is overdue (more than 7 business days)</span>
          ) : (
            <Link to="/orders?filter=overdue">
              {count(overdue.data.total, 'order is', 'orders are')} overdue (more than 7 business days)
            </Link>
          )}
        </li>
      </ul>
      {late.length > 0 && (
        <ul className="adm-home-late">
          {late.slice(0, OVERDUE_SHOWN).map((o) => (
            <li key={o.id}>
              <Link to={adminOrderPage(o.id)}>
                {o.productName}, {o.name}: {o.businessDays} business days
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function AdminHome() {
  return (
    <AdminPage title="admin">
      <OpeningChecklist />
      <ToShip />
      <ul className="adm-menu">
        {LISTS.map(([to, label]) => (
          <li key={to}>
            <Link to={to}>{label}</Link>
          </li>
        ))}
      </ul>
    </AdminPage>
  );
}
