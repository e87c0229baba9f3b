import { randomBytes, randomInt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commitment, newSalt } from '../../shared/draw/commitment.ts';
import { entriesList, listHash, parseEntriesList } from '../../shared/draw/entries-list.ts';
import type { DrawResult } from '../../shared/draw/result.ts';
import { checkResult } from '../../shared/draw/result.ts';
import { checkWitnessedList } from '../../shared/draw/witnessed-list.ts';
import { inBatches, type MadeDraw, randomDraw, runScript, writeDraw } from './draws.ts';
import {
  edgeCases,
  makeWitnessing,
  validDraws,
  violations,
  type WitnessedDraw,
  type Witnessing,
  witnessedDraw,
  witnessedTwiceDraw,
} from './witnessed-fixtures.ts';

/**
 * The script an entrant downloads (web/public/draw/recompute.mjs), run as they run it: a child
 * process of Node on the two published files, on draws the shop's core (shared/draw) made.
 */
let root: string;
let two: Witnessing;
let stranger: Witnessing;
beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'recompute-'));
  two = await makeWitnessing();
  stranger = await makeWitnessing();
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** The script on the draw's files, `entriesText` and `result` in place of its own, witnessed.json beside them. */
const run = (draw: PublishedDraw, entriesText: string, result: unknown, ...options: string[]) => {
  const files = writeDraw(root, entriesText, result, draw.witnessed, draw.keys);
  return runScript([files.entries, files.result, '--keys', files.keys, ...options]);
};
const relist = (text: string, commitments: (list: string[]) => string[]) => {
  const parsed = parseEntriesList(text);
  if (!parsed.ok) throw new Error(parsed.reason);
  return entriesList({ ...parsed.list, commitments: commitments(parsed.list.commitments) });
};
const ALTERED =
  /^DOES NOT AGREE: the list's hash is not the one the result was drawn from: the list was altered after the draw/;

describe('the recompute script', () => {
  it('on local files, says what does not agree in witnessed.json, the round aside (that needs --beacon)', async () => {
    const timing = /round/;
    for (const { name, make, says } of violations(two, stranger).filter((v) => !timing.test(v.name))) {
      const draw = await make();
      const { code, stderr } = await run(draw, draw.entriesText, draw.result);
      expect({ name, code }).toEqual({ name, code: 1 });
      expect(stderr).toMatch(/^DOES NOT AGREE: [^\n]*\n$/);
      expect(stderr.slice('DOES NOT AGREE: '.length, -1)).toMatch(says);
    }
  });

  it('agrees with the shop on 100 random draws', async () => {
    const sizes = Array.from({ length: 100 }, (_, i) => (i < 3 ? i : randomInt(0, 120)));
    const runs = await inBatches(sizes, 3, async (size) => {
      const draw = await randomDraw(size);
      return { draw, run: await run(draw, draw.entriesText, draw.result) };
    });
    for (const { draw, run } of runs) {
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      expect(run.stdout).toContain(`list hash: ${draw.result.listHash}, the one the result was drawn from`);
      expect(run.stdout).toContain(`seed: ${draw.result.seed}\n`);
      expect(run.stdout).toContain(
        draw.result.order.length === 0
          ? 'order: no entries, no winner'
          : `the winner is ${draw.result.order[0]}, then ${draw.result.order.length - 1} reserves`,
      );
      expect(run.stdout).toMatch(
        /\nwitnessed: list entry \d+ of the log, in its checkpoint of size 41, cosigned by witness-1.example, witness-2.example; the quorum was met at .*\nwitnessed in time: less than 10 s after the close/,
      );
      expect(run.stdout).toContain('not checked without --beacon: that round');
      expect(run.stdout).toMatch(/\neverything checked agrees; --beacon checks the rest\n$/);
    }
  }, 180_000);

  it('says the list was altered: one commitment changed, one added, one removed, two reordered', async () => {
    const draw = await randomDraw(8);
    const other = randomBytes(32).toString('hex');
    const lines = draw.entriesText.split('\n');
    [lines[7], lines[8]] = [lines[8] as string, lines[7] as string];
    const altered = [
      relist(draw.entriesText, (cs) => [...cs.slice(1), other]),
      relist(draw.entriesText, (cs) => [...cs, other]),
      relist(draw.entriesText, (cs) => cs.slice(0, -1)),
      lines.join('\n'),
    ];
    for (const list of altered) {
      const { code, stderr, stdout } = await run(draw, list, draw.result);
      expect(code).toBe(1);
      expect(stderr).toMatch(ALTERED);
      expect(stdout).not.toMatch(/everything .*agrees/);
    }
  });

  it('says which part of the result does not follow', async () => {
    const draw = await randomDraw(10);
    const changed = (change: (r: DrawResult) => object) => change(structuredClone(draw.result));
    const refusals: [object | string, RegExp][] = [
      [
        changed((r) => ({ ...r, order: [r.order[1], r.order[0], ...r.order.slice(2)] })),
        /the order is not the one the seed makes \(place 1/,
      ],
      [changed((r) => ({ ...r, order: r.order.slice(0, -1) })), /the order is not the one the seed makes/],
      [
        changed((r) => ({ ...r, beacon: { ...r.beacon, randomness: randomBytes(32).toString('hex') } })),
        /the randomness is not the SHA-256 of the beacon signature/,
      ],
      [changed((r) => ({ ...r, seed: randomBytes(32).toString('hex') })), /the seed is not the one/],
      [
        changed((r) => ({ ...r, beacon: { ...r.beacon, round: r.beacon.round - 1 } })),
        /but the list fixed round/,
      ],
      [
        changed((r) => ({ ...r, beacon: { ...r.beacon, round: r.beacon.round + 1 } })),
        /the list was witnessed at .*, less than 10 s after the close, so before its round (\d+) was due: the draw must take round \1, not round \d+$/m,
      ],
      [changed((r) => ({ ...r, piece: 'p-other' })), /another draw or piece/],
      [changed((r) => ({ ...r, extra: true })), /result.json is not a oneofone-draw\/v1 result: its fields/],
      ['{"format":', /result.json is not a oneofone-draw\/v1 result: it is not JSON/],
    ];
    for (const [result, message] of refusals) {
      const { code, stderr } = await run(draw, draw.entriesText, result);
      expect(code).toBe(1);
      expect(stderr).toMatch(/^DOES NOT AGREE: /);
      expect(stderr).toMatch(message);
    }
  });

  it('refuses a list the result was drawn from that is not exactly the format', async () => {
    const draw = await randomDraw(3);
    const text = draw.entriesText.replace('\nentries 3\n', '\nentries  3\n');
    const { code, stderr } = await run(draw, text, { ...draw.result, listHash: await listHash(text) });
    expect(code).toBe(1);
    expect(stderr).toBe(
      'DOES NOT AGREE: entries.txt is not a oneofone-draw/v1 list: line 6 is not "entries <n>"\n',
    );
  });

  it('with your salt, tells you your commitment and your place', async () => {
    const draw = await randomDraw(6);
    const saltAt = async (k: number) => {
      for (const salt of draw.salts)
        if ((await commitment(draw.drawId, salt)) === draw.result.order[k]) return salt;
      throw new Error(`no salt for place ${k}`);
    };
    const winner = await run(draw, draw.entriesText, draw.result, '--salt', await saltAt(0));
    expect(winner.code).toBe(0);
    expect(winner.stdout).toContain(`your commitment: ${draw.result.order[0]}\nyou won\n`);
    const third = await run(draw, draw.entriesText, draw.result, '--salt', await saltAt(3));
    expect(third.stdout).toContain(`your commitment: ${draw.result.order[3]}\nyou are reserve number 3\n`);
    const stranger = await run(draw, draw.entriesText, draw.result, '--salt', newSalt());
    expect(stranger.code).toBe(0);
    expect(stranger.stdout).toContain('your entry is not in this list\n');
    const notASalt = await run(draw, draw.entriesText, draw.result, '--salt', 'short');
    expect(notASalt.code).toBe(2);
    expect(notASalt.stderr).toMatch(/^CANNOT CHECK: the salt is not one/);
  });

  it('cannot check without its files or the key set, and says so', async () => {
    const none = await runScript([]);
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/^CANNOT CHECK: usage: node recompute.mjs/);
    const missing = await runScript([
      join(root, 'nowhere.txt'),
      join(root, 'nowhere.json'),
      '--keys',
      'k.json',
    ]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/^CANNOT CHECK: could not read/);

    const draw = await randomDraw(3);
    const files = writeDraw(root, draw.entriesText, draw.result, draw.witnessed, draw.keys);
    const noKeys = await runScript([files.entries, files.result]);
    expect(noKeys.code).toBe(2);
    expect(noKeys.stderr).toMatch(/^CANNOT CHECK: --keys is needed: the shop's key set/);
    expect(noKeys.stdout).toBe('');
    const unknown = await runScript([files.entries, files.result, '--keys', files.keys, '--witness', 'x']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/^CANNOT CHECK: unknown option --witness\nusage:/);

    const alone = writeDraw(root, draw.entriesText, draw.result);
    const noWitnessed = await runScript([alone.entries, alone.result, '--keys', files.keys]);
    expect(noWitnessed.code).toBe(2);
    expect(noWitnessed.stderr).toMatch(/^CANNOT CHECK: could not read .*witnessed.json/);
    const elsewhere = await runScript([
      alone.entries,
      alone.result,
      '--keys',
      files.keys,
      '--witnessed',
      files.witnessed,
    ]);
    expect(elsewhere.stderr).toBe('');
    expect(elsewhere.code).toBe(0);
  });
});

type PublishedDraw = Pick<MadeDraw, 'entriesText' | 'result' | 'witnessed' | 'keys'>;

describe('the recompute script online', () => {
  let server: Server;
  let base: string;
  const served = new Map<string, { type: string; body: string }>();
  beforeAll(async () => {
    server = createServer((request, response) => {
      const file = served.get(request.url ?? '');
      response.writeHead(file ? 200 : 404, { 'content-type': file?.type ?? 'text/plain' });
      response.end(file?.body ?? 'not found');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  /** The chain's info as drand gives it (whole seconds), putting the draw's round `after` ms or up to 1 s more after the close. */
  const infoFor = (draw: PublishedDraw, after: number) => {
    const { chainHash, round } = draw.result.beacon;
    const closed = Date.parse(draw.entriesText.split('\n')[3]?.slice('closed '.length) ?? '');
    const period = 3;
    return {
      hash: chainHash,
      period,
      genesis_time: Math.ceil((closed + after) / 1000) - (round - 1) * period,
    };
  };

  /** The shop's files at its URLs (witnessed.json beside result.json, the key set at its well-known path), and drand's. */
  const publish = (draw: PublishedDraw, beacon: object, info: object = infoFor(draw, 12_000)) => {
    const { chainHash, round } = draw.result.beacon;
    const { drawId } = draw.result;
    const json = (value: unknown) => ({ type: 'application/json', body: JSON.stringify(value) });
    served.set(`/drand/${chainHash}/info`, json(info));
    served.set(`/draws/${drawId}/entries.txt`, { type: 'text/plain', body: draw.entriesText });
    served.set(`/draws/${drawId}/result.json`, json(draw.result));
    served.set(`/draws/${drawId}/witnessed.json`, json(draw.witnessed));
    served.set('/.well-known/passport-keys.json', json(draw.keys));
    served.set(`/drand/${chainHash}/public/${round}`, json(beacon));
    return [`${base}/draws/${drawId}/entries.txt`, `${base}/draws/${drawId}/result.json`];
  };

  it("reads the files from the shop's URLs and checks the round with the beacon's HTTP API", async () => {
    const draw = await randomDraw(5);
    const { round, randomness, signature } = draw.result.beacon;
    const urls = publish(draw, { round, randomness, signature });
    const { code, stdout, stderr } = await runScript([...urls, '--beacon', `${base}/drand/`]);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toContain(
      `beacon: ${base}/drand/${draw.result.beacon.chainHash}/public/${round} gives the same signature and randomness`,
    );
    expect(stdout).toMatch(/beacon: round \d+ was produced at .*, at least 10 s after the close\n/);
  });

  it('says so when the beacon round came less than 10 s after the close', async () => {
    const draw = await randomDraw(5);
    const { round, randomness, signature } = draw.result.beacon;
    const atTen = await runScript([
      ...publish(draw, { round, randomness, signature }, infoFor(draw, 10_000)),
      '--beacon',
      `${base}/drand`,
    ]);
    expect(atTen.code).toBe(0);
    const early = await runScript([
      ...publish(draw, { round, randomness, signature }, infoFor(draw, 9_000)),
      '--beacon',
      `${base}/drand`,
    ]);
    expect(early.code).toBe(1);
    expect(early.stderr).toMatch(
      /less than 10 s after the close .*: its randomness could be known when the list was fixed/,
    );
    const otherChain = await runScript([
      ...publish(draw, { round, randomness, signature }, { ...infoFor(draw, 12_000), hash: 'ab'.repeat(32) }),
      '--beacon',
      `${base}/drand`,
    ]);
    expect(otherChain.code).toBe(1);
    expect(otherChain.stderr).toMatch(/is not the info of chain/);
  });

  it('says so when the beacon gives another signature or randomness for the round, or none', async () => {
    const draw = await randomDraw(5);
    const { round, randomness, signature } = draw.result.beacon;
    const other = randomBytes(48).toString('hex');
    const cases: [object, RegExp, number][] = [
      [
        { round, randomness, signature: other },
        /the beacon's signature of round \d+ is not the one the result names/,
        1,
      ],
      [
        { round, randomness: randomBytes(32).toString('hex'), signature },
        /the beacon's randomness of round/,
        1,
      ],
      [{ round: round + 1, randomness, signature }, /does not answer round/, 1],
    ];
    for (const [beacon, message, exit] of cases) {
      const urls = publish(draw, beacon);
      const { code, stderr } = await runScript([...urls, '--beacon', `${base}/drand`]);
      expect(code).toBe(exit);
      expect(stderr).toMatch(message);
    }
    const urls = publish(draw, {});
    const unreachable = await runScript([...urls, '--beacon', `${base}/elsewhere`]);
    expect(unreachable.code).toBe(2);
    expect(unreachable.stderr).toMatch(/^CANNOT CHECK: could not read the beacon round at .* answered 404/);
  });

  /** A witnessed draw published, with drand's round it took and the chain's info. */
  const publishWitnessed = (draw: WitnessedDraw) => {
    const { round, randomness, signature, chainHash } = draw.result.beacon;
    const info = { hash: chainHash, genesis_time: draw.chain.genesis, period: draw.chain.period };
    return [...publish(draw, { round, randomness, signature }, info), '--beacon', `${base}/drand`];
  };

  it('agrees with a list witnessed before its round, and with one witnessed late drawn with the later round', async () => {
    for (const { name, make } of validDraws(two)) {
      const draw = await make();
      const { code, stdout, stderr } = await runScript(publishWitnessed(draw));
      expect({ name, code, stderr }).toEqual({ name, code: 0, stderr: '' });
      const late = draw.result.beacon.round > draw.round;
      expect(stdout).toMatch(
        late
          ? `witnessed late: not before its round ${draw.round} was due (witnessed at `
          : `witnessed in time: before its round ${draw.round} was due (witnessed at `,
      );
      expect(stdout).toMatch(/everything agrees\n$/);
    }
  });

  it('agrees with the shop on 40 random witnessed draws: witnesses, quorum, times and the round taken', async () => {
    const verdicts = new Set<string>();
    for (let i = 0; i < 40; i++) {
      const n = randomInt(1, 5);
      const witnessing = await makeWitnessing(n, randomInt(1, n + 1));
      const at = Array.from({ length: n }, () => (randomInt(5) === 0 ? null : randomInt(-30, 31)));
      const shift = [0, 0, 0, 1, -1][randomInt(5)] as number;
      const draw = await witnessedDraw({
        witnessing,
        at,
        seq: randomInt(0, 20),
        size: 20,
        drawn: ({ list, rule = list }) => Math.max(list, rule + shift),
      });
      const witnessed = await checkWitnessedList({
        listText: draw.entriesText,
        witnessed: draw.witnessed,
        keys: draw.keys,
        chain: draw.chain,
      });
      const shop =
        witnessed.ok && (await checkResult(draw.entriesText, draw.result, witnessed.roundDrawn)).ok;
      const { code, stderr } = await runScript(publishWitnessed(draw));
      expect({ at, shift, code, stderr: code === 0 ? stderr : '' }).toEqual({
        at,
        shift,
        code: shop ? 0 : 1,
        stderr: '',
      });
      verdicts.add(shop ? 'ok' : 'refused');
    }
    expect([...verdicts].sort()).toEqual(['ok', 'refused']);
  });

  it('reads the edge cases of the rules as the shop does', async () => {
    for (const { name, ok, make } of edgeCases(two)) {
      const { code, stderr } = await runScript(publishWitnessed(await make()));
      expect({ name, code }).toEqual({ name, code: ok ? 0 : 1 });
      expect(stderr).toMatch(ok ? /^$/ : /^DOES NOT AGREE: [^\n]*\n$/);
    }
  });

  it("counts a witness's earliest cosignature, whatever the order of its lines", async () => {
    const draw = await witnessedTwiceDraw(two);
    const { code, stdout, stderr } = await runScript(publishWitnessed(draw));
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toContain(`witnessed in time: before its round ${draw.round} was due (witnessed at `);
  });

  it('says on one line what does not agree in a witnessed draw: each planted violation', async () => {
    for (const { name, make, says } of violations(two, stranger)) {
      const { code, stderr } = await runScript(publishWitnessed(await make()));
      expect({ name, code }).toEqual({ name, code: 1 });
      expect(stderr).toMatch(/^DOES NOT AGREE: [^\n]*\n$/);
      expect(stderr.slice('DOES NOT AGREE: '.length, -1)).toMatch(says);
    }
  });
});
