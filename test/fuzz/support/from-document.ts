import fc from 'fast-check';
import { operationsOf, readDocuments } from '../../../infra/api/conformance.ts';

/**
 * What the fuzz knows of each operation comes from the OpenAPI documents (shared/api/), not from a
 * list kept by hand: every operation of both documents is fuzzed, a route added to the route
 * table (and so to the documents, which are generated from it) included. Its requests are drawn
 * from the operation's parameters and request body schemas (support/requests.ts mixes them with
 * real ids by field name and with the hostile variants).
 */
type Json = Record<string, unknown>;

export type Caller = 'public' | 'owner' | 'admin' | 'webhook';

export interface FuzzOperation {
  /** `POST /checkout/hold`. */
  key: string;
  method: string;
  /** The path template: `/orders/{id}`. */
  path: string;
  /** Under /api (the routes) or at the origin (the public files). */
  under: '/api' | '/';
  caller: Caller;
  /** The path parameters in the template's order, with their schemas. */
  pathParams: { name: string; schema: Json }[];
  /** The query parameters as one object schema, when there are any. */
  query?: Json;
  /** The JSON body's schema, when the operation takes one. */
  body?: Json;
}

function callerOf(security: Json[] | undefined): Caller {
  const names = (security ?? []).flatMap((s) => Object.keys(s));
  if (names.includes('adminSession')) return 'admin';
  if (names.includes('ownerSession')) return 'owner';
  if (names.some((n) => n.endsWith('Signature'))) return 'webhook';
  return 'public';
}

/** Every operation of both documents, as the fuzz calls it. */
export function fuzzOperations(documents = readDocuments()): FuzzOperation[] {
  return operationsOf(documents).map((op) => {
    const doc = documents[op.document];
    const resolve = (schema: Json): Json => {
      if (typeof schema.$ref !== 'string') return schema;
      let target: unknown = doc;
      for (const part of schema.$ref.replace(/^#\//, '').split('/')) target = (target as Json)[part];
      return target as Json;
    };
    const params = (op.operation.parameters ?? []) as {
      name: string;
      in: string;
      required?: boolean;
      schema: Json;
    }[];
    const inPath = params.filter((p) => p.in === 'path');
    const inQuery = params.filter((p) => p.in === 'query');
    const names = [...op.template.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string);
    const requestBody = op.operation.requestBody as
      | { content?: Record<string, { schema?: Json }> }
      | undefined;
    const bodySchema = requestBody?.content?.['application/json']?.schema;
    return {
      key: op.key,
      method: op.method,
      path: op.template,
      under: op.under,
      caller: callerOf(op.operation.security as Json[] | undefined),
      pathParams: names.map((name) => ({
        name,
        schema: inPath.find((p) => p.name === name)?.schema ?? { type: 'string' },
      })),
      ...(inQuery.length > 0
        ? {
            query: {
              type: 'object',
              properties: Object.fromEntries(inQuery.map((p) => [p.name, p.schema])),
              required: inQuery.filter((p) => p.required).map((p) => p.name),
            },
          }
        : {}),
      ...(bodySchema ? { body: resolve(bodySchema) } : {}),
    };
  });
}

const MAX_LENGTH = 40;

function stringFrom(s: Json): fc.Arbitrary<string> {
  const minLength = typeof s.minLength === 'number' ? s.minLength : 0;
  const maxLength = typeof s.maxLength === 'number' ? s.maxLength : minLength + MAX_LENGTH;
  switch (s.format) {
    case 'uuid':
      return fc.uuid();
    case 'email':
      return fc.emailAddress().filter((e) => e.length <= maxLength);
    case 'date-time':
      return fc
        .date({ min: new Date('2020-01-01'), max: new Date('2040-01-01'), noInvalidDate: true })
        .map((d) => d.toISOString());
  }
  if (typeof s.pattern === 'string') {
    try {
      return fc.stringMatching(new RegExp(s.pattern));
    } catch {
      // A pattern fast-check cannot draw from: any string of the right length.
    }
  }
  return fc.string({ minLength, maxLength: Math.min(maxLength, minLength + MAX_LENGTH) });
}

function numberFrom(s: Json, integer: boolean): fc.Arbitrary<number> {
  const low =
    typeof s.minimum === 'number'
      ? s.minimum
      : typeof s.exclusiveMinimum === 'number'
        ? s.exclusiveMinimum + (integer ? 1 : Number.EPSILON)
        : -1_000_000;
  const high =
    typeof s.maximum === 'number'
      ? s.maximum
      : typeof s.exclusiveMaximum === 'number'
        ? s.exclusiveMaximum - (integer ? 1 : Number.EPSILON)
        : 1_000_000;
  const min = Math.max(low, -Number.MAX_SAFE_INTEGER);
  const max = Math.min(high, Number.MAX_SAFE_INTEGER);
  return integer
    ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) })
    : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
}

/** A value valid against a JSON Schema (the subset zod's toJSONSchema writes). */
export function fromSchema(schema: Json, depth = 0): fc.Arbitrary<unknown> {
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
  const alternatives = (schema.anyOf ?? schema.oneOf) as Json[] | undefined;
  if (alternatives?.length) return fc.oneof(...alternatives.map((a) => fromSchema(a, depth + 1)));
  const types = Array.isArray(schema.type)
    ? (schema.type as string[])
    : schema.type
      ? [schema.type as string]
      : [];
  if (types.length > 1) return fc.oneof(...types.map((type) => fromSchema({ ...schema, type }, depth)));
  switch (types[0]) {
    case 'string':
      return stringFrom(schema);
    case 'integer':
      return numberFrom(schema, true);
    case 'number':
      return numberFrom(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      if (Array.isArray(schema.prefixItems))
        return fc.tuple(...(schema.prefixItems as Json[]).map((item) => fromSchema(item, depth + 1)));
      const minLength = typeof schema.minItems === 'number' ? schema.minItems : 0;
      const maxLength = Math.min(typeof schema.maxItems === 'number' ? schema.maxItems : 4, minLength + 4);
      return fc.array(fromSchema((schema.items as Json) ?? {}, depth + 1), { minLength, maxLength });
    }
    case 'object':
      return objectFrom(schema, depth);
    default:
      // Anything (z.unknown()): a small JSON value.
      return fc.jsonValue({ maxDepth: depth > 2 ? 0 : 2 });
  }
}

/** A valid object: its required properties and some of the others, each valid. */
export function objectFrom(
  schema: Json,
  depth = 0,
  valueFor: (name: string, schema: Json) => fc.Arbitrary<unknown> = (_, s) => fromSchema(s, depth + 1),
): fc.Arbitrary<Record<string, unknown>> {
  const properties = (schema.properties ?? {}) as Record<string, Json>;
  const names = Object.keys(properties);
  if (names.length === 0) {
    const extra = schema.additionalProperties;
    if (!extra || typeof extra !== 'object') return fc.constant({});
    const keys = schema.propertyNames
      ? fromSchema(schema.propertyNames as Json, depth + 1)
      : fc.string({ maxLength: 8 });
    return fc.dictionary(keys.map(String), fromSchema(extra as Json, depth + 1), { maxKeys: 4 });
  }
  const required = ((schema.required ?? []) as string[]).filter((n) => names.includes(n));
  return fc.record(Object.fromEntries(names.map((n) => [n, valueFor(n, properties[n] as Json)])), {
    requiredKeys: required,
  });
}
