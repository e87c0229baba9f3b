import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeVectors, vectorsFileText } from './vectors.ts';
import { SCHEMA_FILE, vectorsJsonSchema } from './vectors-schema.ts';

/**
 * vectors.json has a documented shape (docs/passport.md, The export): the JSON Schema the export
 * publishes beside it, docs/passport-vectors.schema.json, checked here by a validator that is not
 * the schema's source (ajv, draft 2020-12).
 */
let file: { algorithm: string; vectors: Record<string, unknown>[] };
let validate: ReturnType<Ajv2020['compile']>;
beforeAll(async () => {
  file = JSON.parse(vectorsFileText(await makeVectors()));
  validate = new Ajv2020({ strict: true, allErrors: true }).compile(
    JSON.parse(readFileSync(SCHEMA_FILE, 'utf8')),
  );
});

const copy = <T>(value: T): T => structuredClone(value);

describe('the JSON Schema of vectors.json', () => {
  it('is the file docs/passport-vectors.schema.json holds (`node test/passport/vectors-schema.ts` writes it)', () => {
    // Compared as JSON: the file is formatted as the repository's other JSON (biome).
    expect(JSON.parse(readFileSync(SCHEMA_FILE, 'utf8'))).toEqual(JSON.parse(vectorsJsonSchema()));
  });

  it('accepts the vectors.json the export writes, every vector of it', () => {
    expect(validate(file), JSON.stringify(validate.errors)).toBe(true);
  });

  it('refuses a vector with a field missing, an unknown type, an unknown field or a verdict without its reason', () => {
    const [vector] = file.vectors;
    const variants: Record<string, unknown>[] = [
      (({ expected: _, ...rest }) => rest)(copy(vector as Record<string, unknown>)),
      { ...copy(vector), type: 'receipt' },
      { ...copy(vector), surprise: 1 },
      { ...copy(vector), expected: { ok: false } },
      { ...copy(vector), keys: { keys: [] } },
    ];
    for (const variant of variants) {
      expect(validate({ ...file, vectors: [variant] }), JSON.stringify(variant).slice(0, 80)).toBe(false);
    }
    expect(validate({ vectors: file.vectors })).toBe(false);
    for (const type of ['fragment', 'certificate', 'history', 'served', 'status', 'consistency']) {
      const one = file.vectors.find((v) => v.type === type) as Record<string, unknown>;
      const required = Object.keys(one).filter((key) => !['voided', 'code'].includes(key));
      for (const key of required) {
        const { [key]: _, ...rest } = one;
        expect(validate({ ...file, vectors: [rest] }), `${type} without ${key}`).toBe(false);
      }
    }
  });
});
