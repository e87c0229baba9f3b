import { createHash, randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { entriesList } from './entries-list.ts';
import { drawOrder, drawSeed } from './order.ts';
import { checkResult, type DrawResult, drawResult, placeOf } from './result.ts';

const sha = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hex32 = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((b) => Buffer.from(b).toString('hex'));
const CHAIN = sha('chain');
const header = { drawId: 'd-AAECAwQFBgcICQoLDA0ODw', piece: 'p-7', closed: '2026-11-27T18:00:00.000Z' };
const listOf = (commitments: string[], round = 99) =>
  entriesList({ ...header, beacon: { chainHash: CHAIN, round }, commitments });
const roundWith = (signature: string, round = 99) => ({
  round,
  signature,
  randomness: sha(Buffer.from(signature, 'hex')),
});
const SIGNATURE = randomBytes(48).toString('hex');

describe('the result of a draw', () => {
  it('is result.json: the list hash, the beacon round, the seed and the order, in that order of keys', async () => {
    const commitments = [sha('a'), sha('b'), sha('c')];
    const text = listOf(commitments);
    const round = roundWith(SIGNATURE);
    const result = await drawResult(text, round);
    const seed = await drawSeed(sha(text), round.randomness);
    expect(JSON.stringify(result)).toBe(
      JSON.stringify({
        format: 'oneofone-draw/v1',
        drawId: header.drawId,
        piece: 'p-7',
        listHash: sha(text),
        beacon: { chainHash: CHAIN, round: 99, randomness: round.randomness, signature: SIGNATURE },
        seed,
        order: await drawOrder(seed, [...commitments].sort()),
      }),
    );
  });

  it('of an empty list has an empty order: no winner', async () => {
    const result = await drawResult(listOf([]), roundWith(SIGNATURE));
    expect(result.order).toEqual([]);
    expect(await checkResult(listOf([]), result)).toMatchObject({ ok: true });
  });

  it('is never made of a round the list did not name, of randomness that is not its signature’s hash, or of a text that is not a list', async () => {
    await expect(drawResult(listOf([sha('a')]), roundWith(SIGNATURE, 100))).rejects.toThrow(
      /round 99, not 100/,
    );
    await expect(
      drawResult(listOf([sha('a')]), { ...roundWith(SIGNATURE), randomness: sha('mine') }),
    ).rejects.toThrow(/SHA-256 of its signature/);
    await expect(drawResult(`${listOf([sha('a')])}\n`, roundWith(SIGNATURE))).rejects.toThrow(/not one/);
  });

  it('checks against its list, for any list and any randomness', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(hex32, { maxLength: 50 }),
        fc.uint8Array({ minLength: 48, maxLength: 48 }),
        async (cs, sig) => {
          const text = listOf(cs);
          const result = await drawResult(text, roundWith(Buffer.from(sig).toString('hex')));
          expect(await checkResult(text, result)).toEqual({ ok: true, result });
          expect(await checkResult(text, JSON.parse(JSON.stringify(result)))).toEqual({ ok: true, result });
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('checking a result', () => {
  const commitments = Array.from({ length: 12 }, (_, i) => sha(`entry ${i}`)).sort();
  const text = listOf(commitments);
  const made = drawResult(text, roundWith(SIGNATURE));
  const check = async (change: (r: DrawResult) => unknown, list = text) => {
    const result = structuredClone(await made);
    return checkResult(list, change(result) ?? result);
  };
  const reason = async (change: (r: DrawResult) => unknown, list = text) => {
    const verdict = await check(change, list);
    return verdict.ok ? 'ok' : verdict.reason;
  };

  it('says the list was altered when one commitment was changed, added or removed after the draw', async () => {
    const altered = [
      listOf([...commitments.slice(1), sha('another')]),
      listOf([...commitments, sha('one more')]),
      listOf(commitments.slice(0, -1)),
    ];
    for (const list of altered) {
      const verdict = await check(() => undefined, list);
      expect(verdict).toEqual({
        ok: false,
        reason: 'list-altered',
        message: "the list's hash is not the one the result was drawn from: the list was altered",
      });
    }
  });

  it('says the list was altered when it was reordered or had any byte changed', async () => {
    const lines = text.split('\n');
    [lines[6], lines[7]] = [lines[7] as string, lines[6] as string];
    expect(await reason(() => undefined, lines.join('\n'))).toBe('list-altered');
    await fc.assert(
      fc.asyncProperty(fc.nat(text.length - 1), fc.integer({ min: 0, max: 127 }), async (at, code) => {
        const changed = text.slice(0, at) + String.fromCharCode(code) + text.slice(at + 1);
        fc.pre(changed !== text);
        expect(await reason(() => undefined, changed)).toBe('list-altered');
      }),
      { numRuns: 300 },
    );
  });

  it('refuses a result drawn from a text that is not a list', async () => {
    const lines = text.split('\n');
    [lines[6], lines[7]] = [lines[7] as string, lines[6] as string];
    const unsorted = lines.join('\n');
    expect(await reason((r) => ({ ...r, listHash: sha(unsorted) }), unsorted)).toBe('list-malformed');
  });

  it('says which part of the result does not follow', async () => {
    const other = sha('other');
    expect(await reason(() => undefined)).toBe('ok');
    expect(await reason((r) => ({ ...r, extra: 1 }))).toBe('result-malformed');
    expect(await reason((r) => ({ ...r, beacon: { ...r.beacon, round: '99' } }))).toBe('result-malformed');
    expect(await reason((r) => ({ ...r, format: 'oneofone-draw/v2' }))).toBe('result-malformed');
    expect(await reason((r) => ({ ...r, drawId: 'd-AAECAwQFBgcICQoLDA0OEA' }))).toBe('draw-mismatch');
    expect(await reason((r) => ({ ...r, piece: 'p-8' }))).toBe('draw-mismatch');
    expect(await reason((r) => ({ ...r, beacon: { ...r.beacon, round: 100 } }))).toBe('beacon-mismatch');
    expect(await reason((r) => ({ ...r, beacon: { ...r.beacon, chainHash: other } }))).toBe(
      'beacon-mismatch',
    );
    expect(await reason((r) => ({ ...r, listHash: other }))).toBe('list-altered');
    expect(await reason((r) => ({ ...r, beacon: { ...r.beacon, randomness: other } }))).toBe(
      'randomness-not-signature-hash',
    );
    // Another signature with its own hash: the seed no longer follows (drand's key tells the signature is not the round's).
    const forged = randomBytes(48).toString('hex');
    expect(await reason((r) => ({ ...r, beacon: { ...r.beacon, ...roundWith(forged) } }))).toBe(
      'seed-differs',
    );
    expect(await reason((r) => ({ ...r, seed: other }))).toBe('seed-differs');
    expect(await reason((r) => ({ ...r, order: [...r.order.slice(1), r.order[0]] }))).toBe('order-differs');
    expect(await reason((r) => ({ ...r, order: r.order.slice(1) }))).toBe('order-differs');
    expect(await reason((r) => ({ ...r, order: [...r.order].sort() }))).toBe('order-differs');
  });
});

describe('a place in the order', () => {
  it('is the win, a reserve number or none', () => {
    const order = [sha('a'), sha('b'), sha('c')];
    expect(placeOf(order, sha('a'))).toEqual({ in: true, won: true });
    expect(placeOf(order, sha('c'))).toEqual({ in: true, won: false, reserve: 2 });
    expect(placeOf(order, sha('d'))).toEqual({ in: false });
  });
});
