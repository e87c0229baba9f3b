import { createHash, createPublicKey, verify } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ISSUER, keySet, makeTestKey } from '../../test/passport/signing.ts';
import {
  checkpointBody,
  logOrigin,
  parseCheckpoint,
  signCheckpoint,
  verifyCheckpoint,
} from './checkpoint.ts';

const ORIGIN = 'shop.example/passport/log';
const ROOT = Uint8Array.from({ length: 32 }, (_, i) => i);

describe('the checkpoint: a C2SP tlog-checkpoint signed note, signature type 0x02', () => {
  it('names the log after the shop: <host>/passport/log', () => {
    expect(logOrigin(ISSUER)).toBe(ORIGIN);
  });

  it('writes origin, size and base64 root, one a line', () => {
    expect(checkpointBody({ origin: ORIGIN, size: 3, root: ROOT })).toBe(
      `${ORIGIN}\n3\n${Buffer.from(ROOT).toString('base64')}\n`,
    );
  });

  it('signs it with keyhash4 = SHA-256(SPKI)[:4] and a DER signature node:crypto verifies', async () => {
    const signer = await makeTestKey();
    const note = await signCheckpoint({ origin: ORIGIN, size: 3, root: ROOT }, signer.spki, signer.sign);
    const body = checkpointBody({ origin: ORIGIN, size: 3, root: ROOT });
    const [text, line] = note.split('\n\n');
    expect(`${text}\n`).toBe(body);
    const match = /^\u2014 (\S+) (\S+)\n$/.exec(line as string);
    expect(match?.[1]).toBe(ORIGIN);
    const bytes = Buffer.from(match?.[2] as string, 'base64');
    expect(bytes.subarray(0, 4)).toEqual(createHash('sha256').update(signer.spki).digest().subarray(0, 4));
    const publicKey = createPublicKey({ key: Buffer.from(signer.spki), format: 'der', type: 'spki' });
    expect(
      verify('sha256', Buffer.from(body), { key: publicKey, dsaEncoding: 'der' }, bytes.subarray(4)),
    ).toBe(true);
    expect(parseCheckpoint(note)).toMatchObject({ origin: ORIGIN, size: 3, root: ROOT, body });
  });

  it('verifies with a listed key, refuses a changed size, another key, another origin, a bad note', async () => {
    const signer = await makeTestKey();
    const stranger = await makeTestKey();
    const keys = keySet(signer);
    const note = await signCheckpoint({ origin: ORIGIN, size: 3, root: ROOT }, signer.spki, signer.sign);
    expect(await verifyCheckpoint(note, keys)).toMatchObject({ ok: true, checkpoint: { size: 3 } });
    expect(await verifyCheckpoint(note.replace('\n3\n', '\n4\n'), keys)).toEqual({
      ok: false,
      reason: 'signature-invalid',
    });
    expect(await verifyCheckpoint(note, keySet(stranger))).toEqual({ ok: false, reason: 'unknown-key' });
    const elsewhere = await signCheckpoint(
      { origin: 'other.example/log', size: 3, root: ROOT },
      signer.spki,
      signer.sign,
    );
    expect(await verifyCheckpoint(elsewhere, keys)).toEqual({ ok: false, reason: 'checkpoint-wrong-origin' });
    expect(await verifyCheckpoint('not a note', keys)).toEqual({ ok: false, reason: 'checkpoint-invalid' });
    expect(await verifyCheckpoint(note.replace('\n3\n', '\n03\n'), keys)).toEqual({
      ok: false,
      reason: 'checkpoint-invalid',
    });
  });

  it("ignores a signature line of a key it does not know, as signed-note says, but not a listed key's bad one", async () => {
    const signer = await makeTestKey();
    const witness = await makeTestKey();
    const note = await signCheckpoint({ origin: ORIGIN, size: 3, root: ROOT }, signer.spki, signer.sign);
    const cosigned = await signCheckpoint(
      { origin: ORIGIN, size: 3, root: ROOT },
      witness.spki,
      witness.sign,
    );
    const twoLines = `${note}${cosigned.split('\n\n')[1]}`;
    expect(await verifyCheckpoint(twoLines, keySet(signer))).toMatchObject({ ok: true });
    const forged = `${note}${cosigned.split('\n\n')[1]}`.replace(/\u2014 \S+ (\S+)\n$/, (line, sig) =>
      line.replace(
        sig,
        Buffer.concat([Buffer.from(sig, 'base64').subarray(0, 4), Buffer.alloc(70, 1)]).toString('base64'),
      ),
    );
    expect(await verifyCheckpoint(forged, keySet(signer, witness))).toEqual({
      ok: false,
      reason: 'signature-invalid',
    });
  });
});
