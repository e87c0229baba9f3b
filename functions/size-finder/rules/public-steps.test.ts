import { describe, expect, it } from 'vitest';
import { publicSteps } from './public-steps.ts';

describe('public views', () => {
  it('orders size finder steps and their options by index', () => {
    const steps = publicSteps(
      [
        {
          kind: 'step',
          id: 's2',
          sizeFinderId: 'f',
          index: 2,
          description: 'b',
          type: 4,
          shortName: 'email',
        },
        { kind: 'step', id: 's1', sizeFinderId: 'f', index: 1, description: 'a', type: 1, shortName: 'fit' },
      ],
      [
        { kind: 'option', id: 'o2', stepsId: 's1', sizeFinderId: 'f', index: 2, content: 'loose' },
        { kind: 'option', id: 'o1', stepsId: 's1', sizeFinderId: 'f', index: 1, content: 'snug' },
      ],
    );
    expect(steps.map((s) => s.stepId)).toEqual(['s1', 's2']);
    expect(steps[0]?.options.map((o) => o.text)).toEqual(['snug', 'loose']);
    expect(steps[1]?.options).toEqual([]);
  });
});
