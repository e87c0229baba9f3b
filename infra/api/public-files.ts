import { readFileSync } from 'node:fs';
import { keySetSchema } from '../../shared/contracts/public-files.ts';
import { drawResultSchema } from '../../shared/draw/result.ts';
import { witnessedListSchema } from '../../shared/draw/witnessed-list.ts';
import { jsonSchemaOf } from './json-schema.ts';

/**
 * The passport's and the draws' public files (docs/passport.md, docs/draw.md): static files of the
 * shop's origin (CloudFront from the public bucket, infra/edge/passport-request.js), not under /api.
 * Each path names the origin as its server. Their JSON is described by the zod schemas the shop
 * writes and checks them with; the texts (checkpoints, entry lists) by the documents that define them.
 */
type Json = Record<string, unknown>;
const origin = [{ url: '/', description: 'The shop’s origin (static files, cached at the edge)' }];
const TAG = 'public-files';

const file = (summary: string, description: string, content: Json, parameters: Json[] = []): Json => ({
  servers: origin,
  get: {
    operationId: summary
      .toLowerCase()
      .replace(/[^a-z0-9]+(.)/g, (_, c: string) => c.toUpperCase())
      .replace(/[^a-zA-Z0-9]/g, ''),
    tags: [TAG],
    summary,
    description,
    security: [],
    ...(parameters.length ? { parameters } : {}),
    responses: {
      '200': { description: 'The file.', content },
      '404': { description: 'No such file (yet).' },
    },
  },
});
const json = (schema: string) => ({
  'application/json': { schema: { $ref: `#/components/schemas/${schema}` } },
});
const text = (description: string) => ({ 'text/plain': { schema: { type: 'string', description } } });
const drawId = {
  name: 'drawId',
  in: 'path',
  required: true,
  schema: { type: 'string', pattern: '^d-[A-Za-z0-9_-]{22}$' },
};

const { $schema: _, ...vectors } = JSON.parse(
  readFileSync(new URL('../../docs/passport-vectors.schema.json', import.meta.url), 'utf8'),
) as Json;

export const PUBLIC_FILES = {
  tag: {
    name: TAG,
    description:
      'The passport’s and the release draws’ public files, served from the shop’s origin: anyone checks a piece’s certificate, its history and a draw without trusting the shop (docs/passport.md, docs/draw.md).',
  },
  schemas: {
    PassportKeySet: jsonSchemaOf(keySetSchema, 'output'),
    DrawWitnessedList: jsonSchemaOf(witnessedListSchema, 'output'),
    DrawResult: jsonSchemaOf(drawResultSchema, 'output'),
    PassportTestVectors: vectors,
  },
  paths: {
    '/.well-known/passport-keys.json': file(
      'The passport key set',
      'The keys that sign certificates (ES256), the log’s checkpoint keys (Ed25519) and the witness policy; the same file as /passport/keys.json.',
      json('PassportKeySet'),
    ),
    '/passport/keys.json': file(
      'The passport key set at its path',
      'The same key set as /.well-known/passport-keys.json.',
      json('PassportKeySet'),
    ),
    '/passport/status/list': file(
      'The certificates’ status list',
      'A signed status list (a JWT) of suspended certificates: a lost card suspends its piece’s certificate (docs/passport.md, Status).',
      // As the publisher stores it (functions/passport/status-list-publisher.ts): a credential as a JWT.
      { 'application/vc+jwt': { schema: { type: 'string' } } },
    ),
    '/passport/log/checkpoint': file(
      'The log’s latest checkpoint',
      'A signed note (C2SP tlog-checkpoint) of the log’s size and root hash, cosigned by witnesses.',
      text('a C2SP signed note'),
    ),
    '/passport/log/checkpoints.txt': file(
      'Every checkpoint the log published',
      'The checkpoints, oldest first, one signed note after the other: a monitor checks each grows from the last.',
      text('signed notes separated by blank lines'),
    ),
    '/passport/log/tile/{level}/{index}': file(
      'A tile of the log (C2SP tlog-tiles)',
      'Hashes of the log’s Merkle tree, 256 to a tile (`entries` for the entries themselves); a partial tile ends in `.p/<width>`.',
      { 'application/octet-stream': { schema: { type: 'string', contentEncoding: 'binary' } } },
      [
        {
          name: 'level',
          in: 'path',
          required: true,
          schema: { type: 'string', pattern: '^(entries|[0-9]{1,2})$' },
        },
        {
          name: 'index',
          in: 'path',
          required: true,
          description:
            'The tile index in groups of three digits (`x001/234`), with `.p/<width>` when partial.',
          schema: { type: 'string' },
        },
      ],
    ),
    '/passport/export/vectors.json': file(
      'The passport’s test vectors',
      'Inputs with the verdict every verifier must give, so an independent verifier can prove it agrees with the shop’s.',
      json('PassportTestVectors'),
    ),
    '/passport/draws/{drawId}/entries.txt': file(
      'A draw’s list of entries',
      'Fixed when the entry window closes, one entry per line, before the beacon round that orders it exists (docs/draw.md).',
      text('the entries list (docs/draw.md, The list)'),
      [drawId],
    ),
    '/passport/draws/{drawId}/witnessed.json': file(
      'A draw’s list, witnessed',
      'The list’s hash in the passport log with its inclusion proof and a checkpoint witnessed before the beacon round.',
      json('DrawWitnessedList'),
      [drawId],
    ),
    '/passport/draws/{drawId}/result.json': file(
      'A draw’s result',
      'The beacon round, the seed and the order of the entries: anyone recomputes it from the list and the round.',
      json('DrawResult'),
      [drawId],
    ),
  },
};
