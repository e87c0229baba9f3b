/** What other modules use of size-finder: the only door into it. */

export type { OptionEntity, SizeFinderEntity, StepEntity } from './entities/size-finder.ts';
export { finderPrefix } from './entities/size-finder.ts';
