import './finders.css';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { ADMIN_LIMITS } from '#shared/admin.ts';
import { ApiError } from '../../../lib/api.ts';
import { choicesOf, SelectField, TextAreaField } from '../kit/fields.tsx';
import { ErrorText, StatusText, vancouverTime } from '../ui.tsx';
import { type AnswerView, findersApi, findersKey } from './api.ts';

const newReplyId = () => crypto.randomUUID();

/**
 * The shop's reply to a shopper's size finder answer (000 §9: "Size finder results are reported
 * within 7 business days"): a size of the answer's collection and a note, mailed to the shopper.
 * A second reply asks first. The reply id is made once per reply and kept until it went, so a
 * retried send (the network failed) never records or mails it twice.
 */
export function AnswerReply({ answer }: { answer: AnswerView }) {
  const queryClient = useQueryClient();
  const sizes = useQuery({
    queryKey: findersKey('collection-sizes', answer.typeId),
    queryFn: () => findersApi.collectionSizes(answer.typeId),
  });
  const [sizeId, setSizeId] = useState('');
  const [note, setNote] = useState('');
  const [replyId, setReplyId] = useState(newReplyId);
  const [question, setQuestion] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [done, setDone] = useState('');
  const questionId = useId();
  const reply = answer.reply;

  const shown = (sizes.data ?? []).filter(
    (s) => answer.gender === undefined || s.gender === answer.gender || s.gender === 2,
  );
  const choices = shown.length > 0 ? shown : (sizes.data ?? []);

  const settle = async (result: Awaited<ReturnType<typeof findersApi.reply>>) => {
    queryClient.setQueryData(findersKey('answer', answer.id), { status: 200, answer: result.answer });
    await queryClient.invalidateQueries({ queryKey: findersKey('answers') });
  };

  const send = async (again: boolean) => {
    setBusy(true);
    setError('');
    setDone('');
    try {
      const result = await findersApi.reply({ id: answer.id, replyId, sizeId, note, again });
      await settle(result);
      setReplyId(newReplyId());
      setSizeId('');
      setNote('');
      setQuestion('');
      setDone(
        result.mail === 'sent'
          ? `reply sent to ${answer.email}.`
          : 'reply recorded, but its mail could not be sent yet. send the mail again below.',
      );
    } catch (e) {
      if (e instanceof ApiError && e.status === 409) {
        // Replied meanwhile (by someone else): show it and ask before sending another.
        setQuestion(e.message);
        await queryClient.invalidateQueries({ queryKey: findersKey('answer', answer.id) });
      } else {
        setError((e as Error).message || 'Error');
      }
    } finally {
      setBusy(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!sizeId) {
      setError('choose the size to recommend');
      return;
    }
    if (reply) {
      setQuestion(
        `this shopper was already replied to on ${vancouverTime(reply.at)} by ${reply.by} (size ${reply.sizeName}). send another reply?`,
      );
      return;
    }
    void send(false);
  };

  const resend = async () => {
    setBusy(true);
    setError('');
    setDone('');
    try {
      const result = await findersApi.resendReply(answer.id);
      await settle(result);
      setDone(result.mail === 'sent' ? `mail sent to ${answer.email}.` : 'the mail could not be sent yet.');
    } catch (e) {
      setError((e as Error).message || 'Error');
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="adm-finders-reply" aria-labelledby="reply-heading">
      <h2 id="reply-heading">reply to the shopper</h2>
      {reply ? (
        <dl className="adm-finders-facts" aria-label="replied">
          <dt>replied</dt>
          <dd>
            {vancouverTime(reply.at)} by {reply.by}
            {reply.count > 1 ? ` (reply ${reply.count})` : ''}
          </dd>
          <dt>size</dt>
          <dd>{reply.sizeName}</dd>
          <dt>note</dt>
          <dd className="adm-finders-note-text">{reply.note || <em>none</em>}</dd>
          <dt>mail</dt>
          <dd>
            {reply.mail === 'sent' ? (
              `sent ${vancouverTime(reply.mailSentAt)}`
            ) : (
              <span className="adm-row">
                <strong className="adm-finders-overdue">mail pending</strong>
                <button type="button" disabled={busy} onClick={resend}>
                  send the mail again
                </button>
              </span>
            )}
          </dd>
        </dl>
      ) : answer.email === 'skip' ? (
        <p className="adm-muted">this shopper left no e-mail address: there is nothing to reply to.</p>
      ) : (
        <p className={answer.overdue ? 'adm-finders-overdue' : 'adm-muted'}>
          not replied yet: {answer.businessDays} business {answer.businessDays === 1 ? 'day' : 'days'} since
          it came
          {answer.overdue ? ' — overdue (we promise 7 business days)' : ''}.
        </p>
      )}
      {answer.email !== 'skip' && (
        <form className="adm-form" onSubmit={submit} noValidate>
          <SelectField
            label="recommended size"
            value={sizeId}
            onChange={setSizeId}
            choices={choicesOf(choices)}
            blank="choose a size"
            required
          />
          {sizes.isSuccess && choices.length === 0 && (
            <p className="adm-muted">this collection has no sizes yet: add them first.</p>
          )}
          <ErrorText>{sizes.error?.message}</ErrorText>
          <TextAreaField
            label="note to the shopper"
            hint={`${note.length} / ${ADMIN_LIMITS.replyNoteMax} characters, optional`}
            rows={5}
            maxLength={ADMIN_LIMITS.replyNoteMax}
            value={note}
            onChange={setNote}
          />
          {question ? (
            <div className="adm-confirm" role="alertdialog" aria-modal="true" aria-labelledby={questionId}>
              <p id={questionId}>{question}</p>
              <div className="adm-row">
                <button type="button" disabled={busy} onClick={() => void send(true)}>
                  yes, send another reply
                </button>
                <button type="button" disabled={busy} onClick={() => setQuestion('')}>
                  cancel
                </button>
              </div>
            </div>
          ) : (
            <div className="adm-row">
              <button type="submit" disabled={busy}>
                {reply ? 'send another reply' : 'send the reply'}
              </button>
            </div>
          )}
          <ErrorText>{error}</ErrorText>
          <StatusText className="adm-finders-done">{done}</StatusText>
        </form>
      )}
    </section>
  );
}
