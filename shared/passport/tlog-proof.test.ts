import { describe, expect, it } from 'vitest';
import { parseTlogProof, tlogProofText } from './tlog-proof.ts';

const CHECKPOINT =
  'shop.example/passport/log\n5\nAAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=\n\n\u2014 shop.example/passport/log AAAAAA==\n';
const hash = (byte: number) => new Uint8Array(32).fill(byte);

describe('the entry proof: a C2SP tlog-proof', () => {
  it('writes the header, the index, the hashes in base64, an empty line and the checkpoint verbatim', () => {
    const text = tlogProofText({ index: 3, proof: [hash(1), hash(2)], checkpoint: CHECKPOINT });
    expect(text).toBe(
      `c2sp.org/tlog-proof@v1\nindex 3\n${Buffer.from(hash(1)).toString('base64')}\n${Buffer.from(hash(2)).toString('base64')}\n\n${CHECKPOINT}`,
    );
    expect(parseTlogProof(text)).toEqual({ index: 3, proof: [hash(1), hash(2)], checkpoint: CHECKPOINT });
  });

  it('carries the optional extra line and an empty proof', () => {
    const text = tlogProofText({
      index: 0,
      proof: [],
      checkpoint: CHECKPOINT,
      extra: Uint8Array.of(1, 2, 3),
    });
    expect(text).toBe(`c2sp.org/tlog-proof@v1\nextra AQID\nindex 0\n\n${CHECKPOINT}`);
    expect(parseTlogProof(text)).toEqual({
      index: 0,
      proof: [],
      checkpoint: CHECKPOINT,
      extra: Uint8Array.of(1, 2, 3),
    });
  });

  it('refuses another header, a padded index, a short hash, a missing checkpoint', () => {
    const good = tlogProofText({ index: 3, proof: [hash(1)], checkpoint: CHECKPOINT });
    for (const bad of [
      good.replace('@v1', '@v2'),
      good.replace('index 3', 'index 03'),
      good.replace('index 3', 'index -3'),
      good.replace(Buffer.from(hash(1)).toString('base64'), 'AAAA'),
      good.slice(0, good.indexOf('\n\n') + 2),
    ]) {
      expect(parseTlogProof(bad)).toBeUndefined();
    }
  });
});
