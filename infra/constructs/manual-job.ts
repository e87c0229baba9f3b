import type { Topic } from 'aws-cdk-lib/aws-sns';
import { Construct } from 'constructs';
import { functionErrorAlarm } from './alarms.ts';
import type { ApiFunction } from './api-function.ts';
import { type JobFunctionProps, jobFunction } from './scheduled-job.ts';

export interface ManualJobProps extends JobFunctionProps {
  alarmTopic: Topic;
}

/**
 * A job an operator runs by hand (issue 49: the steps of docs/restore.md after a table restore):
 * the job's function as a scheduled job's (infra/constructs/scheduled-job.ts jobFunction: the
 * shop's environment, its jobAccess row's grants), with no schedule, no route and no event
 * source: only `aws lambda invoke` with the operator's credentials starts it, and its answer is
 * the run's account. Invoked asynchronously by mistake it is not retried (a run is started again
 * by the operator, once the first is understood); a failed run alarms as any function's error.
 */
export class ManualJob extends Construct {
  readonly fn: ApiFunction;

  constructor(scope: Construct, id: string, props: ManualJobProps) {
    super(scope, id);
    this.fn = jobFunction(this, 'Function', props);
    this.fn.configureAsyncInvoke({ retryAttempts: 0 });
    functionErrorAlarm(this, 'Errors', this.fn, props.alarmTopic);
  }
}
