import type { OptionEntity, StepEntity } from '../entities/size-finder.ts';

/** Size finder steps in order, each with its options in order (000 §3 Size finder step). */
export function publicSteps(steps: StepEntity[], options: OptionEntity[]) {
  return [...steps]
    .sort((a, b) => a.index - b.index)
    .map((step) => ({
      stepId: step.id,
      sIndex: step.index,
      shortName: step.shortName,
      description: step.description,
      type: step.type,
      imgUrl: step.imageUrl,
      videoUrl: step.videoUrl,
      options: options
        .filter((o) => o.stepsId === step.id)
        .sort((a, b) => a.index - b.index)
        .map((o) => ({ index: o.index, text: o.content, imageUrl: o.imageUrl })),
    }));
}
