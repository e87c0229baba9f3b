/** The release draws (issue 35): the module's only door. */
export {
  type BeaconAnswer,
  beaconRound,
  pinnedChain,
  roundAtTime,
  timeOfRound,
} from './adapters/beacon.ts';
export { type CloseAnswer, closeDraw } from './close-draw.ts';
export { type DrawAnswer, drawWinner } from './draw-winner.ts';
export { type CreateDrawAnswer, createDraw, type NewDraw } from './entities/create-draw.ts';
export { type DrawEntity, type DrawState, getDraw, listDraws, unsettledDrawOf } from './entities/draw.ts';
export {
  type EnterAnswer,
  type EntryEntity,
  enterDraw,
  getEntry,
  type NewEntry,
  type WithdrawAnswer,
  withdrawEntry,
} from './entities/entry.ts';
export { entriesFile, resultFile } from './entities/keys.ts';
export type { ShippingPlace } from './rules/entry-identity.ts';
