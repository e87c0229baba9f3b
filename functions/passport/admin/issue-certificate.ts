import { notFound } from '#platform/http-error.ts';
import { issueCertificateContract } from '#shared/contracts/passport.ts';
import { defineAdminHandler } from '#staff/index.ts';
import { issueCertificate } from '../issue-certificate.ts';
import { adminCertificate } from '../rules/admin-views.ts';
import { sequenceSoon } from '../start-sequencer.ts';

/**
 * POST /passport/certificates { pid } — staff issue a piece's certificate and code again (a
 * re-issue; the newest is the piece's), audited. 404 for an unknown piece; 409 while one of its
 * authenticity photographs is still being stored; 503 when the signer does not sign (nothing
 * written either way). Its `issue` entry waits for the log's sequencer, started now.
 */
export const handler = defineAdminHandler(issueCertificateContract, async ({ body }, event) => {
  const certificate = await issueCertificate(body.pid, { admin: event.admin });
  if (!certificate) throw notFound('piece');
  await sequenceSoon();
  return { status: 200 as const, certificate: adminCertificate(certificate) };
});
