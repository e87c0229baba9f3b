import type { FinderParts, OptionEntity, StepEntity, StoredFinder } from '../entities/size-finder.ts';
import {
  deleteOption,
  deleteStep,
  type PartWrite,
  putOption,
  putStep,
  writeFinder,
} from '../entities/size-finder.ts';
import { optionsOf } from './load.ts';

/**
 * Writes one step of a finder, audited: a new one (`before` undefined), a changed one (its
 * options follow a new index in the collection's family), or a removed one (`after`
 * undefined) with its options. The finder's numberOfSteps follows its steps.
 */
export async function writeStep(input: {
  parts: FinderParts & { finder: StoredFinder };
  before?: StepEntity;
  after?: StepEntity;
  admin: string;
  action: string;
  extra?: PartWrite[];
}): Promise<void> {
  const { parts, before, after } = input;
  const { finder } = parts;
  const writes: PartWrite[] = [...(input.extra ?? [])];
  let count = parts.steps.length;
  if (after) {
    writes.push(putStep(after, finder, !before));
    if (before && before.index !== after.index) {
      for (const option of optionsOf(parts, after.id)) writes.push(putOption(option, after, finder));
    }
    if (!before) count += 1;
  } else if (before) {
    for (const option of optionsOf(parts, before.id)) writes.push(deleteOption(option, before, finder));
    writes.push(deleteStep(before, finder));
    count -= 1;
  }
  const id = (after ?? before)?.id ?? '';
  await writeFinder({
    read: finder,
    next: { ...finder, numberOfSteps: count },
    parts: writes,
    change: {
      admin: input.admin,
      action: input.action,
      entity: 'step',
      entityId: id,
      ...(before ? { before: after ? before : { ...before, options: optionsOf(parts, before.id) } } : {}),
      ...(after ? { after } : {}),
    },
  });
}

/**
 * Writes one option of a step, audited: new (`before` undefined), changed, or removed
 * (`after` undefined).
 */
export async function writeOption(input: {
  parts: FinderParts & { finder: StoredFinder };
  step: StepEntity;
  before?: OptionEntity;
  after?: OptionEntity;
  admin: string;
  action: string;
  extra?: PartWrite[];
}): Promise<void> {
  const { parts, step, before, after } = input;
  const { finder } = parts;
  const writes: PartWrite[] = [...(input.extra ?? [])];
  if (after) writes.push(putOption(after, step, finder, !before));
  else if (before) writes.push(deleteOption(before, step, finder));
  await writeFinder({
    read: finder,
    next: { ...finder, numberOfSteps: parts.steps.length },
    parts: writes,
    change: {
      admin: input.admin,
      action: input.action,
      entity: 'option',
      entityId: (after ?? before)?.id ?? '',
      ...(before ? { before } : {}),
      ...(after ? { after } : {}),
    },
  });
}
