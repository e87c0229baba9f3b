/** Words for the codes of 001 §3 (Step type, gender). */
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

export const GENDER_LABELS: Record<number, string> = { 0: 'women', 1: 'men', 2: 'women and men' };

export const stepTypeLabel = (type: number) => `${type} · ${STEP_TYPE_LABELS[type] ?? 'unknown'}`;
