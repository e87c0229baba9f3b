import { createServer } from 'node:http';
import type { StandIn } from './stand-ins.ts';

/**
 * A stand-in for the one AWS Backup call the shop makes: PutRestoreValidationResult, which the
 * restore validation (functions/backups/jobs/validate-restore.ts) sends when it has checked a
 * table restored by AWS Backup's restore testing. AWS Backup speaks REST-JSON: the request is
 * `PUT /restore-jobs/{RestoreJobId}/validations` with `{ ValidationStatus, ValidationStatusMessage }`
 * and the answer 204 with no body (the API reference, and @aws-sdk/client-backup's schema:
 * `["PUT", "/restore-jobs/{RestoreJobId}/validations", 204]`). The real client reaches it through
 * AWS_ENDPOINT_URL_BACKUP.
 *
 * As AWS Backup does: a job it does not know is ResourceNotFoundException; a missing or unknown
 * ValidationStatus is MissingParameterValueException / InvalidParameterValueException; and, as the
 * guide says ("once a validation status is set, it cannot be changed"), a second result for a job
 * is refused (InvalidRequestException). Every accepted call is recorded in `results`.
 */
export interface RestoreValidationResult {
  restoreJobId: string;
  validationStatus: string;
  validationStatusMessage?: string;
}

export interface BackupStandIn extends StandIn {
  /** A restore job AWS Backup would know (restore testing started it). */
  addRestoreJob(restoreJobId: string): void;
  /** The results accepted, in order. */
  readonly results: readonly RestoreValidationResult[];
}

const STATUSES = new Set(['FAILED', 'SUCCESSFUL', 'TIMED_OUT', 'VALIDATING']);
const ROUTE = /^\/restore-jobs\/([^/?]+)\/validations\/?(?:\?.*)?$/;

export async function startBackup(port = 0): Promise<BackupStandIn> {
  const jobs = new Set<string>();
  const results: RestoreValidationResult[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const refuse = (status: number, type: string, message: string) => {
        res.writeHead(status, { 'content-type': 'application/json', 'x-amzn-errortype': type });
        res.end(JSON.stringify({ __type: type, Message: message, message }));
      };
      const route = ROUTE.exec(req.url ?? '');
      if (req.method !== 'PUT' || !route)
        return refuse(404, 'UnknownOperationException', `${req.method} ${req.url} is not served here`);
      const restoreJobId = decodeURIComponent(route[1] as string);
      let input: { ValidationStatus?: unknown; ValidationStatusMessage?: unknown };
      try {
        input = JSON.parse(Buffer.concat(chunks).toString() || '{}') as typeof input;
      } catch {
        return refuse(400, 'SerializationException', 'malformed JSON');
      }
      if (input.ValidationStatus === undefined)
        return refuse(400, 'MissingParameterValueException', 'ValidationStatus is required');
      if (typeof input.ValidationStatus !== 'string' || !STATUSES.has(input.ValidationStatus))
        return refuse(400, 'InvalidParameterValueException', `ValidationStatus ${input.ValidationStatus}`);
      if (!jobs.has(restoreJobId))
        return refuse(400, 'ResourceNotFoundException', `restore job ${restoreJobId} not found`);
      if (results.some((r) => r.restoreJobId === restoreJobId))
        return refuse(
          400,
          'InvalidRequestException',
          `restore job ${restoreJobId} already has a validation status`,
        );
      results.push({
        restoreJobId,
        validationStatus: input.ValidationStatus,
        ...(typeof input.ValidationStatusMessage === 'string'
          ? { validationStatusMessage: input.ValidationStatusMessage }
          : {}),
      });
      res.writeHead(204);
      res.end();
    });
  });
  await new Promise<void>((done) => server.listen(port, '127.0.0.1', done));
  const { port: bound } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${bound}`,
    addRestoreJob: (id) => jobs.add(id),
    results,
    stop: () =>
      new Promise((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
