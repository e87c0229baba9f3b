import path from 'node:path';
import { Duration } from 'aws-cdk-lib';
import {
  ApplicationLogLevel,
  Architecture,
  LoggingFormat,
  Runtime,
  SystemLogLevel,
  Tracing,
} from 'aws-cdk-lib/aws-lambda';
import { LogLevel, NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import {
  ESM_REQUIRE_BANNER,
  FUNCTIONS_DIR,
  LAMBDA_ALIASES,
  NODE_TARGET,
  PROVIDER_SDKS,
  ROOT_DIR,
  secretsDefine,
} from '../build-functions.ts';

export interface ApiFunctionProps {
  /** The handler module under functions/, without extension: `catalog/get-type`. */
  readonly module: string;
  /** Added to the house environment (NODE_OPTIONS, POWERTOOLS_SERVICE_NAME). */
  readonly environment?: Record<string, string>;
  readonly description?: string;
  /** 10 s unless given: an API answer must come fast; a scheduled job may take longer. */
  readonly timeout?: Duration;
  /**
   * Whether the function reads the shop secret (its route's `secrets` access). Without, it is
   * bundled with no Secrets Manager client at all (functions/platform/handler.ts).
   */
  readonly secrets?: boolean;
  /** Whether it may call Stripe or PayPal: their SDKs are installed beside its bundle, not in it. */
  readonly providerSdks?: boolean;
}

/**
 * One API endpoint's Lambda function with the house defaults: Node 24 on arm64, an ESM bundle
 * made by the local esbuild (minified, with source maps), active tracing, and its own log
 * group kept for a month, written in Lambda's JSON log format. The module must export `handler`.
 */
export class ApiFunction extends NodejsFunction {
  constructor(scope: Construct, id: string, props: ApiFunctionProps) {
    const logGroup = new LogGroup(scope, `${id}Logs`, { retention: RetentionDays.ONE_MONTH });
    super(scope, id, {
      entry: path.join(FUNCTIONS_DIR, `${props.module}.ts`),
      handler: 'handler',
      projectRoot: ROOT_DIR,
      depsLockFilePath: path.join(ROOT_DIR, 'package-lock.json'),
      runtime: Runtime.NODEJS_24_X,
      architecture: Architecture.ARM_64,
      memorySize: 512,
      timeout: props.timeout ?? Duration.seconds(10),
      tracing: Tracing.ACTIVE,
      logGroup,
      // Lambda writes each console line as JSON with its time, level and request id, and drops
      // the application's lines under INFO (functions/platform/logger.ts); START/END/REPORT stay.
      loggingFormat: LoggingFormat.JSON,
      applicationLogLevelV2: ApplicationLogLevel.INFO,
      systemLogLevelV2: SystemLogLevel.INFO,
      description: props.description,
      environment: {
        NODE_OPTIONS: '--enable-source-maps',
        POWERTOOLS_SERVICE_NAME: 'boutique',
        ...props.environment,
      },
      bundling: {
        format: OutputFormat.ESM,
        target: NODE_TARGET,
        minify: true,
        sourceMap: true,
        // Stack traces need the mappings, not the sources: without them the map Node parses at
        // every cold start (--enable-source-maps) is a third of the size (docs/lambda-settings.md).
        sourcesContent: false,
        mainFields: ['module', 'main'],
        banner: ESM_REQUIRE_BANNER,
        logLevel: LogLevel.WARNING,
        // Ship the SDK version the code was tested with instead of the runtime's copy.
        bundleAwsSDK: true,
        define: secretsDefine(props.secrets === true),
        ...(props.providerSdks ? { nodeModules: PROVIDER_SDKS } : {}),
        esbuildArgs: Object.fromEntries(
          Object.entries(LAMBDA_ALIASES).map(([from, to]) => [`--alias:${from}`, to]),
        ),
      },
    });
  }
}
