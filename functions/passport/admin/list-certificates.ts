import { listCertificatesContract } from '#shared/contracts/passport.ts';
import { defineAdminHandler } from '#staff/index.ts';
import { listCertificates } from '../entities/certificate.ts';
import { adminCertificate } from '../rules/admin-views.ts';

/** GET /passport/certificates?pid= — a piece's certificates, newest first (none for an unknown piece). */
export const handler = defineAdminHandler(listCertificatesContract, async ({ query }) => ({
  status: 200 as const,
  certificates: (await listCertificates(query.pid)).map(adminCertificate),
}));
