import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { AdminPage, ErrorText, Loading, Pager, vancouverTime } from '../ui.tsx';
import { type AnswerFilter, findersApi, findersKey } from './api.ts';
import './finders.css';
import { CardTable } from '../kit/table.tsx';
import { GENDER_NAMES } from '../kit/words.ts';

type Row = Awaited<ReturnType<typeof findersApi.answers>>['list'][number];

/** Where an answer stands: replied (when, by whom), waiting (business days, overdue), or no e-mail. */
function ReplyState({ answer }: { answer: Row }) {
  const { reply } = answer;
  if (reply) {
    return (
      <>
        replied {vancouverTime(reply.at)} by {reply.by} (size {reply.sizeName})
        {reply.mail === 'pending' && (
          <>
            {' '}
            <strong className="adm-finders-overdue">mail pending</strong>
          </>
        )}
      </>
    );
  }
  if (answer.email === 'skip') return <span className="adm-muted">no e-mail</span>;
  const days = `${answer.businessDays} business ${answer.businessDays === 1 ? 'day' : 'days'}`;
  return answer.overdue ? (
    <strong className="adm-finders-overdue">overdue: {days}</strong>
  ) : (
    <>waiting: {days}</>
  );
}

/**
 * /view-answers (001 §2): shoppers' size finder replies, newest first, ten a page, Vancouver
 * times; with the shop's reply to each (000 §9), only the unanswered on demand, and those
 * waiting longer than the 7 business days promised flagged overdue.
 */
export function ViewAnswers() {
  const [offset, setOffset] = useState(0);
  const [filter, setFilter] = useState<AnswerFilter>('all');
  const answers = useQuery({
    queryKey: findersKey('answers', filter, offset),
    queryFn: () => findersApi.answers(offset, filter),
  });
  const choose = (next: AnswerFilter) => {
    setFilter(next);
    setOffset(0);
  };
  return (
    <AdminPage title="size finder replies">
      <fieldset className="adm-finders-filter">
        <legend className="visually-hidden">show</legend>
        <label className="adm-check">
          <input
            type="radio"
            name="answer-filter"
            checked={filter === 'all'}
            onChange={() => choose('all')}
          />{' '}
          all
        </label>
        <label className="adm-check">
          <input
            type="radio"
            name="answer-filter"
            checked={filter === 'unanswered'}
            onChange={() => choose('unanswered')}
          />{' '}
          unanswered
        </label>
      </fieldset>
      {answers.isPending && <Loading />}
      <ErrorText>{answers.error?.message}</ErrorText>
      {answers.data && (
        <>
          {answers.data.list.length === 0 ? (
            <p>{filter === 'unanswered' ? 'Every reply has been answered.' : 'No replies yet.'}</p>
          ) : (
            <CardTable
              columns={['received (Vancouver)', 'collection', 'for', 'e-mail', 'our answer', 'reply']}
            >
              {answers.data.list.map((a) => (
                <tr key={a.id}>
                  <td data-label="received (Vancouver)">{vancouverTime(a.createdTime)}</td>
                  <td data-label="collection">{a.name}</td>
                  <td data-label="for">{a.gender === undefined ? '' : GENDER_NAMES[a.gender]}</td>
                  <td data-label="e-mail">{a.email}</td>
                  <td data-label="our answer">
                    <ReplyState answer={a} />
                  </td>
                  <td data-label="reply">
                    <Link to={`/view-answer?id=${encodeURIComponent(a.id)}`}>
                      view{' '}
                      <span className="visually-hidden">
                        the reply of {a.email}, {vancouverTime(a.createdTime)}
                      </span>
                    </Link>
                  </td>
                </tr>
              ))}
            </CardTable>
          )}
          <Pager offset={offset} pageCount={answers.data.pageCount} onOffset={setOffset} />
        </>
      )}
    </AdminPage>
  );
}
