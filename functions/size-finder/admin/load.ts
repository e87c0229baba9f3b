import { badRequest, notFound } from '#platform/http-error.ts';
import { STEP_TYPES_WITH_OPTIONS } from '#shared/contracts/size-finder.ts';
import type { OptionEntity, StepEntity } from '../entities/size-finder.ts';
import { type FinderParts, loadFinder, type StoredFinder } from '../entities/size-finder.ts';

/** The finder (404 if gone) with its steps and options. */
export async function finderOr404(finderId: string): Promise<FinderParts & { finder: StoredFinder }> {
  const parts = await loadFinder(finderId);
  if (!parts.finder) throw notFound('size finder');
  return parts as FinderParts & { finder: StoredFinder };
}

export function stepOr404(parts: FinderParts, id: string): StepEntity {
  const step = parts.steps.find((s) => s.id === id);
  if (!step) throw notFound('step');
  return step;
}

export function optionOr404(parts: FinderParts, id: string): OptionEntity {
  const option = parts.options.find((o) => o.id === id);
  if (!option) throw notFound('option');
  return option;
}

export function stepOfOption(parts: FinderParts, option: OptionEntity): StepEntity {
  const step = parts.steps.find((s) => s.id === option.stepsId);
  if (!step) throw notFound('step');
  return step;
}

/** Answers are keyed by step index (000 §3 Answer), so two steps of a finder cannot share one. */
export function assertFreeStepIndex(parts: FinderParts, index: number, stepId?: string): void {
  const other = parts.steps.find((s) => s.index === index && s.id !== stepId);
  if (other) throw badRequest(`index: ${index} is already the index of step "${other.shortName}"`);
}

export function assertTakesOptions(step: StepEntity): void {
  if (!STEP_TYPES_WITH_OPTIONS.includes(step.type)) {
    throw badRequest(
      'this step type takes no options (only 1 single choice, 3 three options, 6 multiple options)',
    );
  }
}

export const optionsOf = (parts: FinderParts, stepId: string) =>
  parts.options.filter((o) => o.stepsId === stepId);
