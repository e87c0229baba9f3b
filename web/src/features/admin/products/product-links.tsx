import { Link } from 'react-router-dom';

/** The screens of one product, each link named for the piece (several appear on one page). */
export function ProductLinks({ id, name, except }: { id: string; name: string; except?: string }) {
  const pid = encodeURIComponent(id);
  const links: [string, string, string][] = [
    ['details', `/viewdetails/${pid}`, 'details'],
    ['edit', `/adproduct?id=${pid}`, 'edit'],
    ['pictures', `/adpicture/${pid}?type=product`, 'pictures'],
    ['authenticity', `/adpicture/${pid}?type=authenticity`, 'authenticity photos'],
    ['main', `/ad-product-image?id=${pid}`, 'main image'],
    ['video', `/advideo/${pid}`, 'videos'],
  ];
  return (
    <>
      {links
        .filter(([key]) => key !== except)
        .map(([key, to, label]) => (
          <Link key={key} to={to} aria-label={`${label} of ${name}`}>
            {label}
          </Link>
        ))}
    </>
  );
}
