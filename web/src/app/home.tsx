import { Link } from 'react-router-dom';

const menu = [
  ['/world/', 'World'],
  ['/women/', 'Women'],
  ['/men/', 'Men'],
  ['/boutique/', 'Boutique'],
  ['/world/mission/music', 'Music'],
  ['/allvideos', 'Videos'],
  ['/authenticity/', 'Authenticity'],
  ['/more/', 'More'],
] as const;

export function Home() {
  return (
    <main className="page">
      <header>
        <Link to="/home" className="brand">
          One of One Luxury
        </Link>
        <p className="tagline">every piece exists once</p>
      </header>
      <nav aria-label="Main menu">
        <ul className="menu">
          {menu.map(([to, label]) => (
            <li key={to}>
              <Link to={to}>{label}</Link>
            </li>
          ))}
        </ul>
      </nav>
    </main>
  );
}
