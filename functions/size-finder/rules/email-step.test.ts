import { describe, expect, it } from 'vitest';
import { STEP_TYPE } from '#shared/constants.ts';
import { hasEmailStep } from './email-step.ts';

describe('hasEmailStep', () => {
  it('is true only when one step is of the email type', () => {
    expect(hasEmailStep([])).toBe(false);
    expect(hasEmailStep([{ type: STEP_TYPE.singleChoice }, { type: STEP_TYPE.measurement }])).toBe(false);
    expect(hasEmailStep([{ type: STEP_TYPE.singleChoice }, { type: STEP_TYPE.email }])).toBe(true);
  });
});
