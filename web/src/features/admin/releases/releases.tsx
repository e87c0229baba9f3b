import './releases.css';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import type { AdminAnswer, AdminBody } from '../../../lib/api-types.ts';
import { adminDelete, adminGet, adminPatch, adminPost } from '../api.ts';
import { choicesOf, SelectField, TextAreaField, TextField } from '../kit/fields.tsx';
import { VancouverTimeField } from '../kit/vancouver-time-field.tsx';
import { AdminPage, ConfirmButton, ErrorText, StatusText, vancouverTime } from '../ui.tsx';
import { ReleaseList, type ReleaseRow } from './release-list.tsx';

type Announces = 'collection' | 'event';
interface Form {
  announces: Announces;
  typeId: string;
  eventTitle: string;
  eventDate: string;
  subject: string;
  text: string;
  /** An ISO time, typed in Vancouver time; blank: now. */
  sendAt: string;
}
type Preview = AdminAnswer<'/release-preview', 'post'>;

const EMPTY: Form = {
  announces: 'collection',
  typeId: '',
  eventTitle: '',
  eventDate: '',
  subject: '',
  text: '',
  sendAt: '',
};

/** The address test mails go to, remembered in this browser. */
const TEST_ADDRESS_KEY = 'boutique.admin.release-test-to';

/** The draft the API takes: a collection's or an event's fields, never both. */
function draftOf(form: Form): AdminBody<'/release-preview'> {
  const words = { subject: form.subject, text: form.text };
  return form.announces === 'event'
    ? { announces: 'event', eventTitle: form.eventTitle, eventDate: form.eventDate, ...words }
    : { announces: 'collection', typeId: form.typeId, ...words };
}

function formOf(row: ReleaseRow): Form {
  return {
    announces: row.announces,
    typeId: row.typeId ?? '',
    eventTitle: row.eventTitle ?? '',
    eventDate: row.eventDate ?? '',
    subject: row.subject,
    text: row.text,
    sendAt: row.sendAt,
  };
}

/**
 * /announce-release (issues 17 and 34): a release scheduled for every confirmed member — a
 * collection's (its pre-sale ends at that time, so its pieces can be bought when the mail
 * arrives) or an event's, without a collection. Write the words and the time, see the mail as
 * members will read it, send a test to an address, then schedule. Until its time a release can
 * be edited, moved or cancelled; once its sending has started it cannot (the list shows sent n
 * of N, refreshed while one is sending).
 */
export function AnnounceRelease() {
  const queryClient = useQueryClient();
  const [form, setForm] = useState<Form>(EMPTY);
  const [editing, setEditing] = useState<string>();
  const [preview, setPreview] = useState<Preview>();
  const [testTo, setTestTo] = useState(() => localStorage.getItem(TEST_ADDRESS_KEY) ?? '');
  const [notice, setNotice] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const types = useQuery({
    queryKey: ['admin', 'typelist'],
    queryFn: async () => (await adminGet('/typelist')).types,
  });

  const change = (patch: Partial<Form>) => {
    setForm((f) => ({ ...f, ...patch }));
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
    void run(async () => setPreview(await adminPost('/release-preview', draftOf(form))));
  };

  const sendTest = () =>
    run(async () => {
      localStorage.setItem(TEST_ADDRESS_KEY, testTo);
      const answer = await adminPost('/release-test', {
        ...draftOf(form),
        to: testTo,
      });
      setNotice(`test sent to ${answer.to}.`);
    });

  const refresh = () => queryClient.invalidateQueries({ queryKey: ['admin', 'releases'] });

  const schedule = async () => {
    const sendAt = form.sendAt || undefined;
    if (editing) {
      await adminPatch('/releases', {
        id: editing,
        ...draftOf(form),
        sendAt: sendAt ?? new Date().toISOString(),
      });
      setNotice('the release is changed: nobody has been mailed yet.');
    } else {
      await adminPost('/releases', {
        ...draftOf(form),
        ...(sendAt ? { sendAt } : {}),
      });
      setNotice(sendAt ? 'scheduled.' : 'announced: the members are being mailed.');
    }
    setEditing(undefined);
    setForm(EMPTY);
    setPreview(undefined);
    await refresh();
  };

  const edit = (row: ReleaseRow) => {
    setEditing(row.id);
    setForm(formOf(row));
    setPreview(undefined);
    setNotice('');
    setError('');
    window.scrollTo({ top: 0 });
  };

  const cancel = async (row: ReleaseRow) => {
    await adminDelete('/releases', undefined, {
      id: row.id,
    });
    if (editing === row.id) {
      setEditing(undefined);
      setForm(EMPTY);
      setPreview(undefined);
    }
    setNotice('the release is cancelled: nobody will be mailed.');
    await refresh();
  };

  const when = form.sendAt ? vancouverTime(form.sendAt) : 'now';

  return (
    <AdminPage title="announce a release">
      <form onSubmit={showPreview} aria-label="release">
        {editing && <p className="adm-muted">editing a scheduled release.</p>}
        <SelectField<Announces>
          label="announces"
          value={form.announces}
          onChange={(announces) => change({ announces })}
          choices={[
            ['collection', 'a collection (its pre-sale ends at the release)'],
            ['event', 'an event (no collection)'],
          ]}
        />
        {form.announces === 'collection' ? (
          <SelectField
            label="collection"
            value={form.typeId}
            onChange={(typeId) => change({ typeId })}
            choices={choicesOf(types.data)}
            blank="choose…"
            required
          />
        ) : (
          <>
            <TextField
              label="event"
              value={form.eventTitle}
              maxLength={150}
              onChange={(eventTitle) => change({ eventTitle })}
              required
            />
            <TextField
              label="date of the event"
              type="date"
              value={form.eventDate}
              onChange={(eventDate) => change({ eventDate })}
              required
            />
          </>
        )}
        <TextField
          label="subject"
          value={form.subject}
          maxLength={150}
          onChange={(subject) => change({ subject })}
          required
        />
        <TextAreaField
          label="text"
          rows={6}
          value={form.text}
          maxLength={5000}
          onChange={(text) => change({ text })}
          required
        />
        <VancouverTimeField
          label="release time"
          hint="blank: at once"
          value={form.sendAt}
          onChange={(sendAt) => change({ sendAt })}
        />
        <div className="adm-row">
          <button type="submit" disabled={busy}>
            preview
          </button>
          {editing && (
            <button
              type="button"
              onClick={() => {
                setEditing(undefined);
                setForm(EMPTY);
                setPreview(undefined);
              }}
            >
              stop editing
            </button>
          )}
        </div>
      </form>
      <ErrorText>{error}</ErrorText>
      <StatusText>{notice}</StatusText>

      {preview && (
        <section aria-label="preview" className="adm-preview">
          <p className="adm-muted">goes out: {when}, to every member confirmed by then.</p>
          <h2>{preview.subject}</h2>
          {preview.pictureLink && (
            <img src={preview.pictureLink} alt={preview.collectionName ?? ''} width={320} />
          )}
          <pre className="adm-mail-text">{preview.text}</pre>
          <TextField label="send a test to" type="email" value={testTo} onChange={setTestTo} />
          <div className="adm-row">
            <button type="button" onClick={sendTest} disabled={busy || !testTo}>
              send a test
            </button>
            <ConfirmButton
              label={editing ? 'save the schedule' : form.sendAt ? 'schedule' : 'announce'}
              question={`mail this to every confirmed member (${when})?`}
              onConfirm={schedule}
            />
          </div>
        </section>
      )}

      <ReleaseList onEdit={edit} onCancel={cancel} />
    </AdminPage>
  );
}
