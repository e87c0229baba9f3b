import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from '#platform/aws-clients.ts';
import type { EntityFileDoc } from '#platform/table-doc.ts';

export interface Limit {
  name: string;
  max: number;
  windowSeconds: number;
}

/**
 * Limits are sliding windows, approximated from two fixed windows as usual (the previous
 * window's count weighted by how much of it still lies in the sliding window): a burst across
 * a window boundary gets at most `max`, not about twice that. One item per limit and subject
 * holds a count per fixed window (`w<windowStart>`; older ones are removed as it goes, the
 * item expires by TTL) and `attempts`, every attempt the item ever counted (for people reading
 * the table). The check and the count are one conditional write: the condition lists, for each
 * possible weighted share of the previous window, how many attempts the current window may
 * still hold, so concurrent attempts cannot slip past the limit and no read comes first.
 *
 * Tolerance: the previous window's attempts are taken as spread evenly over it. A burst that
 * straddles a boundary within `d` seconds gets at most `max + floor(max * d / windowSeconds)`
 * (exactly `max` when `d < windowSeconds / max`); attempts bunched at the very end of a window
 * and then spread over the next may reach up to twice `max` over one window length in the worst case
 * (proved in rate-limit.test.ts).
 */
export const rateLimitKey = (name: string, subject: string) => ({
  pk: `LIMIT#${name}#${subject}`,
  sk: '#LIMIT',
});

/** The conditions past this many clauses get coarser (never looser); every limit here is far below. */
const MAX_CLAUSES = 32;

function windowOf(limit: { windowSeconds: number }, now: number) {
  const seconds = now / 1000;
  const start = Math.floor(seconds / limit.windowSeconds) * limit.windowSeconds;
  return { start, elapsed: (seconds - start) / limit.windowSeconds };
}

/**
 * For each `k` (the previous window's weighted share, rounded up), the largest previous count
 * with that share and the current count it leaves room for: `[previousAtMost, currentBelow]`.
 */
export function slidingThresholds(max: number, elapsed: number): [number, number][] {
  const weight = 1 - elapsed;
  const all: [number, number][] = [];
  for (let k = 0; k < max; k++) {
    const previousAtMost = Math.floor(k / weight + 1e-9);
    if (all.length > 0 && all[all.length - 1]?.[0] === previousAtMost) continue;
    all.push([previousAtMost, max - k]);
  }
  if (all.length <= MAX_CLAUSES) return all;
  // Keep the first (an empty previous window: the whole `max`), every n-th and the last: a
  // previous count between two kept clauses falls to the stricter one, so the condition only
  // ever allows less.
  const step = Math.ceil(all.length / (MAX_CLAUSES - 2));
  return all.filter((_, i) => i === 0 || i % step === step - 1 || i === all.length - 1);
}

/** Whether one more attempt fits, given the counts of the current and previous fixed windows. */
export function slidingAllows(max: number, elapsed: number, current: number, previous: number): boolean {
  return slidingThresholds(max, elapsed).some(([p, below]) => previous <= p && current < below);
}

/**
 * Counts one attempt for `subject` in the sliding window and tells whether it is allowed. The
 * count and the check are one conditional write, so concurrent attempts cannot slip past the limit.
 */
export async function takeAttempt(limit: Limit, subject: string, now = Date.now()): Promise<boolean> {
  try {
    await ddb().send(new UpdateCommand(attemptUpdate(limit, subject, now)));
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/**
 * The conditional write that counts one attempt (refused past the limit), to put in a
 * transaction with the work it guards: one round trip instead of two.
 */
export function attemptUpdate(limit: Limit, subject: string, now = Date.now()) {
  const { start, elapsed } = windowOf(limit, now);
  const thresholds = slidingThresholds(limit.max, elapsed);
  const values: Record<string, number> = {
    ':one': 1,
    ':expires': start + limit.windowSeconds * 2,
  };
  const clauses = thresholds.map(([previousAtMost, currentBelow], i) => {
    values[`:p${i}`] = previousAtMost;
    values[`:c${i}`] = currentBelow;
    return `((attribute_not_exists(#p) OR #p <= :p${i}) AND (attribute_not_exists(#c) OR #c < :c${i}))`;
  });
  return {
    TableName: tableName(),
    Key: rateLimitKey(limit.name, subject),
    UpdateExpression: 'ADD #c :one, attempts :one SET expiresAt = :expires REMOVE #o',
    // No clause at all (max 0): nothing is ever allowed.
    ConditionExpression:
      clauses.length > 0
        ? clauses.join(' OR ')
        : 'attribute_exists(#c) AND attribute_not_exists(#c) AND attribute_exists(#p)',
    ExpressionAttributeNames: {
      '#c': `w${start}`,
      '#p': `w${start - limit.windowSeconds}`,
      '#o': `w${start - 2 * limit.windowSeconds}`,
    },
    ExpressionAttributeValues: values,
  };
}

/** Returns an attempt counted at `now` (for work that failed on our side, or a right password). */
export async function giveBackAttempt(limit: Limit, subject: string, now = Date.now()): Promise<void> {
  const { start } = windowOf(limit, now);
  await ddb()
    .send(
      new UpdateCommand({
        TableName: tableName(),
        Key: rateLimitKey(limit.name, subject),
        UpdateExpression: 'ADD #c :minusOne, attempts :minusOne',
        ConditionExpression: '#c > :zero',
        ExpressionAttributeNames: { '#c': `w${start}` },
        ExpressionAttributeValues: { ':minusOne': -1, ':zero': 0 },
      }),
    )
    .catch((error: unknown) => {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    });
}

/**
 * A throttle slows tries down instead of locking a subject out: the first `freeTries` within a
 * sliding window go at once, then each try waits a growing delay (doubling from
 * `firstDelaySeconds`, at most `maxDelaySeconds`) after the previous one.
 */
export interface Throttle {
  name: string;
  freeTries: number;
  firstDelaySeconds: number;
  maxDelaySeconds: number;
  windowSeconds: number;
}

/** A try the throttle let through, with what giving it back needs. */
export interface TakenTry {
  allowed: true;
  tries: number;
  at: number;
  /** The wait this try set, and the one it replaced (restored when the try is given back). */
  nextTryAt: number;
  previousNextTryAt: number;
}

export type ThrottledTry = TakenTry | { allowed: false; waitSeconds: number };

/** The wait a throttle puts after the `tries`-th try of a window (0 within the free tries). */
export function throttleDelaySeconds(throttle: Throttle, tries: number): number {
  if (tries <= throttle.freeTries) return 0;
  return Math.min(
    throttle.firstDelaySeconds * 2 ** (tries - throttle.freeTries - 1),
    throttle.maxDelaySeconds,
  );
}

/** Past this many tries in the window the delay no longer grows: older ones need not be kept. */
const keptTries = (throttle: Throttle) =>
  throttle.freeTries +
  2 +
  Math.ceil(Math.log2(Math.max(1, throttle.maxDelaySeconds / throttle.firstDelaySeconds)));

export const throttleKey = (name: string, subject: string) => ({
  pk: `LIMIT#${name}#${subject}`,
  sk: '#THROTTLE',
});

interface ThrottleItem {
  /** The times (epoch ms) of the tries counted in the sliding window, oldest first (bounded). */
  tries?: number[];
  /** How many tries are in the window (the length of `tries`), for people reading the table. */
  attempts?: number;
  nextTryAt?: number;
  version?: number;
}

async function readThrottle(Key: ReturnType<typeof throttleKey>): Promise<ThrottleItem> {
  const { Item } = await ddb().send(new GetCommand({ TableName: tableName(), Key, ConsistentRead: true }));
  return (Item ?? {}) as ThrottleItem;
}

/** Writes the throttle's new state if nobody wrote it since `seen` was read; false otherwise. */
async function writeThrottle(
  throttle: Throttle,
  Key: ReturnType<typeof throttleKey>,
  seen: ThrottleItem,
  next: { tries: number[]; nextTryAt: number },
  now: number,
): Promise<boolean> {
  try {
    await ddb().send(
      new UpdateCommand({
        TableName: tableName(),
        Key,
        UpdateExpression:
          'SET tries = :tries, attempts = :attempts, nextTryAt = :next, expiresAt = :expires, version = :version',
        ConditionExpression: seen.version === undefined ? 'attribute_not_exists(version)' : 'version = :seen',
        ExpressionAttributeValues: {
          ':tries': next.tries,
          ':attempts': next.tries.length,
          ':next': next.nextTryAt,
          ':expires': Math.ceil(Math.max(now, next.nextTryAt) / 1000) + throttle.windowSeconds,
          ':version': (seen.version ?? 0) + 1,
          ...(seen.version === undefined ? {} : { ':seen': seen.version }),
        },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/**
 * Counts one try for `subject` if its throttle lets it through now. Read, then one write
 * conditioned on the version read, so each try of a burst gets its own number and its own
 * delay: no burst slips past the throttle. The tries are counted in a sliding window (their
 * times are kept), so a burst across midnight gets no fresh free tries.
 */
export async function takeThrottledTry(
  throttle: Throttle,
  subject: string,
  now = Date.now(),
): Promise<ThrottledTry> {
  const Key = throttleKey(throttle.name, subject);
  for (let attempt = 0; attempt < 3; attempt++) {
    const item = await readThrottle(Key);
    if ((item.nextTryAt ?? 0) > now)
      return { allowed: false, waitSeconds: Math.ceil(((item.nextTryAt ?? 0) - now) / 1000) };
    const since = now - throttle.windowSeconds * 1000;
    const tries = [...(item.tries ?? []).filter((t) => t > since), now].slice(-keptTries(throttle));
    const nextTryAt = now + throttleDelaySeconds(throttle, tries.length) * 1000;
    if (await writeThrottle(throttle, Key, item, { tries, nextTryAt }, now)) {
      return {
        allowed: true,
        tries: tries.length,
        at: now,
        nextTryAt,
        previousNextTryAt: item.nextTryAt ?? 0,
      };
    }
    // Another try of the same subject counted first: read again.
  }
  return { allowed: false, waitSeconds: throttle.firstDelaySeconds };
}

/**
 * Gives a try back (the right password was given): its time leaves the window and, unless a
 * later try has set its own wait meanwhile, the wait it set is undone. The other tries stay
 * counted: one success does not wipe out what strangers tried.
 */
export async function giveBackThrottledTry(
  throttle: Throttle,
  subject: string,
  taken: TakenTry,
): Promise<void> {
  const Key = throttleKey(throttle.name, subject);
  for (let attempt = 0; attempt < 3; attempt++) {
    const item = await readThrottle(Key);
    const tries = [...(item.tries ?? [])];
    const mine = tries.lastIndexOf(taken.at);
    if (mine < 0) return;
    tries.splice(mine, 1);
    const nextTryAt = item.nextTryAt === taken.nextTryAt ? taken.previousNextTryAt : (item.nextTryAt ?? 0);
    if (await writeThrottle(throttle, Key, item, { tries, nextTryAt }, taken.at)) return;
  }
}

/** Forgets a subject's tries (the right password came from this very client). */
export async function clearThrottle(throttle: Throttle, subject: string): Promise<void> {
  await ddb().send(new DeleteCommand({ TableName: tableName(), Key: throttleKey(throttle.name, subject) }));
}

/** Its table items, for docs/reference/data-model-keys.md (`npm run docs`; functions/platform/table-doc.ts). */
export const tableDoc: EntityFileDoc = {
  items: [
    {
      entity: 'Rate-limit (sliding window: a count per fixed window `w<windowStart>`)',
      pk: '`LIMIT#<name>#<subject>`',
      sk: '`#LIMIT`',
      keys: () => rateLimitKey('<name>', '<subject>'),
    },
    {
      entity: "Throttle (tries' times, `nextTryAt`)",
      pk: '`LIMIT#<name>#<subject>`',
      sk: '`#THROTTLE`',
      keys: () => throttleKey('<name>', '<subject>'),
    },
  ],
};
