import { type ParseArgsOptionsConfig, parseArgs } from 'node:util';

/**
 * The command line of an npm script (`npm run <script> -- …`), read before the script does
 * anything: `--help` (or `-h`) prints the usage and exits 0; an unknown flag, a flag missing
 * its value, or positionals other than those named are refused with the usage on stderr and
 * exit code 2 (as shells and getopt do). node:util's parseArgs, strict.
 */
export interface CliSpec {
  /** The usage text: its first line `usage: npm run …`, then what each option and knob does. */
  usage: string;
  options?: ParseArgsOptionsConfig;
  /** The positionals' names, each required, in order (none when not given). */
  positionals?: string[];
  /** What to read instead of process.argv (tests). */
  args?: string[];
}

export interface CliArgs {
  values: Record<string, string | boolean | string[] | undefined>;
  positionals: string[];
}

export function cliArgs(spec: CliSpec): CliArgs {
  const names = spec.positionals ?? [];
  let parsed: CliArgs;
  try {
    parsed = parseArgs({
      args: spec.args ?? process.argv.slice(2),
      options: { ...spec.options, help: { type: 'boolean', short: 'h' } },
      allowPositionals: names.length > 0,
      strict: true,
    }) as CliArgs;
  } catch (error) {
    return refuse(spec.usage, (error as Error).message);
  }
  if (parsed.values.help) {
    console.log(spec.usage);
    process.exit(0);
  }
  if (parsed.positionals.length !== names.length)
    return refuse(spec.usage, `expected ${names.map((n) => `<${n}>`).join(' ') || 'no arguments'}`);
  return parsed;
}

function refuse(usage: string, why: string): never {
  console.error(`${why}\n${usage}`);
  process.exit(2);
}
