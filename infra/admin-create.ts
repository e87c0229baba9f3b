import { stdin, stdout } from 'node:process';
import { createInterface } from 'node:readline/promises';
import { addAdmin } from '#staff/admin-auth.ts';
import { cliArgs } from './cli-args.ts';

/**
 * `npm run admin:create -- <username>` creates a staff account (the first one, and any after).
 * The password comes from ADMIN_PASSWORD or is asked for twice on the terminal, never from the
 * command line (shell history); it is stored only as an scrypt hash.
 * The table is TABLE_NAME in the AWS account of the usual AWS_* settings; with `--local` it is
 * the local stack's (`npm start`, DynamoDB Local on DYNAMODB_PORT, default 8000).
 */
const {
  positionals: [username = ''],
  values,
} = cliArgs({
  usage: `usage: npm run admin:create -- <username> [--local]   (password: ADMIN_PASSWORD or prompt)
  --local  the local stack's table (npm start running); else TABLE_NAME with the usual AWS_* settings`,
  options: { local: { type: 'boolean' } },
  positionals: ['username'],
});
if (values.local) {
  Object.assign(process.env, {
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
    AWS_ENDPOINT_URL_DYNAMODB: `http://127.0.0.1:${process.env.DYNAMODB_PORT ?? 8000}`,
    TABLE_NAME: process.env.TABLE_NAME ?? 'boutique',
  });
}

async function askPassword(): Promise<string> {
  if (process.env.ADMIN_PASSWORD) return process.env.ADMIN_PASSWORD;
  if (!stdin.isTTY) throw new Error('set ADMIN_PASSWORD or run this in a terminal');
  const ask = async (question: string) => {
    const rl = createInterface({ input: stdin, output: stdout, terminal: true });
    // Hide what is typed: echo nothing after the question.
    const write = (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput;
    (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput = (s) => {
      if (s.startsWith(question)) write.call(rl, s);
    };
    const answer = await rl.question(question);
    rl.close();
    stdout.write('\n');
    return answer;
  };
  const first = await ask('password (at least 12 characters): ');
  if ((await ask('again: ')) !== first) throw new Error('the passwords differ');
  return first;
}

try {
  const admin = await addAdmin(username, await askPassword());
  console.log(`created admin ${admin.username} in table ${process.env.TABLE_NAME}`);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
