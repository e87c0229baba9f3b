/** The backups module's one door (issue 49): the restore validation. */
export {
  CHECKPOINT_KEY,
  manifestKey,
  publishedCheckpoint,
  type RestoreReport,
  readManifest,
  SCAN_SEGMENTS,
  scanTable,
  tableSettings,
  takeManifest,
  validateRestore,
  writeManifest,
} from './restore-reader.ts';
export {
  CHECKS,
  type CheckName,
  checkRestore,
  countItems,
  entityOf,
  type Finding,
  type Item,
  type PublishedCheckpoint,
  type RestoreInput,
  type SourceManifest,
  type TableSettings,
} from './rules/restore-checks.ts';
