/**
 * One release draw drawn and settled in its own process, so a test can kill it (SIGKILL) at any
 * request: `node draw-settler-child.ts <drawId>`, with the local stack's environment (Stripe, S3
 * or DynamoDB possibly behind a fault proxy). Closes the draw, waits for its beacon round (asking
 * every 200 ms), draws, settles; prints each step's answer.
 */
import { closeDraw } from '../../functions/draws/close-draw.ts';
import { drawWinner } from '../../functions/draws/draw-winner.ts';
import { settleDraw } from '../../functions/draws/settle-draw.ts';

const [drawId = ''] = process.argv.slice(2);
process.stdout.write(`${JSON.stringify(await closeDraw(drawId))}\n`);
for (;;) {
  const drawn = await drawWinner(drawId);
  process.stdout.write(`${drawn.state}\n`);
  if (drawn.state !== 'waiting') break;
  await new Promise((done) => setTimeout(done, 200));
}
process.stdout.write(`${JSON.stringify(await settleDraw(drawId))}\n`);
