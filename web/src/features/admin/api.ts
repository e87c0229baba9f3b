import { ADMIN_REQUEST_HEADER, type Page, type UploadKind } from '#shared/admin.ts';
import { ApiError, address, type BodyArg, getUrl, type Params } from '../../lib/api.ts';
import type {
  AdminPaths,
  AnswerOf,
  BodyOf,
  FormText,
  Method,
  NoParams,
  Operation,
  ParamsArg,
  ParamsOf,
  PathWith,
  PublicPaths,
} from '../../lib/api-types.ts';
import { adminLoginPath } from './return-to.ts';
import { forgetAdmin } from './session.ts';

/**
 * The admin's calls: same origin, the session cookie, and the admin request header on every
 * call (the server refuses state changes without it). A 401 means the session is gone: the
 * stored name is forgotten and the login page shown, which returns to this page.
 */
async function call<T>(method: string, path: string, params: Params = {}, body?: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(address(path, params), {
      method,
      credentials: 'same-origin',
      headers: {
        [ADMIN_REQUEST_HEADER]: '1',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  } catch {
    throw new ApiError(0, 'the network failed. please try again.');
  }
  const text = await response.text();
  let parsed: unknown = {};
  try {
    parsed = text ? JSON.parse(text) : {};
  } catch {
    throw new ApiError(response.status, 'unexpected answer from the server');
  }
  if (response.status === 401) {
    forgetAdmin();
    if (window.location.pathname !== '/admin') window.location.assign(adminLoginPath(window.location));
  }
  if (!response.ok) {
    const message = (parsed as { message?: unknown }).message;
    throw new ApiError(response.status, typeof message === 'string' ? message : response.statusText);
  }
  return parsed as T;
}

/**
 * The staff's pages call the staff's document's routes, and some of the public one's (a
 * collection, the films): a path and method of the admin document, else of the public one.
 */
type AdminPath<M extends Method> = PathWith<AdminPaths, M> | PathWith<PublicPaths, M>;
type AdminOperation<P, M extends Method> = [Operation<AdminPaths, P, M>] extends [never]
  ? Operation<PublicPaths, P, M>
  : Operation<AdminPaths, P, M>;

export const adminGet = <P extends AdminPath<'get'>>(
  path: P,
  ...[params]: ParamsArg<AdminOperation<P, 'get'>>
): Promise<AnswerOf<AdminOperation<P, 'get'>>> => call('GET', path, params as Params);

export const adminPost = <P extends AdminPath<'post'>>(
  path: P,
  body: BodyArg<AdminOperation<P, 'post'>>,
  ...[params]: ParamsArg<AdminOperation<P, 'post'>>
): Promise<AnswerOf<AdminOperation<P, 'post'>>> => call('POST', path, params as Params, body);

export const adminPatch = <P extends AdminPath<'patch'>>(
  path: P,
  body: BodyArg<AdminOperation<P, 'patch'>>,
  ...[params]: ParamsArg<AdminOperation<P, 'patch'>>
): Promise<AnswerOf<AdminOperation<P, 'patch'>>> => call('PATCH', path, params as Params, body);

/**
 * The arguments of a DELETE: its query, or for one that reads a body, its query (if any) and the
 * body. Some handlers read their input from the body or the query and their contract names
 * neither (delete-input.ts): the document gives them no input, so their body is not typed here.
 */
type DeleteArgs<O> = [BodyOf<O>] extends [never]
  ? ParamsOf<O> extends NoParams
    ? [params?: Params, body?: Params]
    : ParamsArg<O>
  : [params: ParamsArg<O>[0] | undefined, body: BodyOf<O>];

/** DELETE `path` with its query (and, for the few that read one, a body). */
export const adminDelete = <P extends AdminPath<'delete'>>(
  path: P,
  ...[params, body]: DeleteArgs<AdminOperation<P, 'delete'>>
): Promise<AnswerOf<AdminOperation<P, 'delete'>>> => call('DELETE', path, params as Params, body);

/**
 * GET /admin, the staff member of this tab's session cookie, as a plain GET: its 401 says there
 * is no session (the guard shows the login), it does not send anyone anywhere.
 */
export const adminSession = () => getUrl<AnswerOf<AdminOperation<'/admin', 'get'>>>(address('/admin'));

/** The body of a staff form sent as typed (see `FormText`), checked against the document's body. */
export const formBody = <T>(body: FormText<T>): T => body as T;

/** The address of a staff GET that is not read as JSON (the members' CSV). */
export const adminUrl = <P extends AdminPath<'get'>>(path: P): string => address(path);

export type { Page };

/**
 * Uploads one file straight to S3: the server presigns a PUT for a key it makes, the browser
 * sends the bytes with progress. Answers the stored url (`s3/<key>`) to hand to the spec's
 * upload call, which checks the file before using it.
 */
export async function uploadFile(
  file: File,
  kind: UploadKind,
  onProgress: (fraction: number) => void,
): Promise<string> {
  const ticket = await adminPost('/upload-url', { kind, contentType: file.type, size: file.size });
  await new Promise<void>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(ticket.method, ticket.uploadUrl);
    for (const [name, value] of Object.entries(ticket.headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () =>
      xhr.status >= 200 && xhr.status < 300
        ? resolve()
        : reject(new ApiError(xhr.status, 'the upload failed. please try again.'));
    xhr.onerror = () => reject(new ApiError(0, 'the upload failed. please try again.'));
    xhr.send(file);
  });
  onProgress(1);
  return ticket.url;
}
