import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { SUPPORT_EMAIL } from './constants.ts';
import './content.css';

/** The support address as a mail link. */
export function SupportEmail() {
  return (
    <a className="content-mail" href={`mailto:${SUPPORT_EMAIL}`}>
      {SUPPORT_EMAIL}
    </a>
  );
}

/** A page's lead paragraph, set larger under the title and a thin gold rule. */
export function Lead({ children }: { children: ReactNode }) {
  return <p className="content-lead">{children}</p>;
}

/** Running text of an information page. */
export function Prose({ children }: { children: ReactNode }) {
  return <div className="content-prose">{children}</div>;
}

export interface MenuEntry {
  to: string;
  label: string;
  note?: string;
}

/** A quiet menu of links, one a row between thin rules, with an optional note under each. */
export function ContentMenu({ label, entries }: { label: string; entries: readonly MenuEntry[] }) {
  return (
    <nav aria-label={label}>
      <ul className="content-menu">
        {entries.map((entry) => (
          <li key={entry.to}>
            <Link to={entry.to}>
              <span className="content-menu-label">{entry.label}</span>
              {entry.note && <span className="content-menu-note">{entry.note}</span>}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
