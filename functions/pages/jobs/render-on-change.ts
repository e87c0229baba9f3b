import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { logger, safeError } from '#platform/logger.ts';
import { type PublicPage, pageKey, pagePath } from '#shared/pages/public-pages.ts';
import { renderPages } from '../app/render-pages.ts';
import { readCatalogueFacts } from '../catalogue-facts.ts';
import type { PageWork, RenderPages } from '../render-port.ts';
import {
  affectedPages,
  type CatalogueFacts,
  compareSequence,
  factsToRead,
  type TableChange,
} from '../rules/affected-pages.ts';

/**
 * The table's stream → the public pages (issue 47). One batch of the stream (the event source
 * mapping gathers up to its batch size or its batching window, infra/constructs/page-rendering.ts)
 * is one call of the renderer: its changes give each stale page once, however many changes name
 * it (1,000 price changes of 50 pieces are 50 pages).
 *
 * Partial failures are reported (ReportBatchItemFailures), never swallowed: the batch's checkpoint
 * stops at the first change that asked for a page not written (or at a record that cannot be
 * read), and the stream delivers again from there. Changes before it are done; pages asked again
 * are written again with the same content. A record that keeps failing is retried a bounded
 * number of times, its batch bisected, and then handed to the on-failure queue (which alarms),
 * so one bad record never holds the stream; the daily full re-render repairs what it named.
 */

/** The stream record's change, its images unmarshalled; undefined when the record has no keys. */
export function changeOf(record: DynamoDBRecord): TableChange | undefined {
  const data = record.dynamodb;
  if (!data?.Keys || !data.SequenceNumber) return undefined;
  // Numbers as plain numbers, never refused: a number past 2^53 loses digits no page depends on.
  const image = (raw: unknown) =>
    raw ? unmarshall(raw as Record<string, AttributeValue>, { wrapNumbers: Number }) : undefined;
  const keys = image(data.Keys) as { pk: string; sk: string };
  const oldImage = image(data.OldImage);
  const newImage = image(data.NewImage);
  return {
    sequence: data.SequenceNumber,
    keys,
    ...(oldImage ? { oldImage } : {}),
    ...(newImage ? { newImage } : {}),
  };
}

/** A page the bucket can hold (its id a table id: pageKey refuses anything else). */
function writable(page: PublicPage): boolean {
  try {
    pageKey(page);
    return true;
  } catch {
    return false;
  }
}

export interface RenderOnChangeDeps {
  renderPages: RenderPages;
  readFacts: (needed: { genders: string[]; pieces: string[] }) => Promise<CatalogueFacts>;
}

/** The handler, over its renderer and its reads (the local stack and the tests pass their own). */
export function renderOnChange(deps: RenderOnChangeDeps) {
  return async (event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> => {
    const records = event.Records ?? [];
    const changes: TableChange[] = [];
    /** The records that cannot be read: the checkpoint stops at the first. */
    const unreadable: string[] = [];
    for (const record of records) {
      try {
        const change = changeOf(record);
        if (change) changes.push(change);
        else logger.warn('a stream record without keys or sequence, skipped', { eventID: record.eventID });
      } catch (error) {
        const sequence = record.dynamodb?.SequenceNumber;
        logger.error('a stream record that cannot be read', { sequence, error: safeError(error) });
        if (sequence) unreadable.push(sequence);
      }
    }
    const first = changes.map((c) => c.sequence).sort(compareSequence)[0];
    const failFrom = (sequences: (string | undefined)[]): DynamoDBBatchResponse => {
      const from = sequences.filter((s): s is string => s !== undefined).sort(compareSequence)[0];
      return { batchItemFailures: from ? [{ itemIdentifier: from }] : [] };
    };

    let work: PageWork = { render: [], remove: [] };
    let firstCause: ReadonlyMap<string, string> = new Map();
    try {
      const facts = await deps.readFacts(factsToRead(changes));
      const pages = affectedPages(changes, facts);
      firstCause = pages.firstCause;
      const skipped = [...pages.render, ...pages.remove].filter((page) => !writable(page));
      if (skipped.length > 0)
        logger.warn('pages whose id no key can hold, skipped', { pages: skipped.map(pagePath) });
      work = { render: pages.render.filter(writable), remove: pages.remove.filter(writable) };
    } catch (error) {
      logger.error('the changes of a stream batch could not be read', { error: safeError(error) });
      return failFrom([first, ...unreadable]);
    }
    if (work.render.length === 0 && work.remove.length === 0) {
      return failFrom(unreadable);
    }

    let failed: readonly PublicPage[];
    try {
      failed = (await deps.renderPages(work)).failed;
    } catch (error) {
      logger.error('renderPages failed', { error: safeError(error) });
      failed = [...work.render, ...work.remove];
    }
    logger.info('pages rendered on change', {
      records: records.length,
      render: work.render.length,
      remove: work.remove.length,
      failed: failed.length,
    });
    // A page the renderer names that this batch did not ask for: from the batch's start.
    return failFrom([...failed.map((page) => firstCause.get(pagePath(page)) ?? first), ...unreadable]);
  };
}

export const handler = renderOnChange({ renderPages, readFacts: readCatalogueFacts });
