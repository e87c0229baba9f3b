import { ADMIN_REQUEST_HEADER } from '#shared/admin.ts';
import { DEMO_ADMIN } from '../../infra/local/demo/admin.ts';
import { median, percentile } from './stats.ts';

/**
 * The passport's issuing time as staff meet it (issue 37): `POST /api/passport/certificates` on
 * the demo catalogue's pieces, one after another, through the local gateway — the handler reads
 * the piece and hashes its authenticity photographs, the signer (Lambda stand-in) signs the
 * certificate and the code with the KMS stand-in's key, the handler checks both and writes them
 * with their log entry. Answers the figures and one issued code, for the time to verdict.
 */
/** Certificates issued for the figures. */
export const ISSUES = 20;

export interface IssuingFigures {
  count: number;
  medianMs: number;
  p95Ms: number;
  /** A code the shop issued (a demo piece's), for /verify. */
  code: string;
}

export async function issuingTime(
  baseUrl: string,
  count: number,
  onIssue?: (done: number, total: number) => void,
): Promise<IssuingFigures> {
  const login = await fetch(`${baseUrl}/api/admin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ user: DEMO_ADMIN.username, pass: DEMO_ADMIN.password }),
  });
  if (login.status !== 200) throw new Error(`the demo admin's login answered ${login.status}`);
  const cookie = (login.headers.getSetCookie()[0] ?? '').split(';')[0] ?? '';
  const headers = { cookie, [ADMIN_REQUEST_HEADER]: '1', 'content-type': 'application/json' };
  const page = (await (await fetch(`${baseUrl}/api/products?pageSize=${count}`, { headers })).json()) as {
    list: { id: string }[];
  };
  if (page.list.length === 0) throw new Error('the demo catalogue has no piece to issue');
  const times: number[] = [];
  let code = '';
  for (let i = 0; i < count; i++) {
    const piece = page.list[i % page.list.length] as { id: string };
    const started = performance.now();
    const answer = await fetch(`${baseUrl}/api/passport/certificates`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ pid: piece.id }),
    });
    times.push(performance.now() - started);
    if (answer.status !== 200)
      throw new Error(`issuing ${piece.id} answered ${answer.status}: ${await answer.text()}`);
    code = ((await answer.json()) as { certificate: { code: string } }).certificate.code;
    onIssue?.(i + 1, count);
  }
  return { count, medianMs: median(times), p95Ms: percentile(times, 95), code };
}
