import type { Choice } from '../kit/fields.tsx';

/** Words for the codes of 001 §3 (Step type). */
export const STEP_TYPE_LABELS: Record<number, string> = {
  1: 'single choice',
  2: 'input a value',
  3: 'three options',
  4: 'e-mail box',
  5: 'inches or cm',
  6: 'multiple options',
};

/** Step types whose question offers options (the others are answered by typing). */
export const TYPES_WITH_OPTIONS = [1, 3, 6];

export const stepTypeLabel = (type: number) => `${type} · ${STEP_TYPE_LABELS[type] ?? 'unknown'}`;

/** The step types as the step form offers them: "1 · single choice". */
export const STEP_TYPE_CHOICES: Choice<string>[] = Object.keys(STEP_TYPE_LABELS).map((code) => [
  code,
  stepTypeLabel(Number(code)),
]);
