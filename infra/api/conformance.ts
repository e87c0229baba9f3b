import { appendFileSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import formats from 'ajv-formats';
import type { ObservedAnswer } from '../local/gateway.ts';

/**
 * Every answer that passes the local gateway, checked against the shop's OpenAPI documents
 * (shared/api/openapi.json and openapi-admin.json): its operation found by method and path
 * template, its status documented for that operation, and its JSON body valid against that
 * status's schema (AJV, JSON Schema 2020-12, as OpenAPI 3.1 has it). The answers' schemas are
 * zod's output schemas, objects strict: a field the contract does not name is a violation here,
 * though zod (CHECK_RESPONSES) strips it.
 *
 * The local stack records one line per answer checked when API_ANSWER_LOG names a file
 * (infra/local/stack.ts); `npm run test:api` (test/api/answers.check.ts) reads them after the suites.
 */
const DOCUMENTS_DIR = path.resolve(import.meta.dirname, '../../shared/api');

type Json = Record<string, unknown>;

export interface Operation {
  /** `POST /checkout/hold`: the method and the path template as the document names them. */
  key: string;
  document: 'public' | 'admin';
  /** Served under /api (the routes) or at the origin (the public files). */
  under: '/api' | '/';
  method: string;
  template: string;
  pattern: RegExp;
  /** Literal characters of the template: the most literal template wins (as OpenAPI matches). */
  literal: number;
  operation: Json;
}

/** One answer as the gateway sent it (its `observe` option). */
export type SeenAnswer = ObservedAnswer;

/** One line of the recording. */
export interface AnswerRecord {
  route: string;
  status: number;
  ok: boolean;
  violation?: string;
}

export function readDocuments(dir = DOCUMENTS_DIR): Record<'public' | 'admin', Json> {
  const read = (name: string) => JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as Json;
  return { public: read('openapi.json'), admin: read('openapi-admin.json') };
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

/** Every operation of both documents (the webhooks are events the shop receives, not answers). */
export function operationsOf(documents = readDocuments()): Operation[] {
  const list: Operation[] = [];
  for (const document of ['public', 'admin'] as const) {
    const doc = documents[document];
    const paths = (doc.paths ?? {}) as Record<string, Json>;
    for (const [template, item] of Object.entries(paths)) {
      const servers = (item.servers ?? doc.servers ?? []) as { url: string }[];
      const under = servers[0]?.url === '/' ? '/' : '/api';
      for (const method of METHODS) {
        const operation = item[method] as Json | undefined;
        if (!operation) continue;
        const source = template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{\w+\}/g, '[^/]+');
        list.push({
          key: `${method.toUpperCase()} ${template}`,
          document,
          under,
          method: method.toUpperCase(),
          template,
          pattern: new RegExp(`^${source}$`),
          literal: template.replace(/\{\w+\}/g, '').length,
          operation,
        });
      }
    }
  }
  return list;
}

const describeError = (e: ErrorObject) =>
  `${e.instancePath || '/'} ${e.message ?? e.keyword}${
    e.keyword === 'additionalProperties'
      ? ` (${(e.params as { additionalProperty: string }).additionalProperty})`
      : ''
  }`;

/**
 * The checker of answers against the documents: `check` gives the record of one answer, or
 * undefined for an answer no operation covers (a path that is no route: the gateway's own 404).
 */
export function answerChecker(documents = readDocuments()) {
  const operations = operationsOf(documents).sort((a, b) => b.literal - a.literal);
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  // ajv-formats is CommonJS: its function is the module itself (its `default` for TypeScript).
  const addFormats = formats.default ?? (formats as unknown as typeof formats.default);
  addFormats(ajv);
  const compiled = new Map<string, ValidateFunction>();
  /** The schema a `$ref` names in its document, compiled once. */
  const validator = (document: 'public' | 'admin', schema: Json): ValidateFunction => {
    const ref = typeof schema.$ref === 'string' ? schema.$ref : undefined;
    const id = ref ? `${document}:${ref}` : `${document}:${JSON.stringify(schema)}`;
    let validate = compiled.get(id);
    if (!validate) {
      let target: unknown = schema;
      if (ref) {
        target = documents[document];
        for (const part of ref.replace(/^#\//, '').split('/')) target = (target as Json)[part];
        if (!target) throw new Error(`${ref} is not in the ${document} document`);
      }
      validate = ajv.compile(target as Json);
      compiled.set(id, validate);
    }
    return validate;
  };

  const find = (method: string, under: '/api' | '/', path: string) =>
    operations.find((o) => o.under === under && o.method === method && o.pattern.test(path));

  return {
    operations,
    check(seen: SeenAnswer): AnswerRecord | undefined {
      const method = seen.method === 'HEAD' ? 'GET' : seen.method;
      const api = seen.pathname === '/api' || seen.pathname.startsWith('/api/');
      const path = api ? seen.pathname.slice(4).replace(/\/+$/, '') || '/' : seen.pathname;
      const op = seen.route
        ? operations.find((o) => o.under === '/api' && o.key === seen.route)
        : find(method, api ? '/api' : '/', path);
      if (!op) {
        // A route of the table the documents do not have: the documents are behind the table.
        if (seen.route)
          return {
            route: seen.route,
            status: seen.status,
            ok: false,
            violation: 'no operation in the documents',
          };
        return undefined;
      }
      const route = op.key;
      const fail = (violation: string): AnswerRecord => ({
        route,
        status: seen.status,
        ok: false,
        violation,
      });
      const responses = (op.operation.responses ?? {}) as Record<string, Json>;
      const response = responses[String(seen.status)] ?? responses[`${String(seen.status)[0]}XX`];
      if (!response) return fail(`undocumented status ${seen.status} for ${route}`);
      const content = response.content as Record<string, { schema?: Json }> | undefined;
      // A HEAD's answer has no body; an answer documented without content is not read.
      if (seen.method === 'HEAD' || !content) return { route, status: seen.status, ok: true };
      const type = (seen.contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
      const media = content[type];
      if (!media)
        return fail(
          `content type ${type || '(none)'} not documented for ${seen.status} of ${route} (documented: ${Object.keys(content).join(', ')})`,
        );
      if (!media.schema || !/^application\/(.+\+)?json$/.test(type))
        return { route, status: seen.status, ok: true };
      let body: unknown;
      try {
        body = JSON.parse(seen.body.toString('utf8'));
      } catch {
        return fail(`the ${seen.status} body of ${route} is not JSON`);
      }
      const validate = validator(op.document, media.schema);
      if (validate(body)) return { route, status: seen.status, ok: true };
      const errors = (validate.errors ?? []).slice(0, 5).map(describeError).join('; ');
      return fail(`the ${seen.status} body of ${route} breaks its schema: ${errors}`);
    },
  };
}

/**
 * The gateway's observer (infra/local/gateway.ts, GatewayOptions.observe) that checks each answer
 * and appends its record to `file`, one JSON line each: appended, so the stacks of several test
 * workers write one recording (the run's setup empties it first).
 */
export function answerRecorder(file: string): (seen: SeenAnswer) => void {
  const checker = answerChecker();
  return (seen) => {
    const record = checker.check(seen);
    if (record) appendFileSync(file, `${JSON.stringify(record)}\n`);
  };
}
