import type * as z from 'zod/v4/core';
import { toJSONSchema } from 'zod/v4/core';

type Json = Record<string, unknown>;

/** A zod schema as the JSON Schema of OpenAPI 3.1 (2020-12): requests as sent, answers as read. */
export function jsonSchemaOf(schema: z.$ZodType, io: 'input' | 'output'): Json {
  const { $schema: _, ...json } = toJSONSchema(schema, { io, unrepresentable: 'throw' }) as Json;
  if (JSON.stringify(json).includes('"$defs"'))
    throw new Error('a contract with a recursive or shared part needs its $defs lifted into components');
  return json;
}
