import '../products/products.css';
import './passport.css';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { AdminPage, ConfirmButton, ErrorText, Loading, StatusText } from '../ui.tsx';
import { keysKey, keysQuery, logQuery, type PassportKey, rotateKey } from './api.ts';
import { LogEntries } from './log-entries.tsx';

/**
 * /view-passport: the public log as staff see it (newest first, 50 a page), its size, what
 * waits to be sequenced, how many pieces have no passport yet and the latest signed checkpoint;
 * the signing keys and their rotation.
 */
export function PassportLog() {
  return (
    <AdminPage title="passport">
      <LogSummary />
      <KeysSection />
      <LogPages />
    </AdminPage>
  );
}

/** The log's size, what waits to be sequenced, the pieces without a passport, and the latest signed checkpoint. */
function LogSummary() {
  const log = useQuery(logQuery({}));
  return (
    <section className="adm-passport-section" aria-labelledby="passport-log-heading">
      <h2 id="passport-log-heading">the public log</h2>
      {log.isPending && <Loading />}
      <ErrorText>{log.error?.message}</ErrorText>
      {log.data && (
        <>
          <dl className="adm-products-facts-list">
            <div>
              <dt>entries</dt>
              <dd>{log.data.size}</dd>
            </div>
            <div>
              <dt>waiting to be sequenced</dt>
              <dd>{log.data.pending}</dd>
            </div>
            <div>
              <dt>pieces without a passport</dt>
              <dd>{log.data.withoutPassport ?? '…'}</dd>
            </div>
          </dl>
          {Boolean(log.data.withoutPassport) && (
            <p className="adm-muted">
              the passport job issues their certificates every five minutes, each once its authenticity
              photographs are stored.
            </p>
          )}
          <h3 className="adm-products-subtitle">latest checkpoint</h3>
          {log.data.checkpoint ? (
            <pre className="adm-passport-checkpoint">{log.data.checkpoint}</pre>
          ) : (
            <p className="adm-muted">none signed yet.</p>
          )}
        </>
      )}
    </section>
  );
}

/** The entries, newest first, 50 a page: "older" asks for those before the last one shown. */
function LogPages() {
  // The `before` of each page shown so far: the first page has none.
  const [pages, setPages] = useState<(number | undefined)[]>([undefined]);
  const before = pages[pages.length - 1];
  const log = useQuery(logQuery(before === undefined ? {} : { before }));
  const oldest = log.data?.entries.at(-1)?.seq;
  return (
    <section className="adm-passport-section" aria-labelledby="passport-entries-heading">
      <h2 id="passport-entries-heading">entries, newest first</h2>
      <p className="adm-muted">an owner is only a commitment in the log: no one but they can open it.</p>
      {log.isPending && <Loading />}
      <ErrorText>{log.error?.message}</ErrorText>
      {log.data && (
        <>
          <LogEntries entries={log.data.entries} withPiece />
          <nav className="adm-pager" aria-label="pages of the log">
            <button
              type="button"
              disabled={pages.length <= 1}
              onClick={() => setPages((p) => p.slice(0, -1))}
            >
              newer
            </button>
            <button
              type="button"
              disabled={oldest === undefined || oldest === 0}
              onClick={() => setPages((p) => [...p, oldest])}
            >
              older
            </button>
          </nav>
        </>
      )}
    </section>
  );
}

function KeysSection() {
  const queryClient = useQueryClient();
  const keys = useQuery(keysQuery());
  const [rotated, setRotated] = useState('');
  const rotate = async () => {
    const set = await rotateKey();
    queryClient.setQueryData(keysKey, set);
    setRotated('the key is rotated: a new key signs from today. below, the new key set.');
  };
  return (
    <section className="adm-passport-section" aria-labelledby="passport-keys-heading">
      <h2 id="passport-keys-heading">signing keys</h2>
      <p className="adm-muted">
        published at <a href="/.well-known/passport-keys.json">/.well-known/passport-keys.json</a>. the newest
        key with no end signs; the others keep verifying what they signed.
      </p>
      {keys.isPending && <Loading />}
      <ErrorText>{keys.error?.message}</ErrorText>
      <StatusText>{rotated}</StatusText>
      {keys.data && <KeyTable keys={keys.data} />}
      <div>
        <ConfirmButton
          label="rotate the signing key"
          question="rotate the signing key? the current key stops signing today; what it signed keeps verifying."
          onConfirm={rotate}
        />
      </div>
    </section>
  );
}

function KeyTable({ keys }: { keys: PassportKey[] }) {
  return (
    <div className="adm-scroll">
      <table className="adm-table">
        <thead>
          <tr>
            <th scope="col">key id</th>
            <th scope="col">from</th>
            <th scope="col">until</th>
          </tr>
        </thead>
        <tbody>
          {keys.map((key) => (
            <tr key={key.kid}>
              <td>
                <code>{key.kid}</code>
              </td>
              <td>{key.from.slice(0, 10)}</td>
              <td>{key.until ? key.until.slice(0, 10) : 'signing now'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
