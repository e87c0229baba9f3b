import { tableName } from '#platform/aws-clients.ts';
import { queryAll } from '#table/query.ts';
import type { TransactItem } from '#table/transactions.ts';

/**
 * A piece's certificates (docs/passport.md, How the shop keeps it): `PASSPORT#<pid> /
 * CERT#<issuedAt>`, each with its code; the newest is the piece's.
 */
export interface CertificateEntity {
  kind: 'passportCertificate';
  pid: string;
  /** The compact JWS. */
  jws: string;
  /** The card's code (`c1.…`). */
  code: string;
  /** SHA-256 of the JWS, first 16 bytes, base64url. */
  digest: string;
  kid: string;
  /** ISO time: the certificate's validFrom. */
  issuedAt: string;
  /** How many authenticity photographs it names. */
  photos: number;
}

export const passportPk = (pid: string) => `PASSPORT#${pid}`;
const CERT_PREFIX = 'CERT#';
export const certificateKey = (pid: string, issuedAt: string) => ({
  pk: passportPk(pid),
  sk: `${CERT_PREFIX}${issuedAt}`,
});

export function newCertificateItem(certificate: CertificateEntity): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: { ...certificateKey(certificate.pid, certificate.issuedAt), ...certificate },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

/** A piece's certificates, newest first. */
export function listCertificates(pid: string): Promise<CertificateEntity[]> {
  return queryAll<CertificateEntity>({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': passportPk(pid), ':prefix': CERT_PREFIX },
    ScanIndexForward: false,
  });
}

/** The piece's certificate: the newest. */
export async function latestCertificate(pid: string): Promise<CertificateEntity | undefined> {
  return (await listCertificates(pid))[0];
}
