import {
  BackupClient,
  InvalidParameterValueException,
  InvalidRequestException,
  PutRestoreValidationResultCommand,
  ResourceNotFoundException,
} from '@aws-sdk/client-backup';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type BackupStandIn, startBackup } from './backup-stand-in.ts';

let backup: BackupStandIn;

/** The real client, pointed at the stand-in as the validation is: through AWS_ENDPOINT_URL_BACKUP. */
const client = () => new BackupClient({});

beforeEach(async () => {
  backup = await startBackup();
  vi.stubEnv('AWS_ENDPOINT_URL_BACKUP', backup.url);
  vi.stubEnv('AWS_REGION', 'us-east-1');
  vi.stubEnv('AWS_ACCESS_KEY_ID', 'local');
  vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'local');
});
afterEach(async () => {
  vi.unstubAllEnvs();
  await backup.stop();
});

describe('the AWS Backup stand-in (PutRestoreValidationResult, REST-JSON)', () => {
  it('records a result the real client sends for a job it knows, once', async () => {
    backup.addRestoreJob('A1B2-job');
    await client().send(
      new PutRestoreValidationResultCommand({
        RestoreJobId: 'A1B2-job',
        ValidationStatus: 'SUCCESSFUL',
        ValidationStatusMessage: '12 checks held',
      }),
    );
    expect(backup.results).toEqual([
      { restoreJobId: 'A1B2-job', validationStatus: 'SUCCESSFUL', validationStatusMessage: '12 checks held' },
    ]);
    // AWS's guide: once a validation status is set, it cannot be changed.
    await expect(
      client().send(
        new PutRestoreValidationResultCommand({ RestoreJobId: 'A1B2-job', ValidationStatus: 'FAILED' }),
      ),
    ).rejects.toBeInstanceOf(InvalidRequestException);
    expect(backup.results).toHaveLength(1);
  });

  it('refuses a job it does not know and a status AWS Backup has not', async () => {
    await expect(
      client().send(
        new PutRestoreValidationResultCommand({ RestoreJobId: 'nope', ValidationStatus: 'FAILED' }),
      ),
    ).rejects.toBeInstanceOf(ResourceNotFoundException);
    backup.addRestoreJob('j2');
    await expect(
      client().send(
        new PutRestoreValidationResultCommand({ RestoreJobId: 'j2', ValidationStatus: 'MAYBE' as 'FAILED' }),
      ),
    ).rejects.toBeInstanceOf(InvalidParameterValueException);
    expect(backup.results).toEqual([]);
  });
});
