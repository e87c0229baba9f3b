import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { removeReference, renderReference } from '../../lib/api-reference.ts';
import { adminGet } from './api.ts';
import { AdminPage, ErrorText, Loading } from './ui.tsx';

/**
 * /admin-api (issue 48): the staff's API reference, drawn from the staff's document
 * (GET /openapi-admin.json, with the session). Redoc loads here only (lib/api-reference.ts).
 */
export function ApiReference() {
  const document = useQuery({
    queryKey: ['admin', 'api-document'],
    queryFn: () => adminGet('/openapi-admin.json'),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const target = useRef<HTMLDivElement>(null);
  const [drawn, setDrawn] = useState(false);
  const [failure, setFailure] = useState<string>();
  useEffect(() => {
    const element = target.current;
    if (!document.data || !element) return;
    let live = true;
    renderReference(document.data, element, { hideDownloadButton: true }).then(
      () => live && setDrawn(true),
      (error: Error) => live && setFailure(error.message),
    );
    return () => {
      live = false;
      removeReference(element);
    };
  }, [document.data]);
  return (
    <AdminPage title="API reference">
      {(document.isPending || (document.data && !drawn && !failure)) && <Loading />}
      <ErrorText>{document.error?.message ?? failure}</ErrorText>
      {/* Redoc draws into this element with its own React: ours never renders children into it. */}
      <div ref={target} className="adm-api-reference" />
    </AdminPage>
  );
}
