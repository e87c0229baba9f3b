/** The release draws (issue 35): the module's only door. */
export {
  type BeaconAnswer,
  beaconRound,
  pinnedChain,
  roundAtTime,
  timeOfRound,
} from './adapters/beacon.ts';
