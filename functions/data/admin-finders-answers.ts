import type { Page } from '#shared/admin.ts';
import type { Gender } from '#shared/constants.ts';
import { withoutKeys } from './admin-finders.ts';
import { pageOf } from './audit.ts';
import type { AnswerEntity, TypeEntity } from './entities.ts';
import { ANSWERS_LIST, answerKey, typeKey } from './keys.ts';
import { getItem, getItems, queryAll } from './query.ts';

/**
 * Size finder answers as staff read them (001 §3 Answer: name, gender, createdTime, result).
 * `name` is the collection's name (the shopper sends only its id); entries come in step order.
 */
export interface AnswerSummary {
  id: string;
  name: string;
  typeId: string;
  gender?: Gender;
  email: string;
  createdTime: string;
}

export interface AnswerDetails extends AnswerSummary {
  result: { index: number; shortName: string; val: string }[];
}

async function typeNames(typeIds: string[]): Promise<Map<string, string>> {
  const unique = [...new Set(typeIds)];
  if (unique.length === 0) return new Map();
  const types = (await getItems(unique.map(typeKey))) as unknown as TypeEntity[];
  return new Map(types.map((t) => [t.id, t.name]));
}

const summary = (answer: AnswerEntity, names: Map<string, string>): AnswerSummary => ({
  id: answer.id,
  name: names.get(answer.typeId) ?? answer.typeId,
  typeId: answer.typeId,
  ...(answer.gender === undefined ? {} : { gender: answer.gender }),
  email: answer.email,
  createdTime: answer.createdTime,
});

/** Newest first, a page at a time, each with its collection's name. */
export async function listAnswers(offset: number, pageSize: number): Promise<Page<AnswerSummary>> {
  const all = await queryAll<AnswerEntity>({
    IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :list',
    ExpressionAttributeValues: { ':list': ANSWERS_LIST },
    ScanIndexForward: false,
  });
  const page = pageOf(all, offset, pageSize);
  const names = await typeNames(page.list.map((a) => a.typeId));
  return { ...page, list: page.list.map((a) => summary(a, names)) };
}

export async function getAnswer(id: string): Promise<AnswerDetails | undefined> {
  const stored = await getItem<AnswerEntity>(answerKey(id));
  if (!stored) return undefined;
  const answer = withoutKeys(stored);
  const names = await typeNames([answer.typeId]);
  const result = Object.entries(answer.result ?? {})
    .map(([index, entry]) => ({ index: Number(index), shortName: entry.shortName, val: entry.val }))
    .sort((a, b) => a.index - b.index);
  return { ...summary(answer, names), result };
}
