import { type TypeEntity, typeFamily, typeKey } from '#catalog/index.ts';
import { tableName } from '#platform/aws-clients.ts';
import { type EntityFileDoc, placeholder } from '#platform/table-doc.ts';
import type { Gender } from '#shared/constants.ts';
import { auditedWrite, type Change } from '#table/audit.ts';
import { type Keys, pad } from '#table/keys.ts';
import { byIndex, queryAll, withoutKeys } from '#table/query.ts';
import type { TransactItem } from '#table/transactions.ts';

export const finderPrefix = (gender: Gender) => `#TYPE#FINDER#G${gender}#`;

const finderSk = (f: { id: string; gender: Gender }) => `${finderPrefix(f.gender)}${f.id}`;

export const sizeFinderKeys = (f: { id: string; typeId: string; gender: Gender }): Keys => ({
  pk: `FINDER#${f.id}`,
  sk: '#FINDER',
  gsi1pk: typeFamily(f.typeId),
  gsi1sk: finderSk(f),
});

export const stepKeys = (
  s: { id: string; index: number },
  f: { id: string; typeId: string; gender: Gender },
): Keys => ({
  pk: `FINDER#${f.id}`,
  sk: `STEP#${s.id}`,
  gsi1pk: typeFamily(f.typeId),
  gsi1sk: `${finderSk(f)}#STEP#${pad(s.index)}#${s.id}`,
});

export const optionKeys = (
  o: { id: string; index: number },
  s: { id: string; index: number },
  f: { id: string; typeId: string; gender: Gender },
): Keys => ({
  pk: `FINDER#${f.id}`,
  sk: `STEP#${s.id}#OPTION#${o.id}`,
  gsi1pk: typeFamily(f.typeId),
  gsi1sk: `${finderSk(f)}#STEP#${pad(s.index)}#${s.id}#OPTION#${pad(o.index)}#${o.id}`,
});

/**
 * One size finder per collection and gender: this marker item is created with the finder
 * (attribute_not_exists) and moved or deleted with it, so two staff cannot make a second one.
 */
export const finderSlotKey = (typeId: string, gender: Gender) => ({
  pk: `FINDERSLOT#${typeId}`,
  sk: `G${gender}`,
});

/** The gsi1 sort-key prefix of every size finder of a collection, whatever its gender. */
export const FINDERS_PREFIX = '#TYPE#FINDER#';

/** A size finder's own item, by id; its steps and options share its partition. */
export const sizeFinderKey = (id: string) => ({ pk: `FINDER#${id}`, sk: '#FINDER' });

export interface SizeFinderEntity {
  kind: 'sizeFinder';
  id: string;
  typeId: string;
  gender: Gender;
  numberOfSteps: number;
}

export interface StepEntity {
  kind: 'step';
  id: string;
  sizeFinderId: string;
  index: number;
  description: string;
  type: number;
  shortName: string;
  imageUrl?: string;
  videoUrl?: string;
}

export interface OptionEntity {
  kind: 'option';
  id: string;
  stepsId: string;
  sizeFinderId: string;
  index: number;
  content: string;
  imageUrl?: string;
}

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
export async function findersOfCollection(
  typeId: string,
): Promise<{ type?: TypeEntity; finders: StoredFinder[] }> {
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
export async function findersOfCollectionAndGender(typeId: string, gender: Gender): Promise<StoredFinder[]> {
  const { finders } = await findersOfCollection(typeId);
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

/** Room for the writes of one transaction beside the finder item and the audit entry. */
export const WRITES_PER_TRANSACTION = 98;

export interface PartWrite {
  item: TransactItem;
  /** What the audit entry of a partial transaction says this write removed or wrote. */
  before?: unknown;
  after?: unknown;
}

const versionCondition = (finder: StoredFinder) =>
  finder.version === undefined
    ? { ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(#v)', names: {}, values: {} }
    : {
        ConditionExpression: 'attribute_exists(pk) AND #v = :v',
        names: {},
        values: { ':v': finder.version },
      };

/** Raises the counter only: for the transactions before the last one. */
function finderGuard(finder: StoredFinder, version: number | undefined): TransactItem {
  const condition = versionCondition({ ...finder, version });
  return {
    Update: {
      TableName: tableName(),
      Key: sizeFinderKey(finder.id),
      UpdateExpression: 'SET #v = :next',
      ConditionExpression: condition.ConditionExpression,
      ExpressionAttributeNames: { '#v': 'version' },
      ExpressionAttributeValues: { ...condition.values, ':next': (version ?? 0) + 1 },
    },
  };
}

/** The finder's final state (or its removal), checked against the version this write read. */
function finderFinal(
  read: StoredFinder,
  version: number | undefined,
  next: StoredFinder | null,
): TransactItem {
  const condition = versionCondition({ ...read, version });
  const common = {
    TableName: tableName(),
    ConditionExpression: condition.ConditionExpression,
    ExpressionAttributeNames: { '#v': 'version' },
    ...(Object.keys(condition.values).length > 0 ? { ExpressionAttributeValues: condition.values } : {}),
  };
  if (next === null) return { Delete: { ...common, Key: sizeFinderKey(read.id) } };
  const entity = finderView(next);
  return { Put: { ...common, Item: { ...sizeFinderKeys(entity), ...entity, version: (version ?? 0) + 1 } } };
}

/**
 * Runs a change to a finder's item collection: `parts` first (spread over as many
 * transactions as needed), then `last` with the finder's new state, or its removal (`null`).
 */
export async function writeFinder(input: {
  read: StoredFinder;
  next: StoredFinder | null;
  parts: PartWrite[];
  last?: TransactItem[];
  change: Change;
}): Promise<void> {
  const last = input.last ?? [];
  const room = WRITES_PER_TRANSACTION - last.length;
  const early: PartWrite[][] = [];
  let rest = input.parts;
  while (rest.length > room) {
    early.push(rest.slice(0, WRITES_PER_TRANSACTION));
    rest = rest.slice(WRITES_PER_TRANSACTION);
  }
  let version = input.read.version;
  const of = early.length + 1;
  for (const [i, chunk] of early.entries()) {
    await auditedWrite([...chunk.map((p) => p.item), finderGuard(input.read, version)], {
      ...input.change,
      before: { part: i + 1, of, writes: chunk.map((p) => p.before).filter(Boolean) },
      after: { part: i + 1, of, writes: chunk.map((p) => p.after).filter(Boolean) },
    });
    version = (version ?? 0) + 1;
  }
  await auditedWrite(
    [...rest.map((p) => p.item), ...last, finderFinal(input.read, version, input.next)],
    of > 1 ? { ...input.change, before: { part: of, of, ...(input.change.before as object) } } : input.change,
  );
}

const put = (item: Record<string, unknown>, condition?: string): TransactItem => ({
  Put: { TableName: tableName(), Item: item, ...(condition ? { ConditionExpression: condition } : {}) },
});

const remove = (key: { pk: string; sk: string }): TransactItem => ({
  Delete: { TableName: tableName(), Key: key },
});

export function putStep(step: StepEntity, finder: StoredFinder, isNew = false): PartWrite {
  const entity = withoutKeys(step);
  return {
    item: put({ ...stepKeys(entity, finder), ...entity }, isNew ? 'attribute_not_exists(pk)' : undefined),
    after: entity,
  };
}

export function putOption(
  option: OptionEntity,
  step: StepEntity,
  finder: StoredFinder,
  isNew = false,
): PartWrite {
  const entity = withoutKeys(option);
  return {
    item: put(
      { ...optionKeys(entity, step, finder), ...entity },
      isNew ? 'attribute_not_exists(pk)' : undefined,
    ),
    after: entity,
  };
}

export function deleteStep(step: StepEntity, finder: StoredFinder): PartWrite {
  const { pk, sk } = stepKeys(step, finder);
  return { item: remove({ pk, sk }), before: step };
}

export function deleteOption(option: OptionEntity, step: StepEntity, finder: StoredFinder): PartWrite {
  const { pk, sk } = optionKeys(option, step, finder);
  return { item: remove({ pk, sk }), before: option };
}

/** A new finder: its item, its collection-and-gender marker, and the collection still there. */
export async function createFinder(finder: StoredFinder, type: TypeEntity, admin: string): Promise<void> {
  const entity = finderView(finder);
  await auditedWrite(
    [
      {
        ConditionCheck: {
          TableName: tableName(),
          Key: typeKey(type.id),
          ConditionExpression: 'attribute_exists(pk)',
        },
      },
      put({ ...sizeFinderKeys(entity), ...entity, version: 0 }, 'attribute_not_exists(pk)'),
      put(
        { ...finderSlotKey(entity.typeId, entity.gender), kind: 'finderSlot', finderId: entity.id },
        'attribute_not_exists(pk)',
      ),
    ],
    { admin, action: 'create', entity: 'sizeFinder', entityId: entity.id, after: entity },
  );
}

/** Moves the one-per-gender marker with a finder whose gender changes. */
export function moveSlot(finder: StoredFinder, nextGender: StoredFinder['gender']): TransactItem[] {
  return [
    remove(finderSlotKey(finder.typeId, finder.gender)),
    put(
      { ...finderSlotKey(finder.typeId, nextGender), kind: 'finderSlot', finderId: finder.id },
      'attribute_not_exists(pk)',
    ),
  ];
}

export function deleteSlot(finder: StoredFinder): TransactItem {
  return remove(finderSlotKey(finder.typeId, finder.gender));
}

/** A collection with its size finders for a gender, their steps and options, in order. */
export interface CollectionWithFinder {
  type?: TypeEntity;
  finders: SizeFinderEntity[];
  steps: StepEntity[];
  options: OptionEntity[];
}

/**
 * The type with its size finder for a gender: finder, steps and options, in order (one Query of
 * the collection's gsi1 family). The range also holds the collection's sizes and the finders of
 * lower gender codes; callers keep the finder they asked for.
 */
export async function getCollectionWithFinder(typeId: string, gender: Gender): Promise<CollectionWithFinder> {
  const items = await queryAll<TypeEntity | SizeFinderEntity | StepEntity | OptionEntity | { kind: 'size' }>({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :family AND gsi1sk BETWEEN :type AND :finderEnd',
    ExpressionAttributeValues: {
      ':family': typeFamily(typeId),
      ':type': '#TYPE',
      ':finderEnd': `${finderPrefix(gender)}\uffff`,
    },
  });
  const found: CollectionWithFinder = { finders: [], steps: [], options: [] };
  for (const item of items) {
    if (item.kind === 'type') found.type = item;
    else if (item.kind === 'sizeFinder') found.finders.push(item);
    else if (item.kind === 'step') found.steps.push(item);
    else if (item.kind === 'option') found.options.push(item);
  }
  return found;
}

const DOC_FINDER = { id: '<fid>', typeId: '<tid>', gender: placeholder<Gender>('<g>') };
const DOC_STEP = { id: '<stepId>', index: placeholder<number>('<index>') };

/** Its table items, for docs/reference/data-model-keys.md (`npm run docs`; functions/platform/table-doc.ts). */
export const tableDoc: EntityFileDoc = {
  items: [
    {
      entity: 'Size finder',
      pk: '`FINDER#<fid>`',
      sk: '`#FINDER`',
      gsi1: '`TYPE#<tid>` / `#TYPE#FINDER#G<g>#<fid>`',
      keys: () => sizeFinderKeys(DOC_FINDER),
    },
    {
      entity: 'Step',
      pk: '`FINDER#<fid>`',
      sk: '`STEP#<stepId>`',
      gsi1: '`TYPE#<tid>` / `#TYPE#FINDER#G<g>#<fid>#STEP#<index>#<stepId>`',
      keys: () => stepKeys(DOC_STEP, DOC_FINDER),
    },
    {
      entity: 'Option',
      pk: '`FINDER#<fid>`',
      sk: '`STEP#<stepId>#OPTION#<oid>`',
      gsi1: '`TYPE#<tid>` / `#TYPE#FINDER#G<g>#<fid>#STEP#<index>#<stepId>#OPTION#<index>#<oid>`',
      keys: () => optionKeys({ id: '<oid>', index: placeholder('<index>') }, DOC_STEP, DOC_FINDER),
    },
    {
      entity: 'Size finder slot (one per type/gender)',
      pk: '`FINDERSLOT#<tid>`',
      sk: '`G<gender>`',
      keys: () => finderSlotKey('<tid>', placeholder('<gender>')),
    },
  ],
};
