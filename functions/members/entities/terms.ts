import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from '#platform/aws-clients.ts';
import { httpError } from '#platform/http-error.ts';
import type { EntityFileDoc } from '#platform/table-doc.ts';
import { TERMS_MESSAGES } from '#shared/terms.ts';
import { auditItem } from '#table/audit.ts';
import { consistentGet, queryAll } from '#table/query.ts';
import { transact } from '#table/transactions.ts';
import { mailingPut, newMailing, type TermsNoticeEntity } from './release.ts';

/**
 * The terms' published versions (issue 20). A version is published once, never changed, with
 * its notice to the members (a mailing in the RELEASES queue, sent by members/jobs/send-releases)
 * and its audit entry, in one transaction. The current version is the last published.
 */
export const TERMS_LIST = 'TERMS';
/** A terms version's place in the list of versions on gsi2, by when it was published. */
export const termsListIndex = (t: { publishedAt: string; version: string }) => ({
  gsi2pk: TERMS_LIST,
  gsi2sk: `${t.publishedAt}#${t.version}`,
});
export const termsKey = (version: string) => ({ pk: `TERMS#${version}`, sk: '#TERMS' });

export interface TermsEntity {
  kind: 'terms';
  version: string;
  effectiveDate: string;
  summary: string;
  publishedAt: string;
  publishedBy: string;
  /** The notice mailed to the members (its progress is on the mailing). */
  noticeId: string;
}

/** Publishes a version and queues its notice; 409 if the version was published before. */
export async function publishTerms(
  input: { version: string; effectiveDate: string; summary: string; termsLink: string },
  admin: string,
  now = new Date(),
): Promise<{ terms: TermsEntity; notice: TermsNoticeEntity }> {
  const notice: TermsNoticeEntity = {
    kind: 'termsNotice',
    ...newMailing(admin, now),
    version: input.version,
    effectiveDate: input.effectiveDate,
    summary: input.summary,
    termsLink: input.termsLink,
  };
  const terms: TermsEntity = {
    kind: 'terms',
    version: input.version,
    effectiveDate: input.effectiveDate,
    summary: input.summary,
    publishedAt: notice.createdAt,
    publishedBy: admin,
    noticeId: notice.id,
  };
  try {
    await transact([
      {
        Put: {
          TableName: tableName(),
          Item: {
            ...termsKey(terms.version),
            ...termsListIndex(terms),
            ...terms,
          },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      mailingPut(notice),
      auditItem({ admin, action: 'publish', entity: 'terms', entityId: terms.version, after: terms }),
    ]);
  } catch (error) {
    if ((error as { name?: string }).name === 'TransactionCanceledException') {
      throw httpError(409, TERMS_MESSAGES.versionTaken);
    }
    throw error;
  }
  return { terms, notice };
}

/** Every published version, newest first. */
export function listTerms(): Promise<TermsEntity[]> {
  return queryAll<TermsEntity>({
    IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :list',
    ExpressionAttributeValues: { ':list': TERMS_LIST },
    ScanIndexForward: false,
  });
}

/** The current version: the last published (undefined before any was). */
export async function currentTerms(): Promise<TermsEntity | undefined> {
  const { Items } = await ddb().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'gsi2',
      KeyConditionExpression: 'gsi2pk = :list',
      ExpressionAttributeValues: { ':list': TERMS_LIST },
      ScanIndexForward: false,
      Limit: 1,
    }),
  );
  return Items?.[0] as TermsEntity | undefined;
}

/** Whether `version` was published (a checkout records only a published version). */
export async function isPublishedTerms(version: string): Promise<boolean> {
  return (await consistentGet(termsKey(version))) !== undefined;
}

/** Its table items, for docs/reference/data-model-keys.md (`npm run docs`; functions/platform/table-doc.ts). */
export const tableDoc: EntityFileDoc = {
  items: [
    {
      entity: 'Terms version (published once)',
      pk: '`TERMS#<version>`',
      sk: '`#TERMS`',
      gsi2: '`TERMS` / `<publishedAt>#<version>`',
      keys: () => [
        termsKey('<version>'),
        termsListIndex({ publishedAt: '<publishedAt>', version: '<version>' }),
      ],
    },
  ],
};
