import type { TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { tableName } from '#lib/clients.ts';
import { finderView, type StoredFinder, withoutKeys } from './admin-finders.ts';
import { auditedWrite, type Change } from './audit.ts';
import type { OptionEntity, StepEntity, TypeEntity } from './entities.ts';
import { finderSlotKey, optionKeys, sizeFinderKey, sizeFinderKeys, stepKeys, typeKey } from './keys.ts';

/**
 * Admin writes of size finders. Every write to a finder's item collection also writes the
 * finder itself with its `version` counter checked and raised, so two staff members editing
 * the same finder cannot interleave (the later one gets 409 and reloads). Writes bigger than
 * one transaction (100 items with the audit entry) go in several, each audited, with the
 * finder's own change in the last one: until then the finder stays as it was.
 */
type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

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
