import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type AuthRule, type Route, routes } from '../../functions/routes.ts';
import { ADMIN_REQUEST_HEADER } from '../../shared/admin.ts';
import { refusalsOf } from './answers.ts';
import { jsonSchemaOf } from './json-schema.ts';
import { PUBLIC_FILES } from './public-files.ts';
import { WEBHOOK_EVENTS } from './webhook-events.ts';

/**
 * The shop's API described in OpenAPI 3.1, generated from the route table (functions/routes.ts)
 * and the zod contracts its rows name (shared/contracts/), never written by hand:
 * - `public`: every route anyone, an owner (portal session) or a payment provider (webhook) calls,
 *   the events the shop receives from the providers (`webhooks`), and the public files;
 * - `admin`: the staff's routes, for staff only (served behind an admin session).
 * Each operation's summary and description are its handler's doc comment; its answers are its
 * contract's 200 answer and the refusals its code can give (infra/api/answers.ts).
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const VERSION = (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string })
  .version;

export type Audience = 'public' | 'admin';
type Json = Record<string, unknown>;

/** The capability a handler belongs to (its folder under functions/), as the operation's tag. */
const TAGS: Record<string, string> = {
  catalog: 'Collections, pieces, their pictures, films and prices',
  'size-finder': 'The size finder: its steps and options, and shoppers’ answers',
  checkout: 'Holds, payments (card and PayPal), orders and their fulfilment',
  payments: 'What the browser needs to load a payment provider',
  authenticity: 'The owners’ portal: the steel card, its password, transfers',
  passport: 'The passport: certificates, the public log, proofs for a resale',
  draws: 'Release draws: entries, their links and confirmations',
  members: 'Membership by e-mail, releases and the terms',
  media: 'Uploads of pictures and films (staff)',
  staff: 'Staff sessions, the audit log and the opening checklist',
  'api-docs': 'This description of the API',
};
export const tagOf = (route: Route) => route.handler.split('/')[0] ?? '';

/** `checkout/http/hold` → `checkoutHold`; `checkout/admin/list-orders` → `checkoutAdminListOrders`. */
export const operationIdOf = (route: Route) =>
  route.handler
    .replace('/http/', '/')
    .split(/[/-]/)
    .map((word, i) => (i === 0 ? word : word.charAt(0).toUpperCase() + word.slice(1)))
    .join('');

const pascal = (id: string) => id.charAt(0).toUpperCase() + id.slice(1);

/** The doc comment just above `export const handler` (else the file's last one before it). */
export function handlerComment(route: Route): string | undefined {
  const text = readFileSync(path.join(ROOT, 'functions', `${route.handler}.ts`), 'utf8');
  const at = text.search(/\nexport const handler\b/);
  const before = at < 0 ? text : text.slice(0, at);
  const comments = [...before.matchAll(/\/\*\*([\s\S]*?)\*\//g)];
  const last = comments.at(-1)?.[1];
  if (!last) return undefined;
  // Markdown: lines joined into paragraphs, blank lines and list items kept.
  return last
    .split('\n')
    .map((line) => line.replace(/^\s*\* ?/, ''))
    .join('\n')
    .trim()
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.replace(/\s*\n\s*(?!- )/g, ' '))
    .join('\n\n');
}

/**
 * The summary: the comment's first sentence after its signature (`POST /x { a, b } → { c }:`);
 * `.`, `:` and `—` end a sentence only outside brackets and quotes.
 */
export function summaryOf(comment: string): string {
  const sentences: string[] = [];
  let depth = 0;
  let quoted = false;
  let start = 0;
  for (let i = 0; i < comment.length; i++) {
    const c = comment[i];
    if (c === '"') quoted = !quoted;
    else if (c === '{' || c === '(' || c === '[') depth++;
    else if (c === '}' || c === ')' || c === ']') depth = Math.max(0, depth - 1);
    else if (!depth && !quoted && /[.:—]/.test(c ?? '') && /\s/.test(comment[i + 1] ?? ' ')) {
      sentences.push(comment.slice(start, i).trim());
      start = i + 1;
    }
  }
  sentences.push(comment.slice(start).trim());
  const signature = /^(GET|POST|PATCH|DELETE|PUT)\s+\//;
  const [first = '', second = ''] = sentences.filter(Boolean);
  const sentence = signature.test(first) && second ? second : first;
  const words = sentence.replace(/^["“]|["”]$/g, '');
  const summary = words.charAt(0).toUpperCase() + words.slice(1);
  return summary.length <= 120 ? summary : `${summary.slice(0, 119).replace(/\s+\S*$/, '')}…`;
}

const STATUS_WORDS: Record<number, string> = {
  202: 'Accepted: the same words whatever the outcome (nothing is told about who exists)',
  400: 'The request is not valid: the message names the field, or gives the spec’s words',
  401: 'No valid session: log in first',
  403: 'Refused: a cross-site request, a missing admin request header, or not allowed',
  404: 'Not found',
  406: 'The piece cannot be bought: sold, or held by another shopper',
  409: 'In conflict with the current state (changed meanwhile, already done, or in use)',
  410: 'Gone: the link or the entry has expired',
  415: 'The body is not `application/json`',
  429: 'Too many tries: the message says when to try again',
  500: 'Something went wrong on the shop’s side (logged with the request id)',
  502: 'A payment provider refused or failed the call',
  503: 'Not available right now (a dependency is down or the shop is not open yet); try again later',
};

const quote = (message: string) => `“${message}”`;

function refusalResponses(route: Route): Record<string, Json> {
  const responses: Record<string, Json> = {};
  for (const { status, messages } of refusalsOf(route)) {
    const words = STATUS_WORDS[status];
    if (!words) throw new Error(`${route.method} ${route.path}: no words for the status ${status}`);
    const said = messages.length ? `. Messages include: ${messages.map(quote).join(', ')}` : '';
    responses[String(status)] = {
      description: `${words}${said}.`,
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Message' } } },
    };
  }
  return responses;
}

const SECURITY: Record<AuthRule, Json[]> = {
  public: [],
  owner: [{ ownerSession: [] }],
  admin: [{ adminSession: [] }],
  webhook: [],
};

function parameters(route: Route): Json[] {
  const list: Json[] = [];
  for (const where of ['path', 'query'] as const) {
    const schema = route.contract[where];
    if (!schema) continue;
    const json = jsonSchemaOf(schema, 'input') as { properties?: Record<string, Json>; required?: string[] };
    for (const [name, property] of Object.entries(json.properties ?? {})) {
      const { description, ...rest } = property as Json & { description?: string };
      list.push({
        name,
        in: where,
        required: where === 'path' || (json.required ?? []).includes(name),
        ...(description ? { description } : {}),
        schema: rest,
      });
    }
  }
  // Every admin call that changes something carries the header no cross-site form can send.
  if (route.auth === 'admin' && route.method !== 'GET')
    list.push({
      name: ADMIN_REQUEST_HEADER,
      in: 'header',
      required: true,
      description: 'Always `1`: a cross-site form, link or image cannot send it (else 403).',
      schema: { const: '1' },
    });
  return list;
}

function operation(route: Route, schemas: Record<string, Json>): Json {
  const id = operationIdOf(route);
  const comment = handlerComment(route);
  const answer = `${pascal(id)}Answer`;
  const other = route.contract.answerType;
  if (!other) schemas[answer] = jsonSchemaOf(route.contract.response, 'output');
  // A DELETE's input may come as its body or its query (contract.ts): described as the body.
  const body = route.contract.body ?? route.contract.bodyOrQuery;
  if (body) schemas[`${pascal(id)}Body`] = jsonSchemaOf(body, 'input');
  const params = parameters(route);
  return {
    operationId: id,
    tags: [tagOf(route)],
    ...(comment ? { summary: summaryOf(comment), description: comment } : {}),
    security:
      route.auth === 'webhook' ? [{ [`${route.path.split('/').pop()}Signature`]: [] }] : SECURITY[route.auth],
    ...(params.length ? { parameters: params } : {}),
    ...(body
      ? {
          requestBody: {
            required: true,
            ...(route.contract.bodyOrQuery
              ? { description: 'The same fields may come as the query string instead (the body wins).' }
              : {}),
            content: { 'application/json': { schema: { $ref: `#/components/schemas/${pascal(id)}Body` } } },
          },
        }
      : {}),
    responses: {
      '200': {
        description: route.contract.cache
          ? `The answer; the edge may keep it (cache class \`${route.contract.cache}\`).`
          : 'The answer.',
        content: other
          ? { [other]: { schema: { type: 'string' } } }
          : { 'application/json': { schema: { $ref: `#/components/schemas/${answer}` } } },
      },
      ...refusalResponses(route),
    },
  };
}

const SECURITY_SCHEMES: Record<Audience, Record<string, Json>> = {
  public: {
    ownerSession: {
      type: 'apiKey',
      in: 'cookie',
      name: '__Host-owner',
      description: 'The owner’s portal session, set by POST /authenticationcard (card number and password).',
    },
    stripeSignature: {
      type: 'apiKey',
      in: 'header',
      name: 'Stripe-Signature',
      description:
        'Stripe’s signature of the raw body with the endpoint’s secret; its time within 5 minutes.',
    },
    paypalSignature: {
      type: 'apiKey',
      in: 'header',
      name: 'PAYPAL-TRANSMISSION-SIG',
      description: 'PayPal’s transmission signature, verified with PayPal (with its other PAYPAL-* headers).',
    },
  },
  admin: {
    adminSession: {
      type: 'apiKey',
      in: 'cookie',
      name: '__Host-admin',
      description: 'A staff session, set by POST /admin (user name and password); checked on the server.',
    },
  },
};

const DESCRIPTION: Record<Audience, string> = {
  public:
    'The one-of-one boutique’s API: the storefront, checkout, the owners’ portal, the passport and release draws. Every refusal is JSON `{ "message": … }` with a 4xx status; a fault is a 5xx with the same shape and no detail. Generated from the shop’s zod contracts and route table; the public files (passport keys, log, draws) are served from the shop’s origin, not under /api.',
  admin:
    'The staff’s API of the one-of-one boutique: catalogue, orders, members, releases, draws, authenticity. Every call needs a staff session (cookie `__Host-admin`); every call that changes something also the header `x-boutique-admin: 1`. Generated from the shop’s zod contracts and route table.',
};

/** The document for one audience: its routes, and for the public one the webhooks and public files. */
export function apiDocument(audience: Audience): Json {
  const rows = routes.filter(
    (route) => !route.pending && (route.auth === 'admin') === (audience === 'admin'),
  );
  const schemas: Record<string, Json> = {
    Message: {
      type: 'object',
      description:
        'A refusal or a notice: its words, shown to the person as they are. Some carry more (a sold piece’s `status`, a paid order’s `checkoutCode`).',
      properties: { message: { type: 'string' } },
      required: ['message'],
    },
  };
  const paths: Record<string, Record<string, Json>> = {};
  for (const route of rows) {
    const item = paths[route.path] ?? {};
    item[route.method.toLowerCase()] = operation(route, schemas);
    paths[route.path] = item;
  }
  const usedTags = [...new Set(rows.map(tagOf))].sort();
  const document: Json = {
    openapi: '3.1.0',
    info: {
      title: audience === 'admin' ? 'One-of-one boutique: staff API' : 'One-of-one boutique API',
      version: VERSION,
      description: DESCRIPTION[audience],
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    servers: [{ url: '/api', description: 'The shop’s origin' }],
    tags: usedTags.map((name) => {
      const description = TAGS[name];
      if (!description) throw new Error(`no description for the tag ${name}: add it to TAGS`);
      return { name, description };
    }),
    paths,
    components: { schemas, securitySchemes: SECURITY_SCHEMES[audience] },
  };
  if (audience === 'public') {
    Object.assign(paths, PUBLIC_FILES.paths);
    (document.tags as Json[]).push(PUBLIC_FILES.tag);
    Object.assign(schemas, PUBLIC_FILES.schemas);
    document.webhooks = WEBHOOK_EVENTS.webhooks;
    Object.assign(schemas, WEBHOOK_EVENTS.schemas);
  }
  return document;
}
