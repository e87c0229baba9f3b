import { type ChildProcess, fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Context } from 'aws-lambda';
import { type Route, routeKey, routeName } from '../../../functions/routes.ts';
import type { CloudAssembly, DeployedFunction } from '../cloud-assembly.ts';
import type { LambdaHandler } from '../gateway.ts';

const RUNTIME = join(import.meta.dirname, 'lambda-runtime.mjs');
const ROOT = resolve(import.meta.dirname, '../../..');

type Answer = { result: unknown } | { error: { errorType: string; errorMessage: string } };

export class FunctionError extends Error {
  readonly functionName: string;
  readonly errorType: string;
  constructor(functionName: string, errorType: string, message: string) {
    super(`${functionName}: ${errorType}: ${message}`);
    this.functionName = functionName;
    this.errorType = errorType;
  }
}

/**
 * One deployed function as Lambda runs it: its cdk.out bundle in a process of its own, with
 * the template's handler string, its environment (plus the local stack's endpoints) and
 * NODE_OPTIONS. Started at the first invocation (the cold start) and kept warm; a crash or a
 * timeout discards the process, as Lambda discards the instance.
 */
class BundleInstance {
  private child: ChildProcess | undefined;
  private ready: Promise<ChildProcess> | undefined;
  private readonly pending = new Map<number, (answer: Answer) => void>();
  private next = 0;

  readonly fn: DeployedFunction;
  readonly name: string;
  private readonly env: Record<string, string>;
  private readonly timeoutMs: number;
  /** Each start's init (process and import until the handler is found), and each invocation, in ms. */
  readonly timings: FunctionTimings = { initMs: [], invokeMs: [] };

  constructor(fn: DeployedFunction, name: string, env: Record<string, string>, timeoutMs: number) {
    this.fn = fn;
    this.name = name;
    this.env = env;
    this.timeoutMs = timeoutMs;
  }

  private start(): Promise<ChildProcess> {
    this.ready ??= new Promise((done, fail) => {
      const forked = performance.now();
      const child = fork(RUNTIME, [this.fn.assetDir, this.fn.handler], {
        env: this.env,
        execPath: lambdaNode(this.fn.runtime),
        execArgv: [],
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
        cwd: this.fn.assetDir,
      });
      this.child = child;
      child.on('message', (message: { ready?: boolean; id?: number } & Partial<Answer>) => {
        if (message.ready === true) {
          this.timings.initMs.push(performance.now() - forked);
          return done(child);
        }
        if (message.ready === false) {
          const error = (message as { error: { errorType: string; errorMessage: string } }).error;
          return fail(new FunctionError(this.name, error.errorType, error.errorMessage));
        }
        const settle = this.pending.get(message.id as number);
        this.pending.delete(message.id as number);
        settle?.(message as Answer);
      });
      child.on('exit', (code, signal) => {
        this.discard(child);
        fail(
          new FunctionError(this.name, 'Runtime.ExitError', `exited before it was ready (${code ?? signal})`),
        );
        for (const settle of this.pending.values())
          settle({ error: { errorType: 'Runtime.ExitError', errorMessage: `exited (${code ?? signal})` } });
        this.pending.clear();
      });
    });
    return this.ready;
  }

  private discard(child: ChildProcess): void {
    if (this.child !== child) return;
    this.child = undefined;
    this.ready = undefined;
  }

  /** The cold start alone: the bundle imported, its handler found. */
  async warm(): Promise<void> {
    await this.start();
  }

  async invoke(event: unknown, context: Context): Promise<unknown> {
    const child = await this.start();
    const id = this.next++;
    const invoked = performance.now();
    const answer = await new Promise<Answer>((settle) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        // Lambda ends a timed-out invocation and starts the next in a fresh instance.
        this.discard(child);
        child.kill('SIGKILL');
        settle({
          error: {
            errorType: 'Sandbox.Timedout',
            errorMessage: `Task timed out after ${this.timeoutMs / 1000} seconds`,
          },
        });
      }, this.timeoutMs);
      this.pending.set(id, (a) => {
        clearTimeout(timer);
        settle(a);
      });
      const { getRemainingTimeInMillis: _, done: __, fail: ___, succeed: ____, ...plain } = context;
      child.send({ id, event, context: { ...plain, timeoutMs: this.timeoutMs } });
    });
    this.timings.invokeMs.push(performance.now() - invoked);
    if ('error' in answer)
      throw new FunctionError(this.name, answer.error.errorType, answer.error.errorMessage);
    return answer.result;
  }

  stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return Promise.resolve();
    return new Promise((done) => {
      child.once('exit', () => done());
      child.kill('SIGTERM');
    });
  }
}

/** The Node binary for a template's runtime: the project's node@24 when this process is not 24. */
function lambdaNode(runtime: string): string {
  const major = /^nodejs(\d+)/.exec(runtime)?.[1];
  if (!major) throw new Error(`not a Node.js runtime: ${runtime}`);
  if (process.versions.node.split('.')[0] === major) return process.execPath;
  const pinned = join(ROOT, 'node_modules', '.bin', 'node');
  if (existsSync(pinned)) return pinned;
  throw new Error(`no Node ${major} to run ${runtime} (npm install gives node@24)`);
}

/** A deployed function's starts and invocations as run here (the bench's cold starts: test/bench/pages-run.ts). */
export interface FunctionTimings {
  initMs: number[];
  invokeMs: number[];
}

export interface BundleFunctionsOptions {
  assembly: CloudAssembly;
  /**
   * Settings of the local stack that replace what only AWS has (endpoints, the shop's URL …);
   * read at each cold start, so it may name ports bound after this was made.
   */
  localEnvironment: () => Record<string, string>;
}

export interface BundleFunctions {
  /** The deployed function that serves a route (by its template description, the route key). */
  forRoute(route: Route): LambdaHandler;
  /** A function that serves no route (a scheduled job), by its template description. */
  byDescription(description: string): (event: Record<string, unknown>, context: Context) => Promise<unknown>;
  /** Starts a function's bundle without invoking it (its cold start). */
  warm(fn: DeployedFunction): Promise<void>;
  /** How many bundles were started (cold starts), by function name. */
  started(): string[];
  /** The starts and invocations of a function so far, by its template description. */
  timings(description: string): FunctionTimings | undefined;
  /** Ends a function's instance, as Lambda recycles one: its next invocation is a cold start. */
  recycle(description: string): Promise<void>;
  stop(): Promise<void>;
}

/** Runs the functions of a synthesized cloud assembly (cdk.out) the way Lambda runs them. */
export function bundleFunctions(options: BundleFunctionsOptions): BundleFunctions {
  const instances = new Map<string, BundleInstance>();
  const byDescription = new Map(options.assembly.functions.map((fn) => [fn.description, fn]));

  const instance = (fn: DeployedFunction, name: string) => {
    let found = instances.get(fn.logicalId);
    if (!found) {
      found = new BundleInstance(fn, name, lambdaEnvironment(fn, name, options), fn.timeoutSeconds * 1000);
      instances.set(fn.logicalId, found);
    }
    return found;
  };

  return {
    forRoute(route) {
      const fn = byDescription.get(routeKey(route));
      if (!fn) throw new Error(`cdk.out has no function for ${routeKey(route)}: run npm run synth`);
      return (event, context) =>
        instance(fn, routeName(route)).invoke(event, context as Context) as ReturnType<LambdaHandler>;
    },
    byDescription(description) {
      const fn = byDescription.get(description);
      if (!fn) throw new Error(`cdk.out has no function described "${description}"`);
      return (event, context) =>
        instance(fn, fn.logicalId.replace(/[0-9A-F]{8}$/, '')).invoke(event, context);
    },
    warm: (fn) => instance(fn, fn.logicalId.replace(/[0-9A-F]{8}$/, '')).warm(),
    started: () => [...instances.values()].map((i) => i.name),
    timings: (description) => {
      const fn = byDescription.get(description);
      return fn && instances.get(fn.logicalId)?.timings;
    },
    async recycle(description) {
      const fn = byDescription.get(description);
      const found = fn && instances.get(fn.logicalId);
      if (!fn || !found) return;
      instances.delete(fn.logicalId);
      await found.stop();
    },
    async stop() {
      await Promise.all([...instances.values()].map((i) => i.stop()));
      instances.clear();
    },
  };
}

/**
 * What Lambda puts in a function's environment, then the template's variables, then the local
 * stack's replacements for what only AWS has. Nothing of this process's environment leaks in
 * but PATH, as in Lambda.
 */
function lambdaEnvironment(
  fn: DeployedFunction,
  name: string,
  options: BundleFunctionsOptions,
): Record<string, string> {
  const { region } = options.assembly;
  return {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    LANG: 'en_US.UTF-8',
    TZ: ':UTC',
    AWS_REGION: region,
    AWS_DEFAULT_REGION: region,
    AWS_EXECUTION_ENV: `AWS_Lambda_${fn.runtime}`,
    AWS_LAMBDA_FUNCTION_NAME: name,
    AWS_LAMBDA_FUNCTION_VERSION: '$LATEST',
    AWS_LAMBDA_FUNCTION_MEMORY_SIZE: String(fn.memorySize),
    AWS_LAMBDA_LOG_GROUP_NAME: `/aws/lambda/${name}`,
    LAMBDA_TASK_ROOT: fn.assetDir,
    // The role's credentials; the stand-ins accept any.
    AWS_ACCESS_KEY_ID: 'S3RVER',
    AWS_SECRET_ACCESS_KEY: 'S3RVER',
    AWS_SESSION_TOKEN: `local-session-${name}`,
    ...fn.environment,
    ...options.localEnvironment(),
  };
}
