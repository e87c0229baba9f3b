import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import type { OpeningMissing } from '#shared/contracts/opening.ts';
import { adminGet } from './api.ts';
import { ErrorText } from './ui.tsx';

/** Where a missing thing is fixed: its admin screen, the SES console, or the deployment's settings. */
function Fix({ missing }: { missing: OpeningMissing }) {
  if (missing.to) return <Link to={missing.to}>{missing.label}</Link>;
  if (missing.href)
    return (
      <a href={missing.href} target="_blank" rel="noopener noreferrer">
        {missing.label}
      </a>
    );
  return null;
}

/**
 * What is still missing before the shop can open (GET /opening: the terms, the films, the
 * addresses, the sister sites, the mail identity's verification), each with what to do and where;
 * once none is, that the shop is ready to open.
 */
export function OpeningChecklist() {
  const opening = useQuery({
    queryKey: ['admin', 'opening'],
    queryFn: () => adminGet('/opening'),
  });
  if (opening.error) return <ErrorText>{opening.error.message}</ErrorText>;
  if (!opening.data) return <p className="adm-muted">checking what the shop still needs to open…</p>;
  const { ready, missing } = opening.data;
  return (
    <section className="adm-home-opening" aria-labelledby="adm-home-opening">
      <h2 id="adm-home-opening">before opening</h2>
      {ready ? (
        <p className="adm-home-ready">nothing is missing: the shop is ready to open</p>
      ) : (
        <>
          <p className="adm-muted">
            {missing.length === 1 ? 'one thing is' : `${missing.length} things are`} still missing
          </p>
          <ol className="adm-home-missing">
            {missing.map((m) => (
              <li key={m.item}>
                <p>{m.what}</p>
                <p className="adm-muted">
                  {m.how}
                  {(m.to || m.href) && ': '}
                  <Fix missing={m} />
                </p>
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}
