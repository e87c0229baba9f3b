import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Route } from '../../functions/routes.ts';

/**
 * The statuses a route can answer with besides 200, read from its handler's code: every
 * `httpError(…)`, `notFound(…)`, `badRequest(…)` and `respond(…)` in the modules of functions/
 * its handler imports, directly or not, plus what the middy stack itself answers (400 for a
 * request its contract refuses, 415 for a body that is not JSON, 500 for a fault, 502 for a
 * provider's). An over-estimate (a shared module's status a route never reaches) is possible; an
 * omission is not: every answer of the test suites is checked against the documents (infra/api/conformance.ts, npm run test:api).
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const FUNCTIONS = path.join(ROOT, 'functions');
const ALIASES = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).imports as Record<
  string,
  string | object
>;

function resolveImport(from: string, specifier: string): string | undefined {
  if (specifier.startsWith('.')) return path.resolve(path.dirname(from), specifier);
  for (const [alias, target] of Object.entries(ALIASES)) {
    if (typeof target !== 'string' || !alias.endsWith('/*')) continue;
    const prefix = alias.slice(0, -1);
    if (specifier.startsWith(prefix))
      return path.resolve(ROOT, target.slice(0, -1) + specifier.slice(prefix.length));
  }
  return undefined;
}

const sources = new Map<string, string>();
const read = (file: string): string => {
  let text = sources.get(file);
  if (text === undefined) {
    text = readFileSync(file, 'utf8');
    sources.set(file, text);
  }
  return text;
};

/**
 * The handler's module and every module of functions/ it imports (type-only imports left out).
 * Through a capability's door (its index.ts), only the modules exporting what was imported.
 */
export function moduleClosure(handlerFile: string): string[] {
  const seen = new Set<string>();
  const visit = (file: string): void => {
    if (seen.has(file) || !file.startsWith(FUNCTIONS) || file.endsWith('.test.ts')) return;
    seen.add(file);
    const text = read(file);
    for (const [, typeOnly, names, specifier] of text.matchAll(
      /(?:^|\n)\s*import\s+(type\s+)?(?:\{([^}]*)\}\s*from\s*|[^'";]*?\s+from\s+)?'([^']+)'/g,
    )) {
      if (typeOnly || !specifier) continue;
      const target = resolveImport(file, specifier);
      if (!target?.endsWith('.ts')) continue;
      if (path.basename(target) === 'index.ts' && names !== undefined)
        throughDoor(target, exportedNames(names));
      else visit(target);
    }
    for (const [, specifier] of text.matchAll(/(?:import\(|export\s+\*\s+from)\s*'([^']+)'/g)) {
      const target = specifier ? resolveImport(file, specifier) : undefined;
      if (target?.endsWith('.ts')) visit(target);
    }
    if (path.basename(file) !== 'index.ts')
      for (const [, typeOnly, , specifier] of text.matchAll(
        /(?:^|\n)\s*export\s+(type\s+)?\{([^}]*)\}\s*from\s*'([^']+)'/g,
      )) {
        const target = !typeOnly && specifier ? resolveImport(file, specifier) : undefined;
        if (target?.endsWith('.ts')) visit(target);
      }
  };
  const throughDoor = (door: string, wanted: Set<string>): void => {
    for (const [, typeOnly, list = '', specifier] of read(door).matchAll(
      /(?:^|\n)\s*export\s+(type\s+)?\{([^}]*)\}\s*from\s*'([^']+)'/g,
    )) {
      if (typeOnly || !specifier) continue;
      const exported = list.split(',').map(
        (s) =>
          s
            .trim()
            .split(/\s+as\s+/)
            .pop() ?? '',
      );
      const target = resolveImport(door, specifier);
      if (target?.endsWith('.ts') && exported.some((name) => wanted.has(name))) visit(target);
    }
  };
  visit(handlerFile);
  return [...seen];
}

/** `{ a, b as c, type D }` → the names as the door exports them: a, b. */
function exportedNames(list: string): Set<string> {
  return new Set(
    list
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s && !s.startsWith('type '))
      .map((s) => s.split(/\s+as\s+/)[0] ?? ''),
  );
}

export interface Refusal {
  status: number;
  /** Literal messages found beside the status, as the client reads them. */
  messages: string[];
}

const CALL = /\b(httpError|respond)\(\s*([^,()]+(?:\([^()]*\))?)\s*,\s*(?:'([^']*)'|`([^`$]*)`)?/g;

/** The statuses other than 200 a route's code can answer with, with the literal messages beside them. */
export function refusalsOf(route: Route): Refusal[] {
  const found = new Map<number, Set<string>>();
  const add = (status: number, message?: string) => {
    const messages = found.get(status) ?? new Set<string>();
    if (message) messages.add(message);
    found.set(status, messages);
  };
  const closure = moduleClosure(path.join(FUNCTIONS, `${route.handler}.ts`));
  // A payment provider's failure is the middy stack's 502 (functions/platform/handler.ts).
  if (closure.some((file) => file.startsWith(path.join(FUNCTIONS, 'payments', 'providers')))) add(502);
  for (const file of closure) {
    if (
      file.endsWith(path.join('platform', 'http-error.ts')) ||
      file.endsWith(path.join('platform', 'handler.ts'))
    )
      continue;
    const text = read(file);
    for (const [, , statusExpr = '', single, template] of text.matchAll(CALL)) {
      const literals = statusExpr.match(/\b[1-5]\d\d\b/g);
      // A status held in a variable: every status this module names in a status field or
      // constant, or hands on as an argument or a table's entry (`refuse(id, 'why', 429, …)`,
      // `used: [410, …]`), as a helper that calls httpError(status, …) is given it.
      const statuses = literals ?? [
        ...(text.match(/(?<=\bstatus(?:Code)?\s*[:=]\s*)[1-5]\d\d\b/g) ?? []),
        ...(text.match(/(?<=[[(,]\s*)[45]\d\d(?=\s*[,\])])/g) ?? []),
      ];
      for (const status of statuses)
        add(Number(status), literals?.length === 1 ? (single ?? template) : undefined);
    }
    if (/\bnotFound\(/.test(text)) add(404);
    if (/\bbadRequest\(/.test(text)) add(400);
  }
  const contract = route.contract;
  if (contract.query || contract.path || contract.body) add(400);
  if (contract.body) add(415);
  add(500);
  found.delete(200);
  return [...found]
    .sort(([a], [b]) => a - b)
    .map(([status, messages]) => ({ status, messages: [...messages].sort() }));
}
