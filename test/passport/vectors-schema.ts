import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as z from '#shared/zod.ts';

/**
 * The shape of the export's `vectors.json` (docs/passport.md, The export), written once, here: the
 * vectors' TypeScript type is inferred from it, and the JSON Schema (draft 2020-12) that the export
 * publishes, docs/passport-vectors.schema.json, is generated from it
 * (`node test/passport/vectors-schema.ts`, then `npx biome format --write` it; a test fails when the
 * file is not, as JSON, what this makes).
 */
const described = <T extends z.ZodMiniType>(schema: T, description: string) =>
  schema.check(z.meta({ description }));

const text = z.string().check(z.minLength(1));

const keySet = described(
  z.strictObject({
    issuer: described(text, 'the shop’s origin, https://<host>'),
    keys: z.array(
      z.strictObject({
        kid: described(z.string().check(z.regex(/^[A-Za-z0-9_-]{11}$/)), 'the key’s id (Keys)'),
        jwk: z.strictObject({
          kty: z.literal('EC'),
          crv: z.literal('P-256'),
          x: z.string(),
          y: z.string(),
        }),
        from: described(z.string(), 'ISO date from which the key signs'),
        until: z.optional(described(z.string(), 'ISO date it stopped signing, once rotated')),
      }),
    ),
    logKeys: z.optional(
      z.array(
        z.strictObject({
          vkey: described(
            z.string(),
            'a signed-note verifier key <origin>+<hex key id>+<base64(0x01 ‖ key)>',
          ),
          from: z.string(),
        }),
      ),
    ),
    witnessPolicy: z.optional(described(z.string(), 'a C2SP tlog-policy text (Witnesses)')),
  }),
  'the key set the verifier is given, as /.well-known/passport-keys.json (Keys)',
);

const expected = described(
  z.discriminatedUnion('ok', [
    z.looseObject({ ok: z.literal(true) }),
    z.strictObject({ ok: z.literal(false), reason: described(text, 'the verdict’s name') }),
  ]),
  'the verdict a conforming verifier gives: ok with the fields it carries (a verifier answers at least these, equal), or the refusal’s reason',
);

const items = described(
  z.array(z.strictObject({ entry: text, proof: text })),
  'log entries (their exact text) in the order served, each with its tlog-proof',
);

const mapProof = described(
  z.nullable(
    z.strictObject({
      entry: described(text, 'the map entry’s text: the checkpoint’s last entry'),
      proof: described(text, 'its tlog-proof against the same checkpoint'),
      leaves: z.array(
        z.strictObject({
          index: z.int().check(z.gte(0)),
          text: z.string(),
          proof: z.array(z.string()),
        }),
      ),
    }),
  ),
  'the map proof served with the history (Completeness); null when none was',
);

const common = { name: described(text, 'unique among the vectors'), keys: keySet, expected };

export const vectorSchema = z.discriminatedUnion('type', [
  described(
    z.strictObject({
      ...common,
      type: z.literal('fragment'),
      fragment: described(
        z.string(),
        'the text after /verify#, or the whole /verify#… address: a code or a resale proof',
      ),
      now: described(z.string(), 'the time of the check, ISO 8601 (a proof’s expiry)'),
      voided: z.optional(described(z.boolean(), 'the proof’s status says it was voided (online)')),
    }),
    'a code or a resale proof (The code; Resale proofs)',
  ),
  described(
    z.strictObject({
      ...common,
      type: z.literal('certificate'),
      certificate: described(z.string(), 'a compact JWS'),
      code: z.optional(described(z.string(), 'the code it is checked against')),
    }),
    'a certificate, alone or against a code (The certificate)',
  ),
  described(
    z.strictObject({
      ...common,
      type: z.literal('history'),
      pieceId: described(z.string(), 'the piece the history is asked for'),
      items,
      checkpoint: described(z.string(), 'the latest checkpoint, a signed note'),
      map: mapProof,
    }),
    'a piece’s history against a checkpoint (The log; Completeness; Witnesses)',
  ),
  described(
    z.strictObject({
      ...common,
      type: z.literal('served'),
      certificate: z.string(),
      code: z.string(),
      pieceId: z.string(),
      items,
      checkpoint: z.string(),
      map: mapProof,
    }),
    'the certificate served for a code, judged with the piece’s history (the re-issue rule)',
  ),
  described(
    z.strictObject({
      ...common,
      type: z.literal('status'),
      certificate: described(z.string(), 'a certificate naming its bit (credentialStatus)'),
      list: described(z.string(), 'the status list credential it names, a compact JWS'),
    }),
    'a certificate’s bit in the status list (Lost or stolen)',
  ),
  described(
    z.strictObject({
      ...common,
      type: z.literal('consistency'),
      kept: described(z.string(), 'the checkpoint the verifier kept'),
      latest: described(z.string(), 'a newer checkpoint'),
      proof: described(z.array(z.string()), 'the consistency proof, base64 hashes'),
    }),
    'two checkpoints and a consistency proof between them (The log)',
  ),
]);

export const vectorsFileSchema = described(
  z.strictObject({
    algorithm: described(text, 'the document the verdicts follow: docs/passport.md'),
    vectors: z.array(vectorSchema),
  }),
  'The passport’s test vectors (docs/passport.md, The export): a conforming verifier gives each vector its expected verdict.',
);

export type Vector = z.infer<typeof vectorSchema>;
export type Expected = z.infer<typeof expected>;

export const SCHEMA_FILE = fileURLToPath(new URL('../../docs/passport-vectors.schema.json', import.meta.url));

/** The JSON Schema text of vectors.json, as docs/passport-vectors.schema.json holds it. */
export function vectorsJsonSchema(): string {
  return `${JSON.stringify(
    {
      ...z.toJSONSchema(vectorsFileSchema),
      title: 'vectors.json',
    },
    null,
    2,
  )}\n`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(SCHEMA_FILE, vectorsJsonSchema());
  console.log(`written ${SCHEMA_FILE}`);
}
