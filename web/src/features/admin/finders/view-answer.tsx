import './finders.css';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router-dom';
import { Crumbs } from '../kit/fields.tsx';
import { CardTable } from '../kit/table.tsx';
import { GENDER_NAMES } from '../kit/words.ts';
import { AdminPage, ErrorText, Loading, vancouverTime } from '../ui.tsx';
import { AnswerReply } from './answer-reply.tsx';
import { findersApi, findersKey } from './api.ts';

/** /view-answer?id (001 §2): one reply with every answer, in the order of the finder's steps. */
export function ViewAnswer() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const answer = useQuery({
    queryKey: findersKey('answer', id),
    queryFn: () => findersApi.answer(id),
    enabled: id !== '',
  });
  const data = answer.data?.answer;
  return (
    <AdminPage title="size finder reply">
      <div className="adm-finders">
        <Crumbs
          items={[
            ['size finder replies', '/view-answers'],
            [data?.email ?? 'reply', undefined],
          ]}
        />
        {!id && <ErrorText>no reply chosen</ErrorText>}
        {id && answer.isPending && <Loading />}
        <ErrorText>{answer.error?.message}</ErrorText>
        {data && (
          <>
            <dl className="adm-finders-facts">
              <dt>collection</dt>
              <dd>{data.name}</dd>
              <dt>for</dt>
              <dd>{data.gender === undefined ? 'not given' : GENDER_NAMES[data.gender]}</dd>
              <dt>e-mail</dt>
              <dd>{data.email}</dd>
              <dt>received</dt>
              <dd>{vancouverTime(data.createdTime)}</dd>
            </dl>
            <CardTable columns={['step', 'question', 'answer']}>
              {data.result.map((entry) => (
                <tr key={entry.index}>
                  <td data-label="step">{entry.index}</td>
                  <td data-label="question">{entry.shortName}</td>
                  <td data-label="answer">{entry.val === 'skip' ? <em>skipped</em> : entry.val}</td>
                </tr>
              ))}
            </CardTable>
            <AnswerReply answer={data} />
            <p>
              <Link to="/view-answers">back to the replies</Link>
            </p>
          </>
        )}
      </div>
    </AdminPage>
  );
}
