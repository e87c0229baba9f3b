import { MEDIA_PREFIX } from '#shared/constants.ts';

/**
 * Image and video addresses as stored: a url starting with `s3/` lives in the media bucket
 * (000 §3: "A url starting with s3 lives in object storage"); anything else is used as given.
 */
export const S3_URL_PREFIX = 's3/';

export function s3Url(key: string): string {
  return `${S3_URL_PREFIX}${key}`;
}

/** The address a browser loads for a stored url. */
export function mediaSrc(url: string): string {
  return url.startsWith(S3_URL_PREFIX) ? `${MEDIA_PREFIX}/${url.slice(S3_URL_PREFIX.length)}` : url;
}
