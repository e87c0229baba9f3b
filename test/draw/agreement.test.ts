import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commitment } from '../../shared/draw/commitment.ts';
import { entriesList } from '../../shared/draw/entries-list.ts';
import { checkResult, type DrawResult, drawResult } from '../../shared/draw/result.ts';
import { checkWitnessedList, type WitnessedList } from '../../shared/draw/witnessed-list.ts';
import { inBatches, runScript, writeDraw } from './draws.ts';
import {
  check,
  checkWitnessedDraw,
  commitmentOf,
  readList,
  readWitnessed,
  recompute,
  writeList,
} from './independent-draw.ts';
import {
  edgeCases,
  makeWitnessing,
  validDraws,
  violations,
  type WitnessedDraw,
  type Witnessing,
  witnessedDraw,
  witnessedTwiceDraw,
  witnessList,
} from './witnessed-fixtures.ts';

/**
 * Three implementations of docs/draw.md agree on every draw: the shop's core (shared/draw), the
 * independent one of the tests (test/draw/independent-draw.ts) and, on a sample, the script an
 * entrant downloads, run as a child process.
 */
const bytesOf = (n: number) => fc.uint8Array({ minLength: n, maxLength: n });
const toHex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');
const drawArb = fc.record({
  drawId: bytesOf(16).map((b) => `d-${Buffer.from(b).toString('base64url')}`),
  piece: fc.stringMatching(/^[A-Za-z0-9_-]{1,64}$/),
  closed: fc
    .date({
      min: new Date('2000-01-01T00:00:00.000Z'),
      max: new Date('2999-12-31T23:59:59.999Z'),
      noInvalidDate: true,
    })
    .map((d) => d.toISOString()),
  chainHash: bytesOf(32).map(toHex),
  round: fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }),
  salts: fc.integer({ min: 0, max: 300 }).chain((n) =>
    fc.array(
      bytesOf(32).map((b) => Buffer.from(b).toString('base64url')),
      { minLength: n, maxLength: n },
    ),
  ),
  signature: fc.uint8Array({ minLength: 1, maxLength: 96 }).map(toHex),
});

let root: string;
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'agreement-'));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('the shop, the independent implementation and the script', () => {
  it('give the same list hash, seed and order on 500 random draws of 0 to 300 entries', async () => {
    const forTheScript: { entriesText: string; result: DrawResult; witnessed: WitnessedList }[] = [];
    const witnessing = await makeWitnessing();
    let draws = 0;
    await fc.assert(
      fc.asyncProperty(drawArb, async (draw) => {
        draws++;
        const commitments = await Promise.all(draw.salts.map((salt) => commitment(draw.drawId, salt)));
        expect(draw.salts.map((salt) => commitmentOf(draw.drawId, salt))).toEqual(commitments);
        const header = { drawId: draw.drawId, piece: draw.piece, closed: draw.closed };
        const entriesText = entriesList({
          ...header,
          beacon: { chainHash: draw.chainHash, round: draw.round },
          commitments,
        });
        expect(writeList({ ...header, chainHash: draw.chainHash, round: draw.round, commitments })).toBe(
          entriesText,
        );
        const bytes = Buffer.from(entriesText, 'utf8');
        expect(readList(bytes)).toMatchObject({
          ...header,
          round: draw.round,
          commitments: [...commitments].sort(),
        });

        const randomness = toHex(await sha256(Buffer.from(draw.signature, 'hex')));
        const result = await drawResult(entriesText, {
          round: draw.round,
          randomness,
          signature: draw.signature,
        });
        const independent = recompute(bytes, randomness);
        expect(independent).toEqual({ listHash: result.listHash, seed: result.seed, order: result.order });
        expect(check(bytes, result)).toBe('ok');
        expect(await checkResult(entriesText, result)).toMatchObject({ ok: true });
        if (draws % 16 === 1 && forTheScript.length < 30) {
          // Witnessed a second after the close: before its round, which is at least 10 s after.
          const at = Math.floor(Date.parse(draw.closed) / 1000) + 1;
          const witnessed = await witnessList(entriesText, witnessing, { times: [at, at] });
          forTheScript.push({ entriesText, result, witnessed });
        }
      }),
      { numRuns: 500 },
    );
    expect(draws).toBe(500);
    expect(forTheScript).toHaveLength(30);
    const runs = await inBatches(forTheScript, 3, ({ entriesText, result, witnessed }) => {
      const files = writeDraw(root, entriesText, result, witnessed, witnessing.keys);
      return runScript([files.entries, files.result, '--keys', files.keys]);
    });
    for (const [i, run] of runs.entries()) {
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      expect(run.stdout).toContain(`list hash: ${forTheScript[i]?.result.listHash}, the one`);
      expect(run.stdout).toContain(`seed: ${forTheScript[i]?.result.seed}\n`);
    }
  }, 300_000);

  it('all refuse the same altered lists and results', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(bytesOf(32).map(toHex), { minLength: 2, maxLength: 30 }),
        bytesOf(48).map(toHex),
        fc.nat(),
        fc.constantFrom('list byte', 'order', 'randomness', 'seed'),
        async (commitments, signature, at, what) => {
          const entriesText = entriesList({
            drawId: 'd-AAECAwQFBgcICQoLDA0ODw',
            piece: 'p-1',
            closed: '2026-11-27T18:00:00.000Z',
            beacon: { chainHash: 'ab'.repeat(32), round: 9 },
            commitments,
          });
          const randomness = toHex(await sha256(Buffer.from(signature, 'hex')));
          const result = await drawResult(entriesText, { round: 9, randomness, signature });
          fc.pre(new Set(result.order).size > 1);
          let text = entriesText;
          const changed = structuredClone(result);
          if (what === 'list byte') {
            const i = at % text.length;
            text = text.slice(0, i) + (text[i] === '0' ? '1' : '0') + text.slice(i + 1);
          }
          if (what === 'order') changed.order = [...result.order.slice(1), result.order[0] as string];
          if (what === 'randomness') changed.beacon.randomness = toHex(await sha256(Buffer.from(randomness)));
          if (what === 'seed') changed.seed = randomness;
          expect((await checkResult(text, changed)).ok).toBe(false);
          expect(check(Buffer.from(text), changed)).not.toBe('ok');
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('the shop and the independent implementation, on witnessed.json and the round drawn', () => {
  let two: Witnessing;
  let stranger: Witnessing;
  beforeAll(async () => {
    two = await makeWitnessing();
    stranger = await makeWitnessing();
  });

  /** The shop's verdict: its witnessing checker, then checkResult with the round it says. */
  const shop = async (draw: WitnessedDraw) => {
    const witnessed = await checkWitnessedList({
      listText: draw.entriesText,
      witnessed: draw.witnessed,
      keys: draw.keys,
      chain: draw.chain,
    });
    if (!witnessed.ok) return { verdict: witnessed.reason };
    const result = await checkResult(draw.entriesText, draw.result, witnessed.roundDrawn);
    return { verdict: result.ok ? 'ok' : result.reason, witnessed };
  };
  const independent = (draw: WitnessedDraw) =>
    checkWitnessedDraw(Buffer.from(draw.entriesText), draw.result, draw.witnessed, draw.keys, draw.chain);

  it('agree on 150 random draws: 1 to 4 witnesses, k of them, cosigning around the round or not at all', async () => {
    const seen = new Set<string>();
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 4 }).chain((n) =>
          fc.record({
            n: fc.constant(n),
            k: fc.integer({ min: 1, max: n }),
            at: fc.array(fc.option(fc.integer({ min: -40, max: 40 }), { freq: 4 }), {
              minLength: n,
              maxLength: n,
            }),
          }),
        ),
        fc
          .integer({ min: 0, max: 30 })
          .chain((seq) =>
            fc.record({ seq: fc.constant(seq), size: fc.integer({ min: seq + 1, max: seq + 30 }) }),
          ),
        fc.date({
          min: new Date('2026-01-01T00:00:00.000Z'),
          max: new Date('2036-01-01T00:00:00.000Z'),
          noInvalidDate: true,
        }),
        fc.constantFrom('rule', 'rule', 'list', 'next', 'before'),
        async ({ n, k, at }, { seq, size }, closed, round) => {
          const witnessing = await makeWitnessing(n, k);
          const draw = await witnessedDraw({
            witnessing,
            at,
            seq,
            size,
            closed: closed.toISOString(),
            entries: 3,
            drawn: ({ list, rule = list }) =>
              round === 'rule'
                ? rule
                : round === 'list'
                  ? list
                  : round === 'next'
                    ? rule + 1
                    : Math.max(list, rule - 1),
          });
          const ours = await shop(draw);
          const theirs = independent(draw);
          expect(theirs === 'ok').toBe(ours.verdict === 'ok');
          const when = readWitnessed(Buffer.from(draw.entriesText), draw.witnessed, draw.keys, draw.chain);
          if (ours.witnessed)
            expect(when).toEqual({
              witnessedAt: ours.witnessed.witnessedAt,
              round: ours.witnessed.roundDrawn,
            });
          else expect(typeof when).toBe('string');
          seen.add(
            `${ours.verdict === 'ok' ? 'ok' : 'refused'} ${ours.witnessed && ours.witnessed.roundDrawn > draw.round ? 'late' : 'in time or never'}`,
          );
        },
      ),
      { numRuns: 150 },
    );
    expect([...seen].sort()).toEqual([
      'ok in time or never',
      'ok late',
      'refused in time or never',
      'refused late',
    ]);
  }, 120_000);

  it('both accept the valid cases', async () => {
    for (const { name, make } of validDraws(two)) {
      const draw = await make();
      expect({ name, shop: (await shop(draw)).verdict, independent: independent(draw) }).toEqual({
        name,
        shop: 'ok',
        independent: 'ok',
      });
    }
  });

  it("both count a witness's earliest cosignature, whatever the order of its lines", async () => {
    const draw = await witnessedTwiceDraw(two);
    expect(readWitnessed(Buffer.from(draw.entriesText), draw.witnessed, draw.keys, draw.chain)).toEqual({
      witnessedAt: draw.due - 3,
      round: draw.round,
    });
    expect(independent(draw)).toBe('ok');
    expect(await shop(draw)).toMatchObject({
      verdict: 'ok',
      witnessed: { witnessedAt: draw.due - 3, roundDrawn: draw.round },
    });
  });

  it('read the edge cases of the rules alike', async () => {
    for (const { name, ok, make } of edgeCases(two)) {
      const draw = await make();
      const verdicts = {
        name,
        shop: (await shop(draw)).verdict === 'ok',
        independent: independent(draw) === 'ok',
      };
      expect(verdicts).toEqual({ name, shop: ok, independent: ok });
    }
  });

  it('both refuse every planted violation', async () => {
    for (const violation of violations(two, stranger)) {
      const draw = await violation.make();
      const theirs = independent(draw);
      expect({
        name: violation.name,
        shop: (await shop(draw)).verdict,
        independent: theirs.startsWith(violation.independent) ? violation.independent : theirs,
      }).toEqual({ name: violation.name, shop: violation.shop, independent: violation.independent });
    }
  });
});

async function sha256(bytes: Uint8Array) {
  return new Uint8Array(await crypto.subtle.digest('SHA-256', bytes as BufferSource));
}
