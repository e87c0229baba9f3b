import { Link } from 'react-router-dom';
import { AdminPage } from './ui.tsx';

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
  ['/terms-versions', 'terms of use'],
  ['/view-products-auth', 'authentication records'],
  ['/audit-log', 'audit log'],
];

export function AdminHome() {
  return (
    <AdminPage title="admin">
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
