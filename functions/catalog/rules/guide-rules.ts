import type * as z from '#shared/zod.ts';
import type { createGuideSchema } from '../admin/size-guides/guide-input.ts';
import type { SizeGuideEntity } from '../entities/size.ts';

type GuideInput = z.output<typeof createGuideSchema>;

/** A guide entry from what staff sent, keeping what they cannot send here (id, pictures). */
export function guideFrom(
  base: Pick<SizeGuideEntity, 'kind' | 'id' | 'sizeId' | 'imageUrl' | 'largeImgUrl'>,
  input: GuideInput & { index: number },
): SizeGuideEntity {
  const optional = {
    fromCm: input.fromCm,
    toCm: input.toCm,
    fromInches: input.fromInches,
    toInches: input.toInches,
    description: input.description,
    imageUrl: base.imageUrl,
    largeImgUrl: base.largeImgUrl,
  };
  return {
    kind: 'sizeGuide',
    id: base.id,
    sizeId: base.sizeId,
    name: input.name,
    index: input.index,
    type: input.type,
    gender: input.gender,
    ...Object.fromEntries(Object.entries(optional).filter(([, v]) => v !== undefined)),
  };
}
