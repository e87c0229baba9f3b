import { ADMIN_REQUEST_HEADER, type Page, type UploadKind } from '#shared/admin.ts';
import type { createUploadContract } from '#shared/contracts/catalog-admin-media.ts';
import type { Answer, Body } from '#shared/contracts/contract.ts';
import { ApiError, apiUrl } from '../../lib/api.ts';
import { adminLoginPath } from './return-to.ts';
import { forgetAdmin } from './session.ts';

/**
 * The admin's calls: same origin, the session cookie, and the admin request header on every
 * call (the server refuses state changes without it). A 401 means the session is gone: the
 * stored name is forgotten and the login page shown, which returns to this page.
 */
type Params = Record<string, string | number | boolean | undefined | null>;

async function call<T>(method: string, path: string, params: Params = {}, body?: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(apiUrl(path, params), {
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

export const adminGet = <T>(path: string, params?: Params) => call<T>('GET', path, params);
export const adminPost = <T>(path: string, body: unknown, params?: Params) =>
  call<T>('POST', path, params, body);
export const adminPatch = <T>(path: string, body: unknown, params?: Params) =>
  call<T>('PATCH', path, params, body);
export const adminDelete = <T>(path: string, params?: Params, body?: unknown) =>
  call<T>('DELETE', path, params, body);

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
  const ticket = await adminPost<Answer<typeof createUploadContract>>('/upload-url', {
    kind,
    contentType: file.type,
    size: file.size,
  } satisfies Body<typeof createUploadContract>);
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
