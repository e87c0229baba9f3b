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
import { reportBundled } from '../synth-progress.ts';

export interface ApiFunctionProps {
  /** The handler module under functions/, without extension: `catalog/get-type`. */
  readonly module: string;
  /** Added to the house environment (POWERTOOLS_SERVICE_NAME). */
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
  /** 512 MB unless given (docs/lambda-settings.md). */
  readonly memorySize?: number;
  /**
   * Packages with a native binary (NATIVE_MODULES) the function imports: installed beside its
   * bundle in their build for Lambda's linux-arm64 with glibc, not for the synthesizing machine.
   */
  readonly nativeModules?: readonly string[];
  /**
   * Concurrency kept for this function alone, and its ceiling (infra/capacity.ts: the payment
   * path). Without, it shares the account's unreserved pool.
   */
  readonly reservedConcurrentExecutions?: number;
}

/**
 * npm reads these from the asset folder's .npmrc when CDK runs `npm ci` there: it then installs
 * the optional packages of linux-arm64 with glibc (sharp's @img/sharp-linux-arm64 and its
 * libvips) and skips the ones of the machine that synthesizes, whatever it is.
 */
export const LAMBDA_NPM_PLATFORM = { cpu: 'arm64', os: 'linux', libc: 'glibc' } as const;

function installForLambda(outputDir: string): string[] {
  const npmrc = path.join(outputDir, '.npmrc');
  const lines = Object.entries(LAMBDA_NPM_PLATFORM).map(([key, value]) => `${key}=${value}`);
  return [`printf '${lines.join('\\n')}\\n' > "${npmrc}"`];
}

/**
 * One API endpoint's Lambda function with the house defaults: Node 24 on arm64, an ESM bundle
 * made by the local esbuild (minified, with source maps), active tracing, and its own log
 * group kept for a month, written in Lambda's JSON log format. The module must export `handler`.
 */
export class ApiFunction extends NodejsFunction {
  constructor(scope: Construct, id: string, props: ApiFunctionProps) {
    const nodeModules = [...(props.providerSdks ? PROVIDER_SDKS : []), ...(props.nativeModules ?? [])];
    const logGroup = new LogGroup(scope, `${id}Logs`, { retention: RetentionDays.ONE_MONTH });
    super(scope, id, {
      entry: path.join(FUNCTIONS_DIR, `${props.module}.ts`),
      handler: 'handler',
      projectRoot: ROOT_DIR,
      depsLockFilePath: path.join(ROOT_DIR, 'package-lock.json'),
      runtime: Runtime.NODEJS_24_X,
      architecture: Architecture.ARM_64,
      memorySize: props.memorySize ?? 512,
      timeout: props.timeout ?? Duration.seconds(10),
      tracing: Tracing.ACTIVE,
      logGroup,
      // Lambda writes each console line as JSON with its time, level and request id, and drops
      // the application's lines under INFO (functions/platform/logger.ts); START/END/REPORT stay.
      loggingFormat: LoggingFormat.JSON,
      applicationLogLevelV2: ApplicationLogLevel.INFO,
      systemLogLevelV2: SystemLogLevel.INFO,
      description: props.description,
      ...(props.reservedConcurrentExecutions === undefined
        ? {}
        : { reservedConcurrentExecutions: props.reservedConcurrentExecutions }),
      environment: {
        POWERTOOLS_SERVICE_NAME: 'boutique',
        ...props.environment,
      },
      bundling: {
        format: OutputFormat.ESM,
        target: NODE_TARGET,
        minify: true,
        sourceMap: true,
        // Shipped beside the bundle but not loaded at start: a logged error's stack is mapped then
        // (functions/platform/stack-trace.ts). Stacks need the mappings, not the sources.
        sourcesContent: false,
        mainFields: ['module', 'main'],
        banner: ESM_REQUIRE_BANNER,
        logLevel: LogLevel.WARNING,
        // Ship the SDK version the code was tested with instead of the runtime's copy.
        bundleAwsSDK: true,
        define: secretsDefine(props.secrets === true),
        ...(nodeModules.length > 0 ? { nodeModules } : {}),
        ...(props.nativeModules?.length
          ? {
              commandHooks: {
                beforeBundling: () => [],
                beforeInstall: (_inputDir: string, outputDir: string) => installForLambda(outputDir),
                // Not shipped: it was only for the install.
                afterBundling: (_inputDir: string, outputDir: string) => [
                  `rm -f "${path.join(outputDir, '.npmrc')}"`,
                ],
              },
            }
          : {}),
        esbuildArgs: Object.fromEntries(
          Object.entries(LAMBDA_ALIASES).map(([from, to]) => [`--alias:${from}`, to]),
        ),
      },
    });
    // The bundle is made (NodejsFunction bundles in its constructor): `npm run synth` counts it.
    reportBundled(props.module);
  }
}
