import { randomUUID } from 'node:crypto';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from '#platform/aws-clients.ts';
import { httpError } from '#platform/http-error.ts';
import type { EntityFileDoc } from '#platform/table-doc.ts';
import type { Page } from '#shared/admin.ts';
import { queryAll, withoutKeys } from '#table/query.ts';
import type { TransactItem } from '#table/transactions.ts';

/**
 * The audit log of admin changes: who, when, what, and the item before and after. Written in
 * the same transaction as the change itself, so there is no change without its entry.
 */
export interface AuditEntry extends Change {
  kind: 'audit';
  id: string;
  at: string;
}

export const AUDIT_LIST = 'AUDIT';

/** An audit entry's keys: its own item, listed on gsi2 by time. */
export const auditKeys = (id: string, at: string) => ({
  pk: `AUDIT#${id}`,
  sk: '#AUDIT',
  gsi2pk: AUDIT_LIST,
  gsi2sk: `${at}#${id}`,
});

/** One admin change: who, what was done to which entity, and the item before and after. */
export interface Change {
  admin: string;
  /** e.g. 'create', 'update', 'delete', 'upload' */
  action: string;
  /** e.g. 'product', 'type', 'order' */
  entity: string;
  entityId: string;
  before?: unknown;
  after?: unknown;
}

/** Strips table keys and secrets so the log shows the entity, never a password hash. */
function clean(value: unknown): unknown {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  const copy: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    if (/^(pk|sk|gsi\d(pk|sk))$/.test(k) || /password|token|secret/i.test(k)) continue;
    copy[k] = v;
  }
  return copy;
}

export function auditItem(change: Change, now = Date.now()): TransactItem {
  const at = new Date(now).toISOString();
  const id = randomUUID();
  const entry: AuditEntry = {
    kind: 'audit',
    id,
    at,
    admin: change.admin,
    action: change.action,
    entity: change.entity,
    entityId: change.entityId,
    ...(change.before === undefined ? {} : { before: clean(change.before) }),
    ...(change.after === undefined ? {} : { after: clean(change.after) }),
  };
  return {
    Put: {
      TableName: tableName(),
      Item: { ...auditKeys(id, at), ...entry },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

/**
 * Runs the change's writes and its audit entry as one transaction (at most 99 writes). A
 * condition that fails (the item changed or vanished meanwhile) answers 409 and writes nothing.
 */
export async function auditedWrite(items: TransactItem[], change: Change): Promise<void> {
  try {
    await ddb().send(new TransactWriteCommand({ TransactItems: [...items, auditItem(change)] }));
  } catch (error) {
    if ((error as { name?: string }).name === 'TransactionCanceledException') {
      throw httpError(409, 'this changed meanwhile or does not exist. please reload and try again.');
    }
    throw error;
  }
}

/** Newest first, a page at a time. */
export async function listAudit(offset: number, pageSize: number): Promise<Page<AuditEntry>> {
  const all = await queryAll<AuditEntry>({
    IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :list',
    ExpressionAttributeValues: { ':list': AUDIT_LIST },
    ScanIndexForward: false,
  });
  // The entries without their table keys: the answer is the contract's, nothing more.
  return pageOf(all.map(withoutKeys), offset, pageSize);
}

export function pageOf<T>(all: T[], offset: number, pageSize: number): Page<T> {
  return {
    pageCount: Math.max(1, Math.ceil(all.length / pageSize)),
    total: all.length,
    list: all.slice(offset, offset + pageSize),
  };
}

/** Its table items, for docs/reference/data-model-keys.md (`npm run docs`; functions/platform/table-doc.ts). */
export const tableDoc: EntityFileDoc = {
  items: [
    {
      entity: 'Audit entry (admin change)',
      pk: '`AUDIT#<uuid>`',
      sk: '`#AUDIT`',
      gsi2: '`AUDIT` / `<at>#<uuid>`',
      keys: () => auditKeys('<uuid>', '<at>'),
    },
  ],
};
