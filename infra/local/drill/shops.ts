import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

/** What a drill shop prints when it answers (./shop-process.ts). */
export interface DrillShop {
  url: string;
  dynamoDbUrl: string;
  tableExportsUrl: string;
  s3Url: string;
  paymentsUrl: string;
  sesUrl: string;
  tableName: string;
  mediaBucket: string;
  backupsBucket: string;
  jobToken: string;
  sessionToken: string;
}

export interface RunningShop extends DrillShop {
  /** Stops the shop (SIGTERM), its data kept; resolves once its process ended. */
  stop(): Promise<void>;
}

const SHOP_PROCESS = fileURLToPath(new URL('./shop-process.ts', import.meta.url));
const READY = 'DRILL_SHOP_READY ';

/**
 * Starts a local shop in a process of its own on the drill's data directory, serving `table`;
 * resolves when it answers. Its log lines go to `log`; a shop that ends before it answers
 * rejects with its last lines.
 */
export function startShop(options: {
  dataDir: string;
  table: string;
  seed: boolean;
  /** The shop's port (its address names the passport log's origin: keep it for the second shop). */
  port: number;
  log?: (line: string) => void;
}): Promise<RunningShop> {
  // A test run's recordings (its AWS calls, its answers) are of its own stack's names and
  // process: the drill's shops, with their own tables, are left out of them.
  const { AWS_CALL_LOG: _calls, API_ANSWER_LOG: _answers, ...env } = process.env;
  const child: ChildProcess = spawn(process.execPath, [SHOP_PROCESS], {
    env: {
      ...env,
      DRILL_DATA: options.dataDir,
      DRILL_TABLE: options.table,
      DRILL_SEED: String(options.seed),
      DRILL_PORT: String(options.port),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const last: string[] = [];
  const ended = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  createInterface({ input: child.stderr as NodeJS.ReadableStream }).on('line', (line) => {
    last.push(line);
    if (last.length > 20) last.shift();
    options.log?.(line);
  });
  return new Promise((resolve, reject) => {
    createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (line) => {
      if (!line.startsWith(READY)) return options.log?.(line);
      const shop = JSON.parse(line.slice(READY.length)) as DrillShop;
      resolve({
        ...shop,
        stop: async () => {
          if (child.exitCode === null) child.kill('SIGTERM');
          await ended;
        },
      });
    });
    void ended.then((code) =>
      reject(
        new Error(`the shop on ${options.table} ended (${code}) before it answered:\n${last.join('\n')}`),
      ),
    );
  });
}

/** Runs a local job on the shop now (POST /__jobs/<name>) and answers its result. */
export async function runShopJob<T = unknown>(shop: DrillShop, name: string, input?: unknown): Promise<T> {
  const answer = await fetch(`${shop.url}/__jobs/${name}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${shop.jobToken}`, 'content-type': 'application/json' },
    ...(input === undefined ? {} : { body: JSON.stringify(input) }),
  });
  const text = await answer.text();
  if (!answer.ok) throw new Error(`job ${name}: ${answer.status} ${text}`);
  return (JSON.parse(text) as { result: T }).result;
}
