import { PutObjectCommand } from '@aws-sdk/client-s3';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from '#platform/aws-clients.ts';
import { logger } from '#platform/logger.ts';
import { mediaBucket, s3 } from '#platform/media-clients.ts';
import { fromBase64url } from '#shared/passport/base64url.ts';
import { assembleJws } from '#shared/passport/certificate.ts';
import { parseEntry } from '#shared/passport/log-entry.ts';
import {
  encodeStatusList,
  STATUS_LIST_BLOCK,
  STATUS_LIST_FILE,
  statusBits,
  statusListPayload,
  statusListSigningInput,
} from '#shared/passport/status-list.ts';
import { consistentGet, queryAll } from '#table/query.ts';
import { isConditionFailed } from '#table/transactions.ts';
import { ENTRY_PREFIX, LOG_PK, twelveDigits } from './entities/log-items.ts';
import { readHead } from './entities/log-reads.ts';
import { type StatusListState, statusListKey } from './entities/status-items.ts';
import { issuer } from './issuer.ts';
import { signingKid } from './key-set.ts';
import { signStatusListInput } from './signer.ts';
import { statusIndexesGiven, statusIndexOf } from './status-index.ts';

/**
 * The lost-or-stolen status list (docs/passport.md, Lost or stolen), kept from the log: each run
 * applies the `lost` and `found` entries sequenced since the last one (a piece reported without an
 * index gets its index then) and, when a bit or the list's length changed, has the signer sign the
 * list and publishes it before it records the state (a run that dies between them publishes again
 * next time). The sequencer runs it after each of its runs, so
 * the list follows a report within seconds (the report starts the sequencer) and at most a minute.
 * The state moves only on the condition that no other run moved it meanwhile: a run that loses
 * publishes the winner's state again, so the file never stays behind the state.
 */

/** Short-lived at the edge: a report must reach every verify page within the minute. */
const STATUS_LIST_CACHE = 'public, max-age=10';
const MAX_CONFLICTS = 10;
const NOTHING: StatusListState = { through: -1, lost: [], blocks: 0 };

async function entriesAfter(through: number, size: number): Promise<string[]> {
  if (size <= through + 1) return [];
  const items = await queryAll<{ text: string }>({
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :first AND :last',
    ExpressionAttributeValues: {
      ':pk': LOG_PK,
      ':first': `${ENTRY_PREFIX}${twelveDigits(through + 1)}`,
      ':last': `${ENTRY_PREFIX}${twelveDigits(size - 1)}`,
    },
    ConsistentRead: true,
  });
  return items.map((item) => item.text);
}

/** The set indexes after these entries, in their order. */
async function applied(lost: readonly number[], texts: string[]): Promise<number[]> {
  const set = new Set(lost);
  for (const text of texts) {
    const entry = parseEntry(text);
    if (entry?.kind !== 'lost' && entry?.kind !== 'found') continue;
    const index = await statusIndexOf(entry.piece);
    if (entry.kind === 'lost') set.add(index);
    else set.delete(index);
  }
  return [...set].sort((a, b) => a - b);
}

async function publish(lost: number[], blocks: number, now: number): Promise<void> {
  const encodedList = await encodeStatusList(statusBits(blocks * 8 * STATUS_LIST_BLOCK, lost));
  const payload = statusListPayload({
    issuer: issuer(),
    validFrom: new Date(now).toISOString(),
    encodedList,
  });
  const input = statusListSigningInput(await signingKid(), payload);
  const { signature } = await signStatusListInput(input);
  await s3().send(
    new PutObjectCommand({
      Bucket: mediaBucket(),
      Key: STATUS_LIST_FILE,
      Body: assembleJws(input, fromBase64url(signature) as Uint8Array),
      ContentType: 'application/vc+jwt',
      CacheControl: STATUS_LIST_CACHE,
    }),
  );
}

export async function publishStatusList(
  now = Date.now(),
): Promise<{ through: number; lost: number; published: boolean }> {
  let republish = false;
  for (let conflicts = 0; conflicts < MAX_CONFLICTS; conflicts++) {
    const [head, state = NOTHING] = await Promise.all([
      readHead(),
      consistentGet<StatusListState>(statusListKey),
    ]);
    const through = head.size - 1;
    const lost = await applied(state.lost, await entriesAfter(state.through, head.size));
    // Every given index has its bit (a new certificate's too).
    const blocks = Math.ceil(Math.max(1, await statusIndexesGiven()) / (8 * STATUS_LIST_BLOCK));
    const changed = state === NOTHING || blocks !== state.blocks || lost.join() !== state.lost.join();
    if (!republish && !changed && state.through === through)
      return { through, lost: lost.length, published: false };
    if (changed || republish) await publish(lost, blocks, now);
    try {
      await ddb().send(
        new PutCommand({
          TableName: tableName(),
          Item: { ...statusListKey, through, lost, blocks },
          ConditionExpression: state === NOTHING ? 'attribute_not_exists(pk)' : 'through = :through',
          ExpressionAttributeValues: state === NOTHING ? undefined : { ':through': state.through },
        }),
      );
      if (changed || republish) logger.info('passport status list published', { through, lost: lost.length });
      return { through, lost: lost.length, published: changed || republish };
    } catch (error) {
      if (!isConditionFailed(error)) throw error;
      // Another run moved the state, and may have published before this run's file: once more.
      republish = true;
    }
  }
  throw new Error('passport status list: other runs kept moving its state; the next run goes on');
}
