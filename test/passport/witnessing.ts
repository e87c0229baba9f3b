import { generateKeyPairSync, type KeyObject, sign } from 'node:crypto';
import { concatBytes, toBase64 } from '#shared/passport/bytes.ts';
import { type Checkpoint, signLogCheckpoint, withSignatureLines } from '#shared/passport/checkpoint.ts';
import { cosignedMessage, timestampedSignature } from '#shared/passport/cosignature.ts';
import {
  COSIGNATURE_ED25519,
  ed25519FromSpki,
  NOTE_ED25519,
  noteKeyId,
  vkeyOf,
} from '#shared/passport/note-keys.ts';

/** The log's Ed25519 key and witnesses for the tests (docs/passport.md, Keys and Witnesses). */
export interface Ed25519TestKey {
  privateKey: KeyObject;
  publicKey: Uint8Array;
}

export function makeEd25519Key(): Ed25519TestKey {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  return {
    privateKey,
    publicKey: ed25519FromSpki(
      new Uint8Array(publicKey.export({ type: 'spki', format: 'der' })),
    ) as Uint8Array,
  };
}

export const logVkey = (origin: string, key: Ed25519TestKey) => vkeyOf(origin, NOTE_ED25519, key.publicKey);

export const signWithLog = (checkpoint: Checkpoint, key: Ed25519TestKey) =>
  signLogCheckpoint(
    checkpoint,
    key.publicKey,
    async (data) => new Uint8Array(sign(null, data, key.privateKey)),
  );

export interface TestWitness extends Ed25519TestKey {
  name: string;
  vkey: string;
}

export async function makeWitness(name: string): Promise<TestWitness> {
  const key = makeEd25519Key();
  return { ...key, name, vkey: await vkeyOf(name, COSIGNATURE_ED25519, key.publicKey) };
}

/** A witness's cosignature line of a note's body, at `time` (POSIX seconds). */
export async function cosignatureLine(witness: TestWitness, note: string, time: number): Promise<string> {
  const body = note.slice(0, note.indexOf('\n\n') + 1);
  const signature = new Uint8Array(sign(null, cosignedMessage(body, time), witness.privateKey));
  const keyId = await noteKeyId(witness.name, COSIGNATURE_ED25519, witness.publicKey);
  return `\u2014 ${witness.name} ${toBase64(concatBytes(keyId, timestampedSignature(time, signature)))}`;
}

export async function cosign(note: string, witnesses: TestWitness[], time = 1_790_000_000): Promise<string> {
  const lines = [];
  for (const witness of witnesses) lines.push(await cosignatureLine(witness, note, time));
  return withSignatureLines(note, lines);
}

/** A policy of these witnesses, `k` of them needed. */
export const policyOf = (witnesses: TestWitness[], k: number) =>
  `${witnesses.map((w, i) => `witness w${i + 1} ${w.vkey}\n`).join('')}group all-of-them ${k} ${witnesses.map((_, i) => `w${i + 1}`).join(' ')}\nquorum all-of-them\n`;
