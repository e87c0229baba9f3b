import { readFileSync } from 'node:fs';
import path from 'node:path';
import { FUNCTIONS_DIR } from './build-functions.ts';

/**
 * Which handlers need the shop's secrets: those that reach the payment providers or count
 * limits per client address (the CloudFront origin check), found by following the handler's
 * local imports. Only these functions may read the secret.
 */
const NEEDS_SECRETS = ['lib/client-address.ts', 'lib/stripe.ts', 'lib/paypal.ts'];
const ALIASES: Record<string, string> = { '#lib/': 'lib/', '#domain/': 'domain/', '#data/': 'data/' };

function localImports(file: string): string[] {
  const source = readFileSync(path.join(FUNCTIONS_DIR, file), 'utf8');
  const found: string[] = [];
  for (const [, spec = ''] of source.matchAll(/^(?:import|export)\b[^'"]*from\s+'([^']+)'/gm)) {
    const alias = Object.keys(ALIASES).find((a) => spec.startsWith(a));
    if (alias) found.push(`${ALIASES[alias]}${spec.slice(alias.length)}`);
    else if (spec.startsWith('.')) found.push(path.posix.join(path.posix.dirname(file), spec));
  }
  return found;
}

/** Whether a handler module imports (directly or through its local imports) one of `files`. */
export function reaches(handlerModule: string, files: readonly string[]): boolean {
  const seen = new Set<string>();
  const queue = [`${handlerModule}.ts`];
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    if (files.includes(file)) return true;
    queue.push(...localImports(file));
  }
  return false;
}

export function needsSecrets(handlerModule: string): boolean {
  return reaches(handlerModule, NEEDS_SECRETS);
}

/** Which handlers send mail through SES: only these may call ses:SendEmail. */
export function sendsMail(handlerModule: string): boolean {
  return reaches(handlerModule, ['lib/mail.ts']);
}
