import { RemovalPolicy } from 'aws-cdk-lib';
import type { Table } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Key, KeySpec, KeyUsage } from 'aws-cdk-lib/aws-kms';
import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import type { Topic } from 'aws-cdk-lib/aws-sns';
import { Construct } from 'constructs';
import { PASSPORT_KEY_DESCRIPTION, PASSPORT_KEY_ID } from '../../functions/passport/adapters/kms-signer.ts';
import { PASSPORT_SIGNER_FUNCTION } from '../../functions/passport/sign-code.ts';
import { jobAccess } from '../../functions/routes.ts';
import type { EVENT_MODULES } from '../build-functions.ts';
import { functionErrorAlarm } from './alarms.ts';
import { ApiFunction } from './api-function.ts';
import { grantTable } from './data-access.ts';

export const PASSPORT_SIGNER_MODULE: (typeof EVENT_MODULES)[number] = 'passport/jobs/passport-signer';

/** The signing key's own actions: the signer signs, and reads the public half it names as the kid. */
export const PASSPORT_SIGNER_KEY_ACTIONS = ['kms:Sign', 'kms:GetPublicKey'];

export interface PassportSignerProps {
  alarmTopic: Topic;
  /** The environment's name: part of the key's alias. */
  stage: string;
  /** The log's head, which the signer reads to sign only the head's own checkpoint. */
  table: Table;
  /** The shop's address: the log's origin line is its host's. */
  shopUrl: string;
}

/**
 * The passport's signing key and its signer (issue 37, docs/passport.md): an asymmetric KMS key
 * (ECC_NIST_P256, SIGN_VERIFY; kept when the stack goes, since every card carries its
 * signatures) and the one function whose role may kms:Sign with it. The handlers that need a
 * signature invoke the signer synchronously (`allowSigning`), never KMS; `npm run test:iam`
 * proves that no other function may sign (test/iam/signing-key.check.ts).
 */
export class PassportSigner extends Construct {
  readonly key: Key;
  readonly fn: ApiFunction;

  constructor(scope: Construct, id: string, props: PassportSignerProps) {
    super(scope, id);
    this.key = new Key(this, 'Key', {
      keySpec: KeySpec.ECC_NIST_P256,
      keyUsage: KeyUsage.SIGN_VERIFY,
      description: PASSPORT_KEY_DESCRIPTION,
      alias: `alias/boutique-${props.stage}-passport`,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    this.fn = new ApiFunction(this, 'Function', {
      module: PASSPORT_SIGNER_MODULE,
      description:
        "The passport's signer: signs card codes and the log's checkpoints with the passport key (the one function that may kms:Sign)",
      environment: {
        [PASSPORT_KEY_ID]: this.key.keyId,
        TABLE_NAME: props.table.tableName,
        SHOP_URL: props.shopUrl,
      },
    });
    grantTable(this.fn, props.table, jobAccess[PASSPORT_SIGNER_MODULE as keyof typeof jobAccess]);
    // Not `key.grant…`: exactly these two actions, on this key alone, in the role's policy.
    this.fn.addToRolePolicy(
      new PolicyStatement({ actions: PASSPORT_SIGNER_KEY_ACTIONS, resources: [this.key.keyArn] }),
    );
    functionErrorAlarm(this, 'Errors', this.fn, props.alarmTopic);
  }

  /**
   * Lets a function ask the signer for what needs no key of its own (the log's checkpoint):
   * lambda:InvokeFunction on the signer alone.
   */
  allowInvoking(caller: LambdaFunction): void {
    caller.addEnvironment(PASSPORT_SIGNER_FUNCTION, this.fn.functionName);
    caller.addToRolePolicy(
      new PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [this.fn.functionArn] }),
    );
  }

  /**
   * Lets a handler ask the signer for signatures: lambda:InvokeFunction on it, never kms:Sign;
   * and kms:GetPublicKey on the key, whose id (kid) a code names before it is signed.
   */
  allowSigning(caller: LambdaFunction): void {
    caller.addEnvironment(PASSPORT_SIGNER_FUNCTION, this.fn.functionName);
    caller.addEnvironment(PASSPORT_KEY_ID, this.key.keyId);
    // The function itself, not `grantInvoke`'s `<arn>:*` too: no version or alias is ever invoked.
    caller.addToRolePolicy(
      new PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [this.fn.functionArn] }),
    );
    caller.addToRolePolicy(
      new PolicyStatement({ actions: ['kms:GetPublicKey'], resources: [this.key.keyArn] }),
    );
  }
}
