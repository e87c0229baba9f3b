import { readFileSync } from 'node:fs';
import vm from 'node:vm';

/**
 * The code of the two CloudFront Functions of /media/* (viewer request and viewer response),
 * each one file as CloudFront takes it: the shared rules of media-key.js and its handler. The
 * local gateway runs the very same code, so what the browser tests meet locally is what
 * CloudFront does.
 */
const read = (file: string) => readFileSync(new URL(file, import.meta.url), 'utf8');
export const MEDIA_REQUEST_CODE = `${read('./media-key.js')}\n${read('./media-request.js')}`;
export const MEDIA_RESPONSE_CODE = `${read('./media-key.js')}\n${read('./media-response.js')}`;

interface CfRequest {
  uri: string;
  querystring: Record<string, unknown>;
}
interface CfResponse {
  statusCode: number;
  headers: Record<string, { value: string }>;
}

export interface MediaEdge {
  /** The checked bucket key of a /media/ path, or null (404). */
  mediaKey(uri: string): string | null;
  /** The type a key's extension says, or null when the extension is not a media one. */
  mediaType(key: string): string | null;
  /** The viewer-request handler: the request for the origin, or a 404 answer. */
  onRequest(event: { request: CfRequest }): CfRequest | { statusCode: number };
  /** The viewer-response handler. */
  onResponse(event: { request: CfRequest; response: CfResponse }): CfResponse;
}

/** Runs both functions' code, as CloudFront would, in a fresh context each. */
export function loadMediaEdge(): MediaEdge {
  const request = vm.createContext({});
  vm.runInContext(MEDIA_REQUEST_CODE, request);
  const response = vm.createContext({});
  vm.runInContext(MEDIA_RESPONSE_CODE, response);
  return {
    mediaKey: request.mediaKey,
    mediaType: request.mediaType,
    onRequest: request.handler,
    onResponse: response.handler,
  };
}
