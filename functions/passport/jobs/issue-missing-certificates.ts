import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { logger } from '#platform/logger.ts';
import { issueMissingCertificates, type MissingCertificatesRun } from '../missing-certificates.ts';

const metrics = new Metrics({ namespace: 'OneOfOne', serviceName: 'passport' });

/**
 * The passport job (docs/passport.md, Certificates): issues the certificate of every registered
 * piece without one, at most ISSUE_PER_RUN a run, every ISSUE_MISSING_CERTIFICATES_EVERY_MINUTES
 * (EventBridge, infra/stack.ts; locally infra/local/start.ts, and after the demo's photographs
 * are stored, infra/local/stack.ts). `pieces` limits a run to those pieces (the local demo's),
 * `limit` the certificates it signs (25).
 * Its log line and metrics say what it did: PiecesWithoutPassport is the count before the run.
 */
export async function runIssueMissingCertificates(input?: unknown): Promise<MissingCertificatesRun> {
  const { pieces, limit } = (input ?? {}) as { pieces?: unknown; limit?: unknown };
  const run = await issueMissingCertificates({
    ...(Array.isArray(pieces) ? { pieces: pieces.filter((p): p is string => typeof p === 'string') } : {}),
    ...(Number.isInteger(limit) && (limit as number) > 0 ? { limit: limit as number } : {}),
  });
  logger.info('missing passport certificates issued', { ...run });
  return run;
}

export const handler = async (): Promise<MissingCertificatesRun> => {
  const run = await runIssueMissingCertificates();
  metrics.addMetric('PiecesWithoutPassport', MetricUnit.Count, run.missing);
  metrics.addMetric('PassportsIssued', MetricUnit.Count, run.issued);
  metrics.addMetric('PassportsWaitingForPhotographs', MetricUnit.Count, run.waiting);
  metrics.addMetric('PassportsFailed', MetricUnit.Count, run.failed);
  metrics.publishStoredMetrics();
  return run;
};
