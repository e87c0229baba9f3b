import './releases.css';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import type { typelistContract } from '#shared/contracts/catalog-admin.ts';
import type { Answer, Body } from '#shared/contracts/contract.ts';
import type {
  createReleaseContract,
  listReleasesContract,
  releasePreviewContract,
  releaseTestContract,
} from '#shared/contracts/releases.ts';
import { adminGet, adminPost } from '../api.ts';
import { choicesOf, SelectField, TextAreaField, TextField } from '../kit/fields.tsx';
import { CardTable } from '../kit/table.tsx';
import { AdminPage, ConfirmButton, ErrorText, Loading, StatusText, vancouverTime } from '../ui.tsx';

type Draft = Body<typeof createReleaseContract>;
type Preview = Answer<typeof releasePreviewContract>;

/** The address test mails go to, remembered in this browser. */
const TEST_ADDRESS_KEY = 'boutique.admin.release-test-to';

/**
 * /announce-release (issue 17): a collection's release told to every confirmed member. Write the
 * subject and text, see the mail as members will read it (with the collection's picture), send
 * a test to yourself, then announce: the sender mails it at a set rate, and the list below
 * shows each release's progress (sent / suppressed / failed), refreshed while one is sending.
 */
export function AnnounceRelease() {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Draft>({ typeId: '', subject: '', text: '' });
  const [preview, setPreview] = useState<Preview>();
  const [testTo, setTestTo] = useState(() => localStorage.getItem(TEST_ADDRESS_KEY) ?? '');
  const [notice, setNotice] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const types = useQuery({
    queryKey: ['admin', 'typelist'],
    queryFn: async () => (await adminGet<Answer<typeof typelistContract>>('/typelist')).types,
  });
  const releases = useQuery({
    queryKey: ['admin', 'releases'],
    queryFn: () => adminGet<Answer<typeof listReleasesContract>>('/releases'),
    refetchInterval: (query) => (query.state.data?.list.some((r) => r.status === 'sending') ? 3000 : false),
  });

  const change = (patch: Partial<Draft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setPreview(undefined);
    setNotice('');
  };

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError('');
    setNotice('');
    try {
      await work();
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const showPreview = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => setPreview(await adminPost<Preview>('/release-preview', draft)));
  };

  const sendTest = () =>
    run(async () => {
      localStorage.setItem(TEST_ADDRESS_KEY, testTo);
      const answer = await adminPost<Answer<typeof releaseTestContract>>('/release-test', {
        ...draft,
        to: testTo,
      } satisfies Body<typeof releaseTestContract>);
      setNotice(`test sent to ${answer.to}.`);
    });

  const announce = async () => {
    await adminPost<Answer<typeof createReleaseContract>>('/releases', draft);
    setNotice('announced: the members are being mailed.');
    setPreview(undefined);
    await queryClient.invalidateQueries({ queryKey: ['admin', 'releases'] });
  };

  return (
    <AdminPage title="announce a release">
      <form onSubmit={showPreview} aria-label="release">
        <SelectField
          label="collection"
          value={draft.typeId}
          onChange={(typeId) => change({ typeId })}
          choices={choicesOf(types.data)}
          blank="choose…"
          required
        />
        <TextField
          label="subject"
          value={draft.subject}
          maxLength={150}
          onChange={(subject) => change({ subject })}
          required
        />
        <TextAreaField
          label="text"
          rows={6}
          value={draft.text}
          maxLength={5000}
          onChange={(text) => change({ text })}
          required
        />
        <button type="submit" disabled={busy}>
          preview
        </button>
      </form>
      <ErrorText>{error}</ErrorText>
      <StatusText>{notice}</StatusText>

      {preview && (
        <section aria-label="preview" className="adm-preview">
          <h2>{preview.subject}</h2>
          {preview.pictureLink && <img src={preview.pictureLink} alt={preview.collectionName} width={320} />}
          <pre className="adm-mail-text">{preview.text}</pre>
          <TextField label="send a test to" type="email" value={testTo} onChange={setTestTo} />
          <div className="adm-row">
            <button type="button" onClick={sendTest} disabled={busy || !testTo}>
              send a test
            </button>
            <ConfirmButton
              label="announce"
              question="mail this release to every confirmed member?"
              onConfirm={announce}
            />
          </div>
        </section>
      )}

      <h2>releases</h2>
      {releases.isPending && <Loading />}
      <ErrorText>{releases.error?.message}</ErrorText>
      {releases.data && releases.data.list.length === 0 && <p className="adm-muted">no releases yet.</p>}
      {releases.data && releases.data.list.length > 0 && (
        <CardTable
          beside
          columns={['announced (Vancouver)', 'collection', 'subject', 'status', 'sent / suppressed / failed']}
        >
          {releases.data.list.map((r) => (
            <tr key={r.id}>
              <td data-label="announced">
                {vancouverTime(r.createdAt)} <span className="adm-muted">by {r.createdBy}</span>
              </td>
              <td data-label="collection">{r.collectionName}</td>
              <td data-label="subject">{r.subject}</td>
              <td data-label="status">{r.status}</td>
              <td data-label="progress">
                {r.sent} / {r.suppressed} / {r.failed}
                {r.total !== undefined && <span className="adm-muted"> of {r.total}</span>}
                {r.interrupted > 0 && <span className="adm-muted"> ({r.interrupted} interrupted)</span>}
              </td>
            </tr>
          ))}
        </CardTable>
      )}
    </AdminPage>
  );
}
