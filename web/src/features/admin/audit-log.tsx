import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { adminGet } from './api.ts';
import { AdminPage, ErrorText, Loading, Pager, vancouverTime } from './ui.tsx';

/** /audit-log: every admin change, newest first — who, when (Vancouver), what, before and after. */
export function AuditLog() {
  const [offset, setOffset] = useState(0);
  const pageSize = 10;
  const log = useQuery({
    queryKey: ['admin', 'audit', offset],
    queryFn: () => adminGet('/audit-log', { offset, pageSize }),
  });
  return (
    <AdminPage title="audit log">
      {log.isPending && <Loading />}
      <ErrorText>{log.error?.message}</ErrorText>
      {log.data && (
        <>
          <div className="adm-scroll">
            <table className="adm-table">
              <thead>
                <tr>
                  <th scope="col">when</th>
                  <th scope="col">who</th>
                  <th scope="col">what</th>
                  <th scope="col">before / after</th>
                </tr>
              </thead>
              <tbody>
                {log.data.list.map((entry) => (
                  <tr key={entry.id}>
                    <td>{vancouverTime(entry.at)}</td>
                    <td>{entry.admin}</td>
                    <td>
                      {entry.action} {entry.entity} <code>{entry.entityId}</code>
                    </td>
                    <td>
                      <details>
                        <summary>changes</summary>
                        <pre>{JSON.stringify({ before: entry.before, after: entry.after }, null, 2)}</pre>
                      </details>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager offset={offset} pageSize={pageSize} pageCount={log.data.pageCount} onOffset={setOffset} />
        </>
      )}
    </AdminPage>
  );
}
