import './passport.css';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { LazyQrCode } from '../../../components/lazy-qr-code.tsx';
import { useAction } from '../kit/action.ts';
import { ErrorText, Loading, StatusText, vancouverTime } from '../ui.tsx';
import {
  certificatesKey,
  certificatesQuery,
  issueCertificate,
  logKey,
  pieceEntriesKey,
  pieceEntriesQuery,
  verifyUrl,
} from './api.ts';
import { LogEntries } from './log-entries.tsx';

/**
 * A piece's passport on its admin page: the newest certificate with its code and QR, issue or
 * re-issue, and the piece's entries in the public log.
 */
export function PassportPanel({ pid, name }: { pid: string; name: string }) {
  const queryClient = useQueryClient();
  const certificates = useQuery(certificatesQuery(pid));
  const issue = useAction('the certificate could not be issued. please try again.');
  const newest = certificates.data?.[0];
  const entries = useQuery({
    ...pieceEntriesQuery(pid, certificates.data?.length ?? 0),
    enabled: certificates.isSuccess,
  });

  const onIssue = () =>
    issue.run(async () => {
      const made = await issueCertificate(pid);
      queryClient.setQueryData(certificatesKey(pid), [made, ...(certificates.data ?? [])]);
      await queryClient.invalidateQueries({ queryKey: logKey });
      await queryClient.invalidateQueries({ queryKey: pieceEntriesKey(pid) });
    });

  return (
    <section className="adm-products-section adm-passport" aria-labelledby="passport-heading">
      <h2 id="passport-heading">passport</h2>
      {certificates.isPending && <Loading />}
      <ErrorText>{certificates.error?.message}</ErrorText>
      {certificates.data &&
        (newest ? (
          <div className="adm-passport-cert">
            <LazyQrCode
              text={verifyUrl(newest.code)}
              label={`QR code of the passport of ${name}`}
              className="qr-code adm-passport-qr"
            />
            <dl className="adm-products-facts-list">
              <div>
                <dt>issued on</dt>
                <dd>{vancouverTime(newest.issuedAt)}</dd>
              </div>
              <div>
                <dt>key id</dt>
                <dd>
                  <code>{newest.kid}</code>
                </dd>
              </div>
              <div>
                <dt>authenticity photos</dt>
                <dd>{newest.photos}</dd>
              </div>
              <div>
                <dt>certificates issued</dt>
                <dd>{certificates.data.length}</dd>
              </div>
              <div>
                <dt>code</dt>
                <dd>
                  <code className="adm-passport-code">{newest.code}</code>
                </dd>
              </div>
            </dl>
            <a href={verifyUrl(newest.code)} target="_blank" rel="noreferrer">
              open its verify page
            </a>
          </div>
        ) : (
          <p className="adm-muted">no certificate yet: the steel card needs one for its code.</p>
        ))}
      {certificates.data && (
        <div className="adm-row">
          <button type="button" disabled={issue.busy} onClick={() => void onIssue()}>
            {issue.busy ? 'signing…' : newest ? 're-issue the certificate' : 'issue the certificate'}
          </button>
          {newest && (
            <small className="adm-muted">a re-issue signs a new certificate and code, and logs it.</small>
          )}
        </div>
      )}
      <StatusText>{issue.busy ? 'asking the passport signer…' : ''}</StatusText>
      <ErrorText>{issue.error}</ErrorText>

      <h3 className="adm-products-subtitle">in the public log</h3>
      {entries.isPending && certificates.isSuccess && <Loading />}
      <ErrorText>{entries.error?.message}</ErrorText>
      {entries.data && <LogEntries entries={entries.data} />}
      <Link to="/view-passport">the whole log and the keys</Link>
    </section>
  );
}
