import { RemovalPolicy, Tags } from 'aws-cdk-lib';
import type { TableBase } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Key, KeySpec, KeyUsage } from 'aws-cdk-lib/aws-kms';
import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import type { Bucket } from 'aws-cdk-lib/aws-s3';
import type { Topic } from 'aws-cdk-lib/aws-sns';
import { Construct } from 'constructs';
import {
  PASSPORT_KEY_DESCRIPTION,
  PASSPORT_KEY_ID,
  PASSPORT_KEY_TAG,
  PASSPORT_LOG_KEY_DESCRIPTION,
  PASSPORT_LOG_KEY_ID,
} from '../../functions/passport/adapters/kms-signer.ts';
import { KEY_SET_FILE } from '../../functions/passport/adapters/published-files.ts';
import { PASSPORT_SIGNER_FUNCTION } from '../../functions/passport/signer.ts';
import { PASSPORT_WITNESSES } from '../../functions/passport/witness-config.ts';
import { jobAccess } from '../../functions/routes.ts';
import type { EVENT_MODULES } from '../build-functions.ts';
import { functionErrorAlarm } from './alarms.ts';
import { ApiFunction } from './api-function.ts';
import { grantBucket, grantTable } from './data-access.ts';

export const PASSPORT_SIGNER_MODULE: (typeof EVENT_MODULES)[number] = 'passport/jobs/passport-signer';

/** What the signer may do with a passport key: sign, and read the public half its kid names. */
export const PASSPORT_SIGNER_KEY_ACTIONS = ['kms:Sign', 'kms:GetPublicKey'];

/** The handlers that ask the signer for signatures or a rotation (`allowSigning`, infra/stack.ts). */
export const PASSPORT_SIGNING_HANDLERS = [
  'catalog/admin/products/create-product',
  'passport/admin/issue-certificate',
  'passport/admin/rotate-keys',
  'passport/http/create-proof',
] as const;

export interface PassportSignerProps {
  alarmTopic: Topic;
  /** The environment's name: part of the key's alias. */
  stage: string;
  table: TableBase;
  /** The public media bucket: `passport/keys.json` (CloudFront serves it). */
  mediaBucket: Bucket;
  /** The certificates' and key set's issuer. */
  shopUrl: string;
  /** The shop's name and support address, as every function has them. */
  shopEnvironment: Record<'SHOP_NAME' | 'SUPPORT_EMAIL', string>;
  /** The deployment's witness policy (docs/passport.md, Witnesses), published in the key set. */
  witnessPolicy?: string;
}

const tagCondition = (prefix: 'aws:ResourceTag' | 'aws:RequestTag') => ({
  StringEquals: { [`${prefix}/${PASSPORT_KEY_TAG.key}`]: PASSPORT_KEY_TAG.value },
});

/**
 * The passport's signing keys and its signer (issue 37, docs/passport.md): the deployment's
 * asymmetric KMS key (ECC_NIST_P256, SIGN_VERIFY; kept when the stack goes, since every card
 * carries its signatures) and the one function whose role may kms:Sign. Its grants are by tag:
 * it may sign with and read only keys tagged Purpose=passport-signing (the deployment's key is),
 * and make only keys so tagged (a rotation). The handlers that need a signature invoke the signer
 * synchronously (`allowSigning`), never KMS; `npm run test:iam` proves that no other function
 * may sign (test/iam/signing-key.check.ts).
 */
export class PassportSigner extends Construct {
  readonly key: Key;
  /** The log's checkpoint key: Ed25519 (ECC_NIST_EDWARDS25519), tagged as the other, kept as it. */
  readonly logKey: Key;
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
    Tags.of(this.key).add(PASSPORT_KEY_TAG.key, PASSPORT_KEY_TAG.value);
    this.logKey = new Key(this, 'LogKey', {
      keySpec: KeySpec.ECC_NIST_EDWARDS25519,
      keyUsage: KeyUsage.SIGN_VERIFY,
      description: PASSPORT_LOG_KEY_DESCRIPTION,
      alias: `alias/boutique-${props.stage}-passport-log`,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    Tags.of(this.logKey).add(PASSPORT_KEY_TAG.key, PASSPORT_KEY_TAG.value);
    this.fn = new ApiFunction(this, 'Function', {
      module: PASSPORT_SIGNER_MODULE,
      description:
        "The passport's signer: signs certificates, card codes, proofs and the log's checkpoints with the passport's keys, and rotates them (the one function that may kms:Sign)",
      environment: {
        [PASSPORT_KEY_ID]: this.key.keyId,
        [PASSPORT_LOG_KEY_ID]: this.logKey.keyId,
        ...(props.witnessPolicy ? { [PASSPORT_WITNESSES]: props.witnessPolicy } : {}),
        TABLE_NAME: props.table.tableName,
        MEDIA_BUCKET: props.mediaBucket.bucketName,
        SHOP_URL: props.shopUrl,
        ...props.shopEnvironment,
      },
    });
    const access = jobAccess['passport/jobs/passport-signer'];
    grantTable(this.fn, props.table, access);
    grantBucket(this.fn, props.mediaBucket, access.media, KEY_SET_FILE);
    // Not `key.grant…`: exactly these actions, on the keys tagged for the passport alone.
    this.fn.addToRolePolicy(
      new PolicyStatement({
        actions: PASSPORT_SIGNER_KEY_ACTIONS,
        resources: ['*'],
        conditions: tagCondition('aws:ResourceTag'),
      }),
    );
    // A rotation's new key, which must carry the tag (CreateKey with Tags needs kms:TagResource too).
    this.fn.addToRolePolicy(
      new PolicyStatement({
        actions: ['kms:CreateKey', 'kms:TagResource'],
        resources: ['*'],
        conditions: {
          ...tagCondition('aws:RequestTag'),
          'ForAllValues:StringEquals': { 'aws:TagKeys': [PASSPORT_KEY_TAG.key] },
        },
      }),
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
   * and kms:GetPublicKey on the deployment's key, whose kid a handler names before the signer
   * first recorded the key set (the table's keys afterwards).
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
