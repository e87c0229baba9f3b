/**
 * The release sender in its own process, so a test can kill it (SIGKILL) in the middle of a
 * batch: `node release-sender-child.ts <releaseId> <ratePerSecond>`, with the local stack's
 * environment (SES possibly pointed at a fault proxy). Prints each run's summary.
 */
import { sendReleases } from '../../functions/members/jobs/send-releases.ts';

const [releaseId = '', rate = '50'] = process.argv.slice(2);
process.stdout.write('sending\n');
const run = await sendReleases({ releaseId, ratePerSecond: Number(rate), runSeconds: 60 });
process.stdout.write(`${JSON.stringify(run)}\n`);
