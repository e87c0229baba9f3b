import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from '#platform/aws-clients.ts';
import type { EntityFileDoc } from '#platform/table-doc.ts';
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
  /**
   * The stored originals (`s3/authenticity/…`) of the photographs it names, in its order: the
   * portal shows them through short-lived links. Absent on certificates issued before.
   */
  sources?: string[];
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

/**
 * A piece's first certificate (docs/passport.md, Certificates): `PASSPORT#<pid> / #FIRST`, written
 * in the certificate's transaction on the condition that none is there, so the job and the
 * registration issue one certificate a piece however many run at once. A re-issue by staff
 * writes none.
 */
export function firstCertificateItem(pid: string, issuedAt: string): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: { pk: passportPk(pid), sk: '#FIRST', kind: 'passportFirstCertificate', pid, issuedAt },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

/** Whether the piece has a certificate (one read of one item at most). */
export async function hasCertificate(pid: string): Promise<boolean> {
  const found = await ddb().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': passportPk(pid), ':prefix': CERT_PREFIX },
      ProjectionExpression: 'pk',
      Limit: 1,
    }),
  );
  return (found.Items ?? []).length > 0;
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

/** Its table items, for docs/reference/data-model-keys.md (`npm run docs`; functions/platform/table-doc.ts). */
export const tableDoc: EntityFileDoc = {
  items: [
    {
      entity: "Passport certificate (the newest is the piece's)",
      pk: '`PASSPORT#<pid>`',
      sk: '`CERT#<issuedAt>`',
      keys: () => certificateKey('<pid>', '<issuedAt>'),
    },
  ],
};
