import type { Gender } from '#shared/constants.ts';
import type { OptionEntity, SizeFinderEntity, StepEntity, TypeEntity } from './entities.ts';
import { FINDERS_PREFIX, sizeFinderKey, typeFamily } from './keys.ts';
import { queryAll } from './query.ts';

/**
 * Admin reads of size finders (001 §7 "Size finder"). A finder's own item collection
 * (`FINDER#<fid>`) holds the finder, its steps and their options, so one query answers every
 * screen below the collection and every write's checks; a collection's finders come from its
 * gsi1 family, where the storefront reads them too (functions/data/catalog.ts).
 */

/** The finder as stored: `version` counts the writes to its item collection (optimistic locking). */
export interface StoredFinder extends SizeFinderEntity {
  version?: number;
}

export interface FinderParts {
  finder?: StoredFinder;
  steps: StepEntity[];
  options: OptionEntity[];
}

const KEY_FIELDS = new Set(['pk', 'sk', 'gsi1pk', 'gsi1sk', 'gsi2pk', 'gsi2sk']);

/** The entity without its table keys. */
export function withoutKeys<T>(item: T): T {
  return Object.fromEntries(
    Object.entries(item as Record<string, unknown>).filter(([k]) => !KEY_FIELDS.has(k)),
  ) as T;
}

export const byIndex = <T extends { index: number; id: string }>(a: T, b: T) =>
  a.index - b.index || a.id.localeCompare(b.id);

/** A finder with its steps and options (in index order); consistent, since writes check it. */
export async function loadFinder(finderId: string): Promise<FinderParts> {
  const items = await queryAll<StoredFinder | StepEntity | OptionEntity>({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': sizeFinderKey(finderId).pk },
    ConsistentRead: true,
  });
  const parts: FinderParts = { steps: [], options: [] };
  for (const item of items.map(withoutKeys)) {
    if (item.kind === 'sizeFinder') parts.finder = item;
    else if (item.kind === 'step') parts.steps.push(item);
    else if (item.kind === 'option') parts.options.push(item);
  }
  parts.steps.sort(byIndex);
  parts.options.sort(byIndex);
  return parts;
}

/** A collection and its size finders (at most one per gender), oldest gender code first. */
export async function findersOfType(typeId: string): Promise<{ type?: TypeEntity; finders: StoredFinder[] }> {
  const items = await queryAll<TypeEntity | StoredFinder>({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :family AND gsi1sk BETWEEN :type AND :findersEnd',
    FilterExpression: '#kind IN (:typeKind, :finderKind)',
    ExpressionAttributeNames: { '#kind': 'kind' },
    ExpressionAttributeValues: {
      ':family': typeFamily(typeId),
      ':type': '#TYPE',
      ':findersEnd': `${FINDERS_PREFIX}\uffff`,
      ':typeKind': 'type',
      ':finderKind': 'sizeFinder',
    },
  });
  const clean = items.map(withoutKeys);
  return {
    type: clean.find((i): i is TypeEntity => i.kind === 'type'),
    finders: clean
      .filter((i): i is StoredFinder => i.kind === 'sizeFinder')
      .sort((a, b) => a.gender - b.gender || a.id.localeCompare(b.id)),
  };
}

/** The finders a collection already has for one gender (normally none or one). */
export async function findersOfTypeAndGender(typeId: string, gender: Gender): Promise<StoredFinder[]> {
  const { finders } = await findersOfType(typeId);
  return finders.filter((f) => f.gender === gender);
}

/** What the admin API shows of each: the entity, without keys or the lock counter. */
export function finderView(finder: StoredFinder): SizeFinderEntity {
  const { version: _version, ...rest } = withoutKeys(finder);
  return rest;
}

export function stepView(step: StepEntity, options: OptionEntity[] = []) {
  return { ...withoutKeys(step), optionCount: options.filter((o) => o.stepsId === step.id).length };
}
