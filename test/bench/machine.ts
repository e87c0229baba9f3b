import { spawnSync } from 'node:child_process';
import os from 'node:os';

/** What the figures were measured on: they mean little without it. */
export interface Machine {
  date: string;
  cpuModel: string;
  cores: number;
  memoryGib: number;
  node: string;
  os: string;
  java: string;
  /** 1-minute load average when the bench started (other work on the machine skews timings). */
  loadAtStart: number;
}

/** DynamoDB Local runs on it. `java -version` writes to stderr. */
function javaVersion(): string {
  const child = spawnSync('java', ['-version'], { encoding: 'utf8' });
  return child.stderr?.split('\n')[0]?.trim() || 'not found';
}

export function describeMachine(): Machine {
  const cpus = os.cpus();
  return {
    date: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
    cpuModel: cpus[0]?.model.trim() ?? 'unknown',
    cores: cpus.length,
    memoryGib: os.totalmem() / 1024 ** 3,
    node: process.version,
    os: `${os.type()} ${os.release()} (${os.arch()})`,
    java: javaVersion(),
    loadAtStart: os.loadavg()[0] ?? Number.NaN,
  };
}

export const currentLoad = (): number => os.loadavg()[0] ?? Number.NaN;
