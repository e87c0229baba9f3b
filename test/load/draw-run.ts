import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  BatchWriteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { productKey, productKeys } from '#catalog/entities/keys.ts';
import type { ProductEntity } from '#catalog/entities/product.ts';
import { createDraw } from '#draws/entities/create-draw.ts';
import { type DrawEntity, getDraw } from '#draws/entities/draw.ts';
import { issueEntryLink } from '#draws/entities/entry-link.ts';
import { activeDrawIndex, drawKey } from '#draws/entities/keys.ts';
import { memberKeys } from '#members/entities/member.ts';
import { PRODUCT_STATUS } from '#shared/constants.ts';
import { cliArgs } from '../../infra/cli-args.ts';
import { DEMO } from '../../infra/local/demo/catalogue.ts';
import { startLocalStack } from '../../infra/local/stack.ts';
import { sectionProgress } from '../../infra/progress.ts';
import { fileLog } from '../bench/sections.ts';
import { percentile } from '../bench/stats.ts';
import { type CrowdEntry, type CrowdKind, drawCrowd } from './draw-crowd.ts';
import { type EntryAttempt, enterWithCard } from './entrants.ts';

/**
 * `npm run load:draw` (not part of `npm test`): a contested release draw (issue 35). Starts the
 * local stack, offers one piece by a draw and sends a crowd of DRAW_ENTRIES entries (10,000), a
 * DRAW_SCRIPTED share of them (0.4) scripted (test/load/draw-crowd.ts), DRAW_CONCURRENCY (32) at
 * a time, each the way the draw page makes it (entry through the member's mailed link, card
 * authorised at the Stripe stand-in, confirmation; the links are made in the table, not read back
 * from the mail). Once every entry is in, the window is made to end now (the run does not wait
 * out a real window), the draws' job runs every second until the draw is settled, and the run
 * checks: how many scripted and human entries were refused, how many answers were 5xx, the time
 * from the close to the draw and to every entrant told, one card captured and every other
 * authorisation cancelled, one result mail per entrant. Writes docs/draw-load.md.
 */
cliArgs({
  usage: `usage: npm run load:draw   (writes docs/draw-load.md; takes no arguments)
  knobs (environment): DRAW_ENTRIES, DRAW_SCRIPTED, DRAW_CONCURRENCY, LOAD_DRY=1 (print, write nothing)`,
});
const root = resolve(import.meta.dirname, '../..');
const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const settings = {
  entries: env('DRAW_ENTRIES', 10_000),
  scripted: env('DRAW_SCRIPTED', 0.4),
  concurrency: env('DRAW_CONCURRENCY', 32),
  dry: process.env.LOAD_DRY === '1',
};
const log = fileLog(join(root, '.local', 'draw-load.log'), 'draw-load');
const progress = sectionProgress(
  'load:draw',
  [
    { name: 'local stack', weight: 10 },
    { name: 'entries', weight: settings.entries / 40 },
    { name: 'close and draw', weight: 30 },
    { name: 'checks', weight: 10 },
  ],
  { stream: process.stderr, kind: 'phase' },
);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const workDir = mkdtempSync(join(tmpdir(), 'boutique-draw-load-'));

progress.start('local stack');
const stack = await startLocalStack({ port: 0, s3Dir: join(workDir, 's3'), log });
try {
  const db = DynamoDBDocumentClient.from(new DynamoDBClient({}), {
    marshallOptions: { removeUndefinedValues: true },
  });
  const model = (
    await db.send(new GetCommand({ TableName: stack.tableName, Key: productKey(DEMO.availableProduct) }))
  ).Item as ProductEntity;
  const {
    pk: _p,
    sk: _s,
    gsi1pk: _a,
    gsi1sk: _b,
    gsi2pk: _c,
    gsi2sk: _d,
    ...rest
  } = model as ProductEntity & Record<string, unknown>;
  const piece: ProductEntity = {
    ...(rest as unknown as ProductEntity),
    id: `p-draw-${Date.now().toString(36)}`,
    name: 'Aurora Gown, by draw',
    status: PRODUCT_STATUS.available,
    cardNumber: `59${Date.now().toString().slice(-14)}`,
    createdAt: new Date().toISOString(),
  };
  delete piece.holdId;
  delete piece.holdUntil;
  await db.send(new PutCommand({ TableName: stack.tableName, Item: { ...piece, ...productKeys(piece) } }));
  const created = await createDraw({
    pid: piece.id,
    opensAt: new Date(Date.now() - 1000).toISOString(),
    closesAt: new Date(Date.now() + 3 * 3600_000).toISOString(),
    admin: 'draw-load',
  });
  if (!created.ok) throw new Error(`no draw: ${created.reason}`);
  const { drawId } = created.draw;

  const crowd = drawCrowd(settings.entries, settings.scripted);
  const members = [...new Set(crowd.filter((c) => c.member).map((c) => c.entrant.email))];
  const at = new Date(Date.now() - 3600_000).toISOString();
  for (let i = 0; i < members.length; i += 25) {
    const items = members.slice(i, i + 25).map((email) => ({
      PutRequest: {
        Item: {
          ...memberKeys({ email, createdAt: at }),
          kind: 'member',
          email,
          createdAt: at,
          status: 'confirmed',
        },
      },
    }));
    await db.send(new BatchWriteCommand({ RequestItems: { [stack.tableName]: items } }));
  }
  // Each member's entry goes through a link of its own (issue 44), made here as the link mail
  // would carry it: reading 10,000 mails back from the SES stand-in's /store (the whole store at
  // each read) would measure the stand-in, not the shop. Non-members have no link: refused.
  const linkedEntries = crowd.filter((c) => c.member);
  for (let i = 0; i < linkedEntries.length; i += 25)
    await Promise.all(
      linkedEntries.slice(i, i + 25).map(async (c) => {
        c.entrant.link = await issueEntryLink(drawId, c.entrant.email);
      }),
    );
  log(`draw ${drawId} of ${piece.id}; ${crowd.length} entries, ${members.length} confirmed members`);

  progress.start('entries');
  const results: { kind: CrowdKind; email: string; attempt: EntryAttempt }[] = [];
  const started = performance.now();
  let next = 0;
  const worker = async () => {
    while (next < crowd.length) {
      const entry = crowd[next++] as CrowdEntry;
      results.push({
        kind: entry.kind,
        email: entry.entrant.email,
        attempt: await enterWithCard(stack.url, drawId, entry.entrant, piece),
      });
      if (results.length % 200 === 0) progress.part(results.length / crowd.length);
    }
  };
  await Promise.all(Array.from({ length: settings.concurrency }, worker));
  const enteringSeconds = (performance.now() - started) / 1000;
  const answers = results.flatMap(({ attempt }) =>
    [attempt.entered, attempt.authorised, attempt.confirmed].filter((a) => a !== undefined),
  );
  const entryMs = results.map((r) => r.attempt.entered.ms);
  const binding = (a: EntryAttempt) => a.confirmed?.status === 200;
  const byKind = new Map<CrowdKind, { total: number; refused: number; reasons: Map<string, number> }>();
  for (const { kind, attempt } of results) {
    const row = byKind.get(kind) ?? { total: 0, refused: 0, reasons: new Map() };
    row.total++;
    if (!binding(attempt)) {
      row.refused++;
      const last = attempt.confirmed ?? attempt.authorised ?? attempt.entered;
      const reason = `${last.status} ${String(last.body.message ?? (last.body.error as { code?: string })?.code ?? '')}`;
      row.reasons.set(reason, (row.reasons.get(reason) ?? 0) + 1);
    }
    byKind.set(kind, row);
  }
  const humans = byKind.get('human') ?? { total: 0, refused: 0, reasons: new Map() };
  const scriptedRows = [...byKind].filter(([kind]) => kind !== 'human');
  const scriptedTotal = scriptedRows.reduce((n, [, r]) => n + r.total, 0);
  const scriptedRefused = scriptedRows.reduce((n, [, r]) => n + r.refused, 0);
  const serverErrors = answers.filter((a) => a.status >= 500 || a.status === 0).length;
  log(`entries in ${enteringSeconds.toFixed(0)} s; ${serverErrors} answers 5xx or none`);

  progress.start('close and draw');
  // The window ends now: every entry is in (the run does not wait out a three-hour window).
  const closesAt = new Date().toISOString();
  await db.send(
    new UpdateCommand({
      TableName: stack.tableName,
      Key: drawKey(drawId),
      UpdateExpression: 'SET closesAt = :at, gsi2sk = :sk',
      ExpressionAttributeValues: { ':at': closesAt, ':sk': activeDrawIndex(closesAt, drawId).gsi2sk },
    }),
  );
  await sleep(50);
  const job = async () => {
    const answer = await fetch(`${stack.url}/__jobs/run-draws`, {
      method: 'POST',
      headers: { authorization: `Bearer ${stack.jobToken}` },
    });
    if (!answer.ok) throw new Error(`run-draws answered ${answer.status}: ${await answer.text()}`);
  };
  let draw: DrawEntity | undefined;
  for (let i = 0; i < 300; i++) {
    await job();
    draw = await getDraw(drawId);
    if (draw?.state === 'settled') break;
    await sleep(1000);
  }
  if (draw?.state !== 'settled') throw new Error(`the draw did not settle: ${draw?.state}`);

  progress.start('checks');
  const entered = results.filter((r) => binding(r.attempt));
  const intents = results.filter((r) => r.attempt.entered.status === 200);
  const states = new Map<string, number>();
  for (let i = 0; i < intents.length; i += 50) {
    const batch = intents.slice(i, i + 50);
    const read = await Promise.all(
      batch.map(async ({ attempt }) => {
        const id = String(attempt.entered.body.client_secret).split('_secret_')[0];
        const answer = await fetch(`${stack.paymentsUrl}/v1/payment_intents/${id}`, {
          headers: { authorization: 'Bearer sk_test_local_boutique' },
        });
        return ((await answer.json()) as { status: string }).status;
      }),
    );
    for (const status of read) states.set(status, (states.get(status) ?? 0) + 1);
  }
  const store = (await (await fetch(`${stack.sesUrl}/store`)).json()) as {
    emails: { destination: { to: string[] }; subject: string; at: number }[];
  };
  const resultMails = new Map<string, number>();
  /** When the last result mail reached SES (the stand-in keeps whole seconds). */
  let lastToldAt = 0;
  for (const mail of store.emails)
    if (/^(You won the draw for|The draw for)/.test(mail.subject)) {
      lastToldAt = Math.max(lastToldAt, mail.at * 1000);
      for (const to of mail.destination.to) resultMails.set(to, (resultMails.get(to) ?? 0) + 1);
    }
  const toldOnce = entered.filter((r) => resultMails.get(r.email) === 1).length;
  const mailCounts = [...resultMails.values()];
  const figures = {
    entries: results.length,
    enteringSeconds,
    entryMs: { p50: percentile(entryMs, 50), p95: percentile(entryMs, 95) },
    serverErrors,
    humans: { total: humans.total, refused: humans.refused, reasons: Object.fromEntries(humans.reasons) },
    scripted: {
      total: scriptedTotal,
      refused: scriptedRefused,
      byKind: Object.fromEntries(
        scriptedRows.map(([kind, r]) => [
          kind,
          { total: r.total, refused: r.refused, reasons: Object.fromEntries(r.reasons) },
        ]),
      ),
    },
    binding: entered.length,
    listed: draw.entered,
    closeToDrawnSeconds: (Date.parse(draw.drawnAt ?? '') - Date.parse(closesAt)) / 1000,
    // To the second the last result mail reached SES (rounded up), and to the settlement's end.
    drawnToToldSeconds: Math.ceil((lastToldAt + 1000 - Date.parse(draw.drawnAt ?? '')) / 1000),
    closeToToldSeconds: Math.ceil((lastToldAt + 1000 - Date.parse(closesAt)) / 1000),
    closeToSettledSeconds: (Date.parse(draw.settledAt ?? '') - Date.parse(closesAt)) / 1000,
    intents: Object.fromEntries(states),
    resultMails: {
      entrants: entered.length,
      toldOnce,
      addresses: resultMails.size,
      most: Math.max(0, ...mailCounts),
    },
  };
  log(JSON.stringify(figures, null, 2));
  if (!settings.dry) {
    const file = join(root, 'docs', 'draw-load.md');
    writeFileSync(file, report(figures, drawId));
    // As the repository keeps markdown (its tables aligned).
    spawnSync(process.execPath, [
      join(root, 'node_modules/@biomejs/biome/bin/biome'),
      'format',
      '--write',
      file,
    ]);
  }
  progress.finish(
    `load:draw: ${figures.scripted.refused}/${figures.scripted.total} scripted refused, ${figures.humans.refused}/${figures.humans.total} humans refused, ${serverErrors} × 5xx; close → all told ${figures.closeToToldSeconds.toFixed(1)} s; intents ${JSON.stringify(figures.intents)}`,
  );
} catch (error) {
  progress.finish('load:draw: stopped (see .local/draw-load.log)');
  throw error;
} finally {
  await stack.stop();
  rmSync(workDir, { recursive: true, force: true });
}

type Figures = Record<string, unknown> & {
  entries: number;
  serverErrors: number;
  humans: { total: number; refused: number; reasons: Record<string, number> };
  scripted: {
    total: number;
    refused: number;
    byKind: Record<string, { total: number; refused: number; reasons: Record<string, number> }>;
  };
};

function report(f: Figures, drawId: string): string {
  const pct = (n: number, of: number) => `${((100 * n) / Math.max(1, of)).toFixed(2)} %`;
  const rows = Object.entries(f.scripted.byKind).map(
    ([kind, r]) =>
      `| ${kind} | ${r.total} | ${r.refused} (${pct(r.refused, r.total)}) | ${Object.entries(r.reasons)
        .map(([why, n]) => `${n} × ${why}`)
        .join('; ')} |`,
  );
  return `${[
    '# A contested release draw under load (issue 35)',
    '',
    `Written by \`npm run load:draw\` (test/load/draw-run.ts) on ${new Date().toISOString().slice(0, 16)} UTC, draw ${drawId}: the local stack on this machine, ${f.entries} entries through the gateway, each as the draw page makes it (entry, the card authorised at the Stripe stand-in, the confirmation), then the draws' job until the draw is settled.`,
    '',
    '## Who got in',
    '',
    `- Scripted entries refused: **${f.scripted.refused} of ${f.scripted.total} (${pct(f.scripted.refused, f.scripted.total)})** (goal: at least 98 %).`,
    `- Human entries refused: **${f.humans.refused} of ${f.humans.total} (${pct(f.humans.refused, f.humans.total)})** (goal: at most 0.5 %)${
      Object.keys(f.humans.reasons).length
        ? ` (${Object.entries(f.humans.reasons)
            .map(([why, n]) => `${n} × ${why.replace(/\.$/, '')}`)
            .join('; ')})`
        : ''
    }.`,
    `- Answers 5xx (or none): **${f.serverErrors}**.`,
    '',
    '| scripted trick | entries | refused | why |',
    '| --- | --- | --- | --- |',
    ...rows,
    '',
    '## The draw',
    '',
    '```json',
    JSON.stringify(
      {
        binding: f.binding,
        listed: f.listed,
        enteringSeconds: f.enteringSeconds,
        entryMs: f.entryMs,
        closeToDrawnSeconds: f.closeToDrawnSeconds,
        drawnToToldSeconds: f.drawnToToldSeconds,
        closeToToldSeconds: f.closeToToldSeconds,
        closeToSettledSeconds: f.closeToSettledSeconds,
        intents: f.intents,
        resultMails: f.resultMails,
      },
      null,
      2,
    ),
    '```',
    '',
    '`intents`: the state of every card authorisation an entry started, at the Stripe stand-in, after the settlement (one `succeeded`: the winner; the rest `canceled`). `resultMails`: how many binding entrants got exactly one result mail (`toldOnce` of `entrants`), how many addresses got one at all, and the most any one got. The close → drawn time includes waiting for the beacon round the list names (at least 10 s after the list is written). The times to every entrant told run to the second the last result mail reached the SES stand-in, rounded up (it keeps whole seconds); close → settled to the end of the settlement (every hold cancelled, every mail sent).',
    '',
  ].join('\n')}`;
}
