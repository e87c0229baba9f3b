import { SESv2Client } from '@aws-sdk/client-sesv2';
import { recordAwsCalls } from '#platform/aws-call-log.ts';

let sesClient: SESv2Client | undefined;

export function ses(): SESv2Client {
  sesClient ??= recordAwsCalls(new SESv2Client({}));
  return sesClient;
}
