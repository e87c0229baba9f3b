import { fromBase64url } from '#shared/passport/base64url.ts';

/**
 * What a certificate, not yet verified, names for the page to download: its photographs (path and
 * hash) and its status list, on the shop's own origin only. Read by the early script (early.ts),
 * which starts these downloads the moment the piece's answer arrives, and by the page (online.ts).
 * Nothing here is trusted: the page uses a download only where the certificate, once verified,
 * names the very same path and hash, or the same list.
 */
export interface NamedDownloads {
  photos: { path: string; sha256: string; url: string }[];
  statusList?: string;
}

const ownUrl = (path: string): string | undefined => {
  const url = new URL(path, location.origin);
  return url.origin === location.origin ? url.href : undefined;
};

export function namedDownloads(certificate: unknown): NamedDownloads {
  const photos: NamedDownloads['photos'] = [];
  let payload: {
    credentialSubject?: { photos?: { path?: unknown; sha256?: unknown }[] };
    credentialStatus?: { statusListCredential?: unknown };
  } | null;
  try {
    const part = typeof certificate === 'string' ? (certificate.split('.')[1] ?? '') : '';
    payload = JSON.parse(new TextDecoder().decode(fromBase64url(part) ?? new Uint8Array()));
  } catch {
    return { photos };
  }
  const named = payload?.credentialSubject?.photos;
  for (const photo of Array.isArray(named) ? named : []) {
    if (typeof photo?.path !== 'string' || typeof photo.sha256 !== 'string') continue;
    const url = ownUrl(photo.path);
    if (url) photos.push({ path: photo.path, sha256: photo.sha256, url });
  }
  const list = payload?.credentialStatus?.statusListCredential;
  const statusList = typeof list === 'string' ? ownUrl(list) : undefined;
  return statusList ? { photos, statusList } : { photos };
}
