import type { adminCertificateSchema } from '#shared/contracts/passport.ts';
import type * as z from '#shared/zod.ts';
import type { CertificateEntity } from '../entities/certificate.ts';

/** A certificate as staff see it (shared/contracts/passport.ts). */
export const adminCertificate = (certificate: CertificateEntity): z.infer<typeof adminCertificateSchema> => ({
  issuedAt: certificate.issuedAt,
  kid: certificate.kid,
  code: certificate.code,
  certificate: certificate.jws,
  photos: certificate.photos,
});
