import { ddb } from '#platform/aws-clients.ts';
import { s3 } from '#platform/media-clients.ts';
import type { Item } from './private-stack.ts';

/**
 * What a request wrote, seen from inside: the handlers of a private stack run in this process
 * and share its AWS clients, so a middleware on them sees every DynamoDB and S3 write that
 * succeeded (a refused conditional write changes nothing and is not listed).
 */
export interface Write {
  store: 'table' | 'bucket';
  command: string;
  /** `pk|sk` of a table item, or the object key in the bucket. */
  key: string;
  /** The update expression of an UpdateItem (to recognise a session's idle renewal). */
  update?: string;
}

const TABLE_WRITES = /^(Put|Update|Delete|BatchWrite|TransactWrite)/;
const BUCKET_WRITES = /^(PutObject|DeleteObject|DeleteObjects|CopyObject|CompleteMultipartUpload)/;

const plain = (value: unknown): string => {
  if (value && typeof value === 'object') {
    const v = value as { S?: string; N?: string };
    return String(v.S ?? v.N ?? JSON.stringify(value));
  }
  return String(value);
};
const keyOf = (key: Record<string, unknown> | undefined) => `${plain(key?.pk)}|${plain(key?.sk)}`;

type Input = Record<string, unknown>;

function tableWrites(command: string, input: Input): Write[] {
  const one = (name: string, op: Input): Write[] => {
    if (op.Item) return [{ store: 'table', command: name, key: keyOf(op.Item as Input) }];
    if (op.Key) {
      const update = typeof op.UpdateExpression === 'string' ? { update: op.UpdateExpression } : {};
      return [{ store: 'table', command: name, key: keyOf(op.Key as Input), ...update }];
    }
    return [];
  };
  if (command.startsWith('TransactWrite')) {
    return ((input.TransactItems ?? []) as Input[]).flatMap((t) =>
      Object.entries(t)
        .filter(([name]) => name !== 'ConditionCheck')
        .flatMap(([name, op]) => one(name, op as Input)),
    );
  }
  if (command.startsWith('BatchWrite')) {
    return Object.values((input.RequestItems ?? {}) as Record<string, Input[]>).flatMap((list) =>
      list.flatMap((r) => [
        ...(r.PutRequest ? one('Put', r.PutRequest as Input) : []),
        ...(r.DeleteRequest ? one('Delete', r.DeleteRequest as Input) : []),
      ]),
    );
  }
  return one(command, input);
}

export interface WriteRecorder {
  /** The writes recorded since the last call. */
  take(): Write[];
}

export function recordWrites(): WriteRecorder {
  const log: Write[] = [];
  ddb().middlewareStack.add(
    (next, context) => async (args) => {
      const result = await next(args);
      const command = String(context.commandName ?? '');
      if (TABLE_WRITES.test(command)) log.push(...tableWrites(command, args.input as Input));
      return result;
    },
    { step: 'initialize', name: 'fuzzRecordTableWrites' },
  );
  s3().middlewareStack.add(
    (next, context) => async (args) => {
      const result = await next(args);
      const command = String(context.commandName ?? '');
      if (BUCKET_WRITES.test(command)) {
        const input = args.input as { Key?: string };
        log.push({ store: 'bucket', command, key: String(input.Key ?? '') });
      }
      return result;
    },
    { step: 'initialize', name: 'fuzzRecordBucketWrites' },
  );
  return { take: () => log.splice(0) };
}

/**
 * Writes that any request may make, accepted or refused, and why:
 * - `LIMIT#…` items: rate-limit counters. Every try counts, whatever its outcome (a refused
 *   login is exactly what a limit counts), so refused requests write them by design.
 * - a session's `idleUntil`, set with `SET idleUntil = :until`: a live session's idle expiry is
 *   pushed forward (at most once a minute) by any request that carries it, a refused one too.
 * No login failure is audited in this shop (the audit log holds staff changes only), so no
 * audit entry is excused.
 */
export function isExcusedWrite(write: Write): boolean {
  if (write.store !== 'table') return false;
  if (write.key.startsWith('LIMIT#')) return true;
  return (
    write.key.startsWith('SESSION#') &&
    write.command.startsWith('Update') &&
    write.update === 'SET idleUntil = :until'
  );
}

const stable = (item: Item): string =>
  JSON.stringify(Object.fromEntries(Object.entries(item).sort(([a], [b]) => a.localeCompare(b))));

export interface TableChange {
  key: string;
  change: 'added' | 'removed' | 'changed';
}

/**
 * What changed between two scans of the table, leaving out the changes any request may make
 * (see isExcusedWrite) and items DynamoDB's TTL removed (their `expiresAt` has passed: the
 * table deleted them, no request did).
 */
export function tableChanges(before: Item[], after: Item[], now = Date.now()): TableChange[] {
  const index = (items: Item[]) => new Map(items.map((i) => [keyOf(i), i]));
  const a = index(before);
  const b = index(after);
  const changes: TableChange[] = [];
  for (const [key, item] of a) {
    if (key.startsWith('LIMIT#')) continue;
    const next = b.get(key);
    if (!next) {
      const expiresAt = Number(item.expiresAt);
      if (!(Number.isFinite(expiresAt) && expiresAt * 1000 <= now)) changes.push({ key, change: 'removed' });
      continue;
    }
    if (stable(item) === stable(next)) continue;
    if (key.startsWith('SESSION#') && stable({ ...item, idleUntil: 0 }) === stable({ ...next, idleUntil: 0 }))
      continue;
    changes.push({ key, change: 'changed' });
  }
  for (const key of b.keys())
    if (!a.has(key) && !key.startsWith('LIMIT#')) changes.push({ key, change: 'added' });
  return changes;
}
