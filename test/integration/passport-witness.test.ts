import { beforeAll, describe, expect, inject, it } from 'vitest';
import { pendingEntryItem } from '#passport/index.ts';
import { type CheckpointCheck, verifyCheckpoint } from '#shared/passport/checkpoint.ts';
import type { KeySet } from '#shared/passport/keys.ts';
import type { MapProof } from '#shared/passport/piece-map.ts';
import { verifyHistory } from '#shared/passport/verify.ts';
import { transact } from '#table/transactions.ts';
import { witnessSentence } from '../../web/src/verify/wording.ts';
import { uniqueId } from '../support/fixtures.ts';
import { runJob } from '../support/jobs.ts';
import { pointAtLocalStack } from '../support/stack-env.ts';

/**
 * Witnessed checkpoints (issue 44, docs/passport.md "Witnesses"): the local policy is 2 of 2, the
 * stack's two witness stand-ins. Each new checkpoint is published with both cosignatures; with one
 * witness down it is published with one and the page's verifier says "not yet witnessed"; once the
 * witness is back, the next sequencer run has the same checkpoint cosigned by both.
 */
const base = () => inject('baseUrl');
const witnesses = () => inject('witnesses');

beforeAll(() => pointAtLocalStack());

const setFault = async (index: number, fault: 'down' | null) => {
  const answer = await fetch(`${witnesses()[index]?.url}/__control/fault`, {
    method: 'POST',
    body: JSON.stringify({ fault }),
  });
  expect(answer.status).toBe(200);
};

const keys = async (): Promise<KeySet> => (await fetch(`${base()}/.well-known/passport-keys.json`)).json();

async function published(): Promise<{ text: string } & CheckpointCheck> {
  const text = await (await fetch(`${base()}/passport/log/checkpoint`, { cache: 'no-store' })).text();
  const verdict = await verifyCheckpoint(text, await keys());
  if (!verdict.ok) throw new Error(`the published checkpoint does not verify: ${verdict.reason}`);
  return { text, ...verdict };
}

/** A piece's entry appended, and the sequencer run: the piece's id. */
async function appendOne(): Promise<string> {
  const piece = uniqueId('witness');
  await transact([pendingEntryItem({ kind: 'lost', piece, owner: null, time: new Date().toISOString() })]);
  expect((await runJob('sequence-log')).status).toBe(200);
  return piece;
}

async function pageSays(piece: string): Promise<string | undefined> {
  const answer = (await (await fetch(`${base()}/api/passport/pieces/${piece}`)).json()) as {
    entries: { text: string; proof: string }[];
    checkpoint: string;
    map: MapProof | null;
  };
  const history = await verifyHistory(
    answer.entries.map(({ text, proof }) => ({ entry: text, proof })),
    answer.checkpoint,
    await keys(),
    { pieceId: piece, map: answer.map },
  );
  if (!history.ok) throw new Error(`the history does not verify: ${history.reason}`);
  return witnessSentence(history.size, history.witnesses)?.text;
}

describe('witnessed checkpoints (local policy: 2 of 2)', () => {
  const names = () => witnesses().map((w) => w.name);

  it('publishes the key set with the log key and the policy, and each new checkpoint cosigned by both witnesses', async () => {
    await appendOne();
    // The signer records the log key at its first checkpoint and publishes it with the policy.
    const set = await keys();
    expect(set.logKeys?.[0]?.vkey).toMatch(/^localhost:\d+\/passport\/log\+[0-9a-f]{8}\+/);
    expect(set.witnessPolicy).toContain('quorum local');
    const checkpoint = await published();
    expect(checkpoint.witnessed).toBe(true);
    expect(checkpoint.cosigned.map((c) => c.name).sort()).toEqual(names().sort());
    expect(checkpoint.quorum).toEqual({ k: 2, n: 2 });
  });

  it('with one witness down, publishes the checkpoint with one cosignature: "not yet witnessed"; witnessed by both once it is back', async () => {
    await setFault(1, 'down');
    try {
      const piece = await appendOne();
      const checkpoint = await published();
      expect(checkpoint.cosigned.map((c) => c.name)).toEqual([names()[0]]);
      expect(checkpoint.witnessed).toBe(false);
      expect(await pageSays(piece)).toMatch(
        /is not yet witnessed: 2 of its 2 witnesses must cosign it, only \S+ has yet\./,
      );
    } finally {
      await setFault(1, null);
    }
    const size = Number((await published()).checkpoint.size);
    // The sequencer's next runs (every minute; here run by hand) have the same checkpoint cosigned.
    await expect
      .poll(
        async () => {
          await runJob('sequence-log');
          const now = await published();
          return now.checkpoint.size >= size && now.witnessed;
        },
        { timeout: 30_000, interval: 500 },
      )
      .toBe(true);
    const files = await (await fetch(`${base()}/passport/log/checkpoints/${size}`)).text();
    expect(
      (await verifyCheckpoint(files, await keys())).ok && (await verifyCheckpoint(files, await keys())),
    ).toMatchObject({
      witnessed: true,
    });
  });
});
