import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { AdminPage, ErrorText, Loading, Pager, vancouverTime } from '../ui.tsx';
import { findersApi, findersKey, PAGE_SIZE } from './api.ts';
import { GENDER_LABELS } from './labels.ts';
import './finders.css';

/** /view-answers (001 §2): shoppers' size finder replies, newest first, ten a page, Vancouver times. */
export function ViewAnswers() {
  const [offset, setOffset] = useState(0);
  const answers = useQuery({
    queryKey: findersKey('answers', offset),
    queryFn: () => findersApi.answers(offset),
  });
  return (
    <AdminPage title="size finder replies">
      {answers.isPending && <Loading />}
      <ErrorText>{answers.error?.message}</ErrorText>
      {answers.data && (
        <>
          {answers.data.list.length === 0 ? (
            <p>No replies yet.</p>
          ) : (
            <table className="adm-table adm-finders-table">
              <thead>
                <tr>
                  <th scope="col">received (Vancouver)</th>
                  <th scope="col">collection</th>
                  <th scope="col">for</th>
                  <th scope="col">e-mail</th>
                  <th scope="col">reply</th>
                </tr>
              </thead>
              <tbody>
                {answers.data.list.map((a) => (
                  <tr key={a.id}>
                    <td data-label="received (Vancouver)">{vancouverTime(a.createdTime)}</td>
                    <td data-label="collection">{a.name}</td>
                    <td data-label="for">{a.gender === undefined ? '' : GENDER_LABELS[a.gender]}</td>
                    <td data-label="e-mail">{a.email}</td>
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
              </tbody>
            </table>
          )}
          <Pager
            offset={offset}
            pageSize={PAGE_SIZE}
            pageCount={answers.data.pageCount}
            onOffset={setOffset}
          />
        </>
      )}
    </AdminPage>
  );
}
