import { getProductCollection } from '#catalog/index.ts';
import { IMAGE_TYPE } from '#shared/constants.ts';
import { parseCertificate } from '#shared/passport/certificate.ts';
import type { CertificateEntity } from './entities/certificate.ts';

/** A photograph a certificate names, as its owner's portal shows it. */
export interface OwnerPhoto {
  sha256: string;
  /** Where the certificate says it is published (`/passport/photos/<pid>/<sha256>.<ext>`). */
  path: string;
  /** A short-lived link to the stored original, or the published copy once that is gone. */
  url: string;
  srcset?: { avif: string; webp: string; jpg: string };
}

const mediaLinks = () => import('#platform/media-links.ts');

/**
 * The authenticity photographs the certificate names, in its order (docs/passport.md, The
 * certificate): each through short-lived links to its stored original and that original's set
 * while the piece's record still shows it, else the copy published under its hash.
 */
export async function certificatePhotos(certificate: CertificateEntity): Promise<OwnerPhoto[]> {
  const named = parseCertificate(certificate.jws)?.payload.credentialSubject.photos ?? [];
  if (named.length === 0) return [];
  const { images } = await getProductCollection(certificate.pid);
  const shown = new Set(images.filter((i) => i.type === IMAGE_TYPE.authenticity).map((i) => i.url));
  const { privateMediaLink, privatePictureSet } = await mediaLinks();
  return Promise.all(
    named.map(async ({ sha256, path }, i) => {
      const source = certificate.sources?.[i];
      if (!source || !shown.has(source)) return { sha256, path, url: path };
      const [url, srcset] = await Promise.all([privateMediaLink(source), privatePictureSet(source)]);
      return { sha256, path, url, ...(srcset ? { srcset } : {}) };
    }),
  );
}
